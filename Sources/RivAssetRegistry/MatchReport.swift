import RivFormat
/// What an ``AssetRegistry``'s registrations do to the files loaded through it.
public struct MatchReport: Sendable, Hashable {
    /// One asset a registration replaces.
    public struct Replacement: Sendable, Hashable {
        /// The file's path, when it was loaded from one.
        public let path: String?
        /// The asset's unique name.
        public let uniqueName: String
        /// The asset's type.
        public let type: AssetType
    }

    /// One registered name that matches no asset.
    public struct UnmatchedName: Sendable, Hashable {
        /// The registered name.
        public let name: String
        /// Its namespace.
        public let type: AssetType
    }

    /// Every asset of every loaded file that a registration replaces, in load and file order.
    public let replaced: [Replacement]
    /// Registered names that match no asset of any loaded file.
    public let unmatched: [UnmatchedName]
}
