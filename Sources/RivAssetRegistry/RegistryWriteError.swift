import RivFormat

/// Why ``RegisteredRivFile/write(to:skipChecks:overwrite:allowingUnmatched:)`` wrote nothing.
public enum RegistryWriteError: Error, Sendable, Equatable, CustomStringConvertible {
    /// Names registered in the ``AssetRegistry`` match no asset of any file loaded
    /// through it, so writing would silently leave them out.
    case unmatchedNames([UnmatchedName])
    /// The edit or the write itself was refused.
    case edit(RivEditError)

    /// A registered name that matches no asset, and the loaded assets it may have meant.
    public struct UnmatchedName: Sendable, Hashable {
        /// The registered name.
        public let name: String
        /// Its namespace.
        public let type: AssetType
        /// Unique names of loaded assets of the same type and the same name without
        /// the id: the likely intended ones.
        public let nearest: [String]

        /// An unmatched `name` of `type`, with the names it may have meant.
        public init(name: String, type: AssetType, nearest: [String]) {
            self.name = name
            self.type = type
            self.nearest = nearest
        }
    }

    /// One sentence saying what went wrong and how to proceed.
    public var description: String {
        switch self {
        case .unmatchedNames(let names):
            let listed = names.map { name in
                "the \(name.type) \(name.name)" + (name.nearest.isEmpty ? "" : " (did you mean \(name.nearest.prefix(3).joined(separator: ", "))?)")
            }
            return "registered but matching no asset of any loaded file: " + listed.joined(separator: "; ")
                + "; nothing was written (load every file before the first write, so that a name is judged against all of them; "
                + "or write with allowingUnmatched: true and check matchReport() once every file is loaded)"
        case .edit(let error):
            return error.description
        }
    }
}
