/// What to shrink: see ``AssetOperations/shrink(_:)``.
public struct ShrinkRequest: Sendable, Hashable {
    /// The files to shrink, where the shrunk files go, and how they are written;
    /// with fewer inputs than threads, the rest work on the assets of each input.
    public var rewrite: RewriteOptions
    /// Characters every embedded font keeps besides those its text runs hold:
    /// what an app may set at run time (`--keep-characters`, `--keep-file`, `--keep`).
    /// Given, a font used by a data-bound text run is subset too, to its runs'
    /// characters and these.
    public var keptCharacters: Set<Unicode.Scalar>
    /// Which assets to shrink (`--type font`, `--type image`); fonts and PNG images
    /// are the only kinds shrink rewrites, so other categories change nothing.
    public var types: AssetTypeFilter

    /// A request to shrink as `rewrite` says.
    public init(_ rewrite: RewriteOptions, keptCharacters: Set<Unicode.Scalar> = [], types: AssetTypeFilter = .all) {
        self.rewrite = rewrite
        self.keptCharacters = keptCharacters
        self.types = types
    }

    /// A request to shrink `inputs` into `destination`.
    public init(inputs: [RequestInput], destination: OutputDestination, keptCharacters: Set<Unicode.Scalar> = [],
                types: AssetTypeFilter = .all, overwrite: Bool = false, dryRun: Bool = false, parallelism: Parallelism = .automatic) {
        self.init(RewriteOptions(inputs: inputs, destination: destination, overwrite: overwrite, dryRun: dryRun, parallelism: parallelism),
                  keptCharacters: keptCharacters, types: types)
    }
}
