/// The operations of riv-assets, for build pipelines and apps: each takes a typed
/// request and returns a typed, `Codable` result — the result the command-line
/// tool prints with `--json`, and the very code it runs.
///
/// ```swift
/// import RivAssetsKit
///
/// let result = try await AssetOperations.extract(ExtractRequest(inputs: ["hero.riv"], outputFolder: "assets"))
/// for file in result.files { print(file.path, file.bytes) }
/// if !result.failures.isEmpty { exit(1) }
/// ```
///
/// Many inputs are worked on in parallel; results keep the input order. A request
/// that cannot be carried out as given throws ``RequestError`` before anything is
/// read or written; a failure of one input is recorded in the result and does not
/// stop the others.
public enum AssetOperations {}
