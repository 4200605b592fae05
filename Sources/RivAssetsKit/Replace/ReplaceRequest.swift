import RivFormat

/// What to replace: see ``AssetOperations/replace(_:)``.
public struct ReplaceRequest: Sendable, Hashable {
    /// New bytes for the assets of one type and unique name, read from a file.
    public struct Replacement: Sendable, Hashable {
        /// The namespace: `.image`, `.font` or `.audio`.
        public var type: AssetType
        /// The unique name it replaces (`logo-12`).
        public var name: String
        /// The file holding the new bytes.
        public var path: String

        /// New bytes from `path` for the `type` asset `name`.
        public init(type: AssetType, name: String, path: String) {
            self.type = type
            self.name = name
            self.path = path
        }
    }

    /// The `.riv` files to rewrite.
    public var inputs: [String]
    /// Where the rewritten files go.
    public var destination: OutputDestination
    /// A folder whose every file replaces the asset named like it without its
    /// extension, in the namespace its content's format belongs to.
    public var replacementFolder: String?
    /// Replacements named one by one; they win over a folder's file of the same name.
    public var replacements: [Replacement]
    /// Embed bytes whose format does not suit the asset, and change signed contents.
    public var force: Bool
    /// How many inputs are worked on at once.
    public var parallelism: Parallelism

    /// A request to rewrite `inputs` into `destination` with the given replacements.
    public init(inputs: [String], destination: OutputDestination, replacementFolder: String? = nil,
                replacements: [Replacement] = [], force: Bool = false, parallelism: Parallelism = .automatic) {
        self.inputs = inputs
        self.destination = destination
        self.replacementFolder = replacementFolder
        self.replacements = replacements
        self.force = force
        self.parallelism = parallelism
    }
}
