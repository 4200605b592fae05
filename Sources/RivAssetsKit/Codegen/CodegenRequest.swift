/// What to generate: see ``AssetOperations/codegen(_:)``.
public struct CodegenRequest: Sendable, Hashable {
    /// The access level of the generated declarations.
    public enum Access: String, Sendable, Hashable, CaseIterable {
        /// `public`: for a library that hands the names to its clients.
        case `public`
        /// No modifier (internal): for the module that holds the files.
        case `internal`
    }

    /// The `.riv` files, one namespace each, in this order.
    public var inputs: [String]
    /// Where the Swift file goes; nil returns the source in the report only.
    public var outputPath: String?
    /// The access level of every declaration.
    public var access: Access
    /// The name of the outer namespace (an enum), e.g. `RiveAssets`.
    public var namespace: String

    /// A request to generate names for `inputs` into `outputPath`.
    public init(inputs: [String], outputPath: String?, access: Access = .internal, namespace: String = "RiveAssets") {
        self.inputs = inputs
        self.outputPath = outputPath
        self.access = access
        self.namespace = namespace
    }
}
