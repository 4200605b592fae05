/// What to compare: see ``AssetOperations/diff(_:)``.
public struct DiffRequest: Sendable, Hashable {
    /// An old and a new version: two `.riv` files, or two folders whose `.riv` files
    /// (at any depth) are matched by their path inside the folder.
    public struct Pair: Sendable, Hashable {
        /// The old file or folder.
        public var old: String
        /// The new file or folder.
        public var new: String

        /// A pair comparing `old` with `new`.
        public init(old: String, new: String) {
            self.old = old
            self.new = new
        }
    }

    /// The pairs, reported in this order.
    public var pairs: [Pair]
    /// How many files are read at once.
    public var parallelism: Parallelism

    /// A request to compare each of `pairs`.
    public init(pairs: [Pair], parallelism: Parallelism = .automatic) {
        self.pairs = pairs
        self.parallelism = parallelism
    }
}
