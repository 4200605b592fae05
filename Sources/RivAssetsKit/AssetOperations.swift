/// The operations of riv-assets, for build pipelines and apps: each takes a typed
/// request and returns a typed, `Codable` report — the report the command-line
/// tool prints with `--json`, and the very code it runs.
///
/// ```swift
/// import RivAssetsKit
///
/// let report = try await AssetOperations.extract(ExtractRequest(inputs: ["hero.riv"], outputFolder: "assets"))
/// for file in report.files { print(file.path, file.bytes) }
/// if !report.failures.isEmpty { exit(1) }
/// ```
///
/// Many inputs are worked on in parallel; reports keep the input order. A request
/// that cannot be carried out as given throws ``RequestError`` before anything is
/// read or written; a failure of one input is recorded in the report and does not
/// stop the others.
public enum AssetOperations {}
