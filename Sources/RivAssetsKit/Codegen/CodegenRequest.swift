/// What to generate: see ``AssetOperations/codegen(_:)``.
public struct CodegenRequest: Sendable, Hashable {
    /// The access level of the generated declarations.
    public enum Access: String, Sendable, Hashable, CaseIterable {
        /// `public`: for a library that hands the names to its clients.
        case `public`
        /// No modifier (internal): for the module that holds the files.
        case `internal`
    }

    /// The language of the generated code.
    public enum Language: String, Sendable, Hashable, CaseIterable, Codable {
        /// Swift: one enum per file inside the namespace enum, typed constants.
        case swift
        /// Kotlin: one object per file inside the namespace object, data-class constants.
        case kotlin
        /// TypeScript: one `as const` object per file inside the namespace object,
        /// with a type per kind of name.
        case typescript
    }

    /// The `.riv` files, one namespace each, in this order.
    public var inputs: [RequestInput]
    /// Where the source file goes; nil returns the source in the result only.
    public var outputPath: String?
    /// The language of the source.
    public var language: Language
    /// The access level of every declaration (Swift and Kotlin; TypeScript exports everything).
    public var access: Access
    /// The Kotlin package of the file (e.g. `com.example.app`), nil for none; only for Kotlin.
    public var packageName: String?
    /// The name of the outer namespace (an enum, an object), e.g. `RiveAssets`.
    public var namespace: String
    /// Replace a file at ``outputPath`` that is no earlier codegen output (`--force`);
    /// an earlier output is always replaced.
    public var overwrite: Bool

    /// A request to generate names for `inputs` into `outputPath`.
    public init(inputs: [RequestInput], outputPath: String?, language: Language = .swift, access: Access = .internal,
                namespace: String = "RiveAssets", packageName: String? = nil, overwrite: Bool = false) {
        self.inputs = inputs
        self.outputPath = outputPath
        self.language = language
        self.access = access
        self.packageName = packageName
        self.namespace = namespace
        self.overwrite = overwrite
    }
}
