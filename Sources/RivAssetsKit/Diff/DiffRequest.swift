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
    /// A folder to write, for each artboard both versions of a file hold, both pictures
    /// and their difference (``ArtboardPictures``); nil: none.
    public var pictures: String?
    /// The pictures' width in pixels (their height keeps the old artboard's aspect).
    public var pictureWidth = 512
    /// Whether existing picture files may be replaced.
    public var overwrite = false

    /// A request to compare each of `pairs`.
    public init(pairs: [Pair], parallelism: Parallelism = .automatic, pictures: String? = nil) {
        self.pairs = pairs
        self.parallelism = parallelism
        self.pictures = pictures
    }
}
