/// What to inspect: see ``AssetOperations/inspect(_:)``.
public struct InspectRequest: Sendable, Hashable {
    /// The `.riv` files, reported in this order.
    public var inputs: [RequestInput]
    /// How many files are read at once.
    public var parallelism: Parallelism

    /// A request to inspect `inputs`.
    public init(inputs: [RequestInput], parallelism: Parallelism = .automatic) {
        self.inputs = inputs
        self.parallelism = parallelism
    }
}
