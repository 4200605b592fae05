/// What to shrink: see ``AssetOperations/shrink(_:)``.
public struct ShrinkRequest: Sendable, Hashable {
    /// The `.riv` files to shrink.
    public var inputs: [String]
    /// Where the shrunk files go.
    public var destination: OutputDestination
    /// Characters every embedded font keeps besides those its text runs hold:
    /// what an app may set at run time (`--keep-characters`, `--keep-file`, `--keep`).
    /// Given, a font used by a data-bound text run is subset too, to its runs'
    /// characters and these.
    public var keptCharacters: Set<Unicode.Scalar>
    /// Which assets to shrink (`--type font`, `--type image`); fonts and PNG images
    /// are the only kinds shrink rewrites, so other categories change nothing.
    public var types: AssetTypeFilter
    /// Replace output files that exist.
    public var overwrite: Bool
    /// Report what would change without writing anything.
    public var dryRun: Bool
    /// How many threads shrink inputs at once; with fewer inputs than threads, the
    /// rest work on the assets of each input.
    public var parallelism: Parallelism

    /// A request to shrink `inputs` into `destination`.
    public init(inputs: [String], destination: OutputDestination, keptCharacters: Set<Unicode.Scalar> = [],
                types: AssetTypeFilter = .all, overwrite: Bool = false, dryRun: Bool = false, parallelism: Parallelism = .automatic) {
        self.inputs = inputs
        self.destination = destination
        self.keptCharacters = keptCharacters
        self.types = types
        self.overwrite = overwrite
        self.dryRun = dryRun
        self.parallelism = parallelism
    }
}
