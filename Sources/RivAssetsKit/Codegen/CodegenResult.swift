/// What ``AssetOperations/codegen(_:)`` generated (`riv-assets codegen --json`).
public struct CodegenResult: Codable, Sendable, Equatable {
    /// The version of this result's JSON form: 2 since each file's input is `input` (it was `path`).
    public var schemaVersion = 2
    /// The generated source.
    public var source: String
    /// The file written, when the request named one.
    public var outputPath: String?
    /// False when the file already held exactly this source and was left untouched
    /// (so a build system sees no change).
    public var written: Bool
    /// One entry per input, in input order.
    public var files: [GeneratedNamespace]
    /// Inputs that could not be read; none of their names are in the source.
    public var failures: [InputFailure]
    /// The language of `source`: `swift`, `kotlin` or `typescript`.
    public var language: CodegenRequest.Language
}

/// The names generated for one input.
public struct GeneratedNamespace: Codable, Sendable, Equatable {
    /// The input's path as given.
    public var input: String
    /// The type of its names, e.g. `Hero` (used as `RiveAssets.Hero`).
    public var namespace: String
    /// The constant of each asset in file order, e.g. `logo` (Kotlin: `LOGO`).
    public var constants: [String]
    /// The type of each artboard in file order, e.g. `Main` (used as `RiveAssets.Hero.Main`).
    public var artboards: [String]
    /// The type of each view model in file order, e.g. `Profile` (used as `RiveAssets.Hero.ViewModels.Profile`).
    public var viewModels: [String]
}
