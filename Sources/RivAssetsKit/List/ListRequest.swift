/// What to list: see ``AssetOperations/list(_:)``.
public struct ListRequest: Sendable, Hashable {
    /// The `.riv` files, listed in this order.
    public var inputs: [RequestInput]
    /// Hash every embedded asset (`AssetListing.contentHash`), which reads every
    /// embedded byte; without it, listing touches only the object stream.
    public var contentHashes: Bool
    /// How many files are read at once.
    public var parallelism: Parallelism
    /// Tables show every cell whole instead of cutting long ones (``ListingTable``).
    public var wide = false
    /// Rank the contents that cost the most across every input, this many of them
    /// (``ListingDocument/largest``, ``AssetOperations/largestAssets(_:)``); nil for no
    /// ranking. Ranking hashes every embedded asset, whatever ``contentHashes`` says.
    public var largest: Int? = nil

    /// How many contents `riv-assets list --largest` ranks when given no number.
    public static let defaultLargestCount = 10

    /// A request to list `inputs`.
    public init(inputs: [RequestInput], contentHashes: Bool = true, parallelism: Parallelism = .automatic) {
        self.inputs = inputs
        self.contentHashes = contentHashes
        self.parallelism = parallelism
    }
}
