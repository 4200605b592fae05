import RivFormat
import RivAssetRegistry
import RivSupport

/// What to replace: see ``AssetOperations/replace(_:)``.
public struct ReplaceRequest: Sendable, Hashable {
    /// New bytes for the assets of one type whose name matches, read from a file.
    public struct Replacement: Sendable, Hashable {
        /// The namespace: `.image`, `.font` or `.audio`.
        public var type: AssetType
        /// The unique name it replaces (`logo-12`), or a shell pattern (`'Inter-*'`);
        /// with ``ReplaceRequest/matchingByName`` the asset's name without the id.
        public var name: String
        /// The file holding the new bytes.
        public var path: String

        /// New bytes from `path` for the `type` assets `name` matches.
        public init(type: AssetType, name: String, path: String) {
            self.type = type
            self.name = name
            self.path = path
        }

        /// Whether ``name`` is a shell pattern rather than one name.
        public var isPattern: Bool { WildcardPattern.isPattern(name) }
    }

    /// The files to rewrite, where the rewritten files go, and how they are written.
    public var rewrite: RewriteOptions
    /// A folder whose every image, font or audio file replaces the asset named like
    /// it without its extension, in the namespace its content's format belongs to.
    /// Other files are skipped with a note.
    public var replacementFolder: String?
    /// Replacements named one by one. They win over a folder's file for the same
    /// asset; among them an exact name wins over a pattern, and of two patterns the
    /// first given.
    public var replacements: [Replacement]
    /// Match on the asset's name without its extension and id (`Inter` for
    /// `Inter.ttf`, unique name `Inter-594377`), the same in every file, instead of
    /// the unique name.
    public var matchingByName: Bool
    /// Embed bytes whose format does not suit the asset, and change signed contents.
    public var skipChecks: Bool
    /// Write the outputs even when a named replacement matches no asset of any
    /// input (`--allow-unmatched`). Without it such a request fails as a whole:
    /// nothing is written or created, and the result names the replacement with
    /// what it probably meant. A folder's files that match nothing never fail it.
    public var allowsUnmatched: Bool
    /// The most bytes one replacement file may have (named or in the folder): a
    /// larger one is refused, naming it, before it is read. A watched folder
    /// holds its files in memory, so this bounds what a file dropped in it costs.
    public var maximumFileSize: Int

    /// A request to rewrite as `rewrite` says with the given replacements.
    public init(_ rewrite: RewriteOptions, replacementFolder: String? = nil, replacements: [Replacement] = [],
                matchingByName: Bool = false, skipChecks: Bool = false, allowsUnmatched: Bool = false,
                maximumFileSize: Int = AssetFolder.defaultMaximumFileSize) {
        self.rewrite = rewrite
        self.replacementFolder = replacementFolder
        self.replacements = replacements
        self.matchingByName = matchingByName
        self.skipChecks = skipChecks
        self.allowsUnmatched = allowsUnmatched
        self.maximumFileSize = maximumFileSize
    }

    /// A request to rewrite `inputs` into `destination` with the given replacements.
    public init(inputs: [RequestInput], destination: OutputDestination, replacementFolder: String? = nil,
                replacements: [Replacement] = [], matchingByName: Bool = false, skipChecks: Bool = false,
                overwrite: Bool = false, dryRun: Bool = false, allowsUnmatched: Bool = false, parallelism: Parallelism = .automatic,
                maximumFileSize: Int = AssetFolder.defaultMaximumFileSize) {
        self.init(RewriteOptions(inputs: inputs, destination: destination, overwrite: overwrite, dryRun: dryRun, parallelism: parallelism),
                  replacementFolder: replacementFolder, replacements: replacements, matchingByName: matchingByName, skipChecks: skipChecks,
                  allowsUnmatched: allowsUnmatched, maximumFileSize: maximumFileSize)
    }
}
