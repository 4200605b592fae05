/// What to list: see ``AssetOperations/list(_:)``.
public struct ListRequest: Sendable, Hashable {
    /// The `.riv` files, listed in this order.
    public var inputs: [String]
    /// Hash every embedded asset (`AssetListing.contentHash`), which reads every
    /// embedded byte; without it, listing touches only the object stream.
    public var contentHashes: Bool
    /// How many files are read at once.
    public var parallelism: Parallelism
    /// Tables show every cell whole instead of cutting long ones (``ListingTable``).
    public var wide = false

    /// A request to list `inputs`.
    public init(inputs: [String], contentHashes: Bool = true, parallelism: Parallelism = .automatic) {
        self.inputs = inputs
        self.contentHashes = contentHashes
        self.parallelism = parallelism
    }
}
