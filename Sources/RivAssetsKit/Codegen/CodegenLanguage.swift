import RivAssetRegistry
/// What each language brings to the one model (``APINames``): its identifier
/// rule, the names its types must not take, the check of the namespace, and the
/// writer of its source.
extension CodegenRequest.Language {
    /// The language's name as a developer writes it.
    var displayName: String {
        switch self {
        case .swift: "Swift"
        case .kotlin: "Kotlin"
        case .typescript: "TypeScript"
        }
    }

    /// The language's identifier rule.
    var identifiers: IdentifierRule {
        switch self {
        case .swift: .swift
        case .kotlin: KotlinSource.identifiers
        case .typescript: TypeScriptSource.identifiers
        }
    }

    /// The names a generated type (a file, artboard, state machine or view model)
    /// keeps clear of, besides the reserved words: in Swift and Kotlin the generated
    /// types and the namespace, which a nested type of that name would hide from the
    /// code inside it, and in Swift the `Swift` module; TypeScript's object keys hide nothing.
    func avoidedTypes(namespace: String) -> Set<String> {
        switch self {
        case .swift: Set(["Swift", namespace] + APITypes.all)
        case .kotlin: Set([namespace] + APITypes.all)
        case .typescript: []
        }
    }

    /// The names a Swift namespace must not take: the modules and standard-library
    /// types the generated code names (`Swift.String`, ...) and `Foundation`, which a
    /// type of that name would hide from the code beside it in the app's module.
    static let swiftShadowedByNamespace: Set<String> = ["Swift", "Foundation", "String", "Bool", "Double", "Hashable", "Sendable"]

    /// Why `namespace` cannot name the outer enum or object, nil when it can: it
    /// must be a type name as the language's rule would spell it
    /// (``IdentifierRule/type(_:fallback:avoiding:)``), no reserved word, no
    /// generated type, and (Swift) hide nothing the generated code names.
    func namespaceProblem(_ namespace: String) -> String? {
        let example = "choose another, such as RiveAssets"
        if identifiers.reserved.contains(namespace) {
            return "the namespace '\(namespace)' is a \(displayName) keyword: \(example)"
        }
        if self == .swift, Self.swiftShadowedByNamespace.contains(namespace) {
            return "the namespace '\(namespace)' would hide \(namespace == "Swift" || namespace == "Foundation" ? "the module" : "the standard library's type") "
                + "'\(namespace)' from the generated code and the rest of the app's module: \(example)"
        }
        if APITypes.all.contains(namespace) {
            let place = self == .typescript ? "beside it" : "inside it (RiveAssets.\(namespace))"
            return "the namespace '\(namespace)' is the name of a type the generated code declares \(place): \(example)"
        }
        guard identifiers.type(namespace, fallback: "RiveAssets") == namespace else {
            return "the namespace must be a \(displayName) type name such as RiveAssets, not '\(namespace)'"
        }
        return nil
    }

    /// Why `packageName` cannot be used, nil when it can: only Kotlin has packages,
    /// and each of its dot-separated parts is an ASCII identifier, no keyword and not
    /// only underscores (names Kotlin reserves).
    func packageProblem(_ packageName: String) -> String? {
        guard self == .kotlin else { return "a package name applies to Kotlin only, not \(displayName)" }
        let parts = packageName.split(separator: ".", omittingEmptySubsequences: false)
        for part in parts {
            let valid = !part.isEmpty && part.unicodeScalars.allSatisfy { $0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0) || $0 == "_") }
                && !("0"..."9").contains(part.unicodeScalars.first!) && !part.allSatisfy { $0 == "_" }
            if !valid || identifiers.reserved.contains(String(part)) {
                return "the package '\(packageName)' must be dot-separated Kotlin identifiers such as com.example.app ('\(part)' is not one)"
            }
        }
        return nil
    }

    /// A writer of this language's source for `request`.
    func writer(_ request: CodegenRequest) -> any CodegenWriter {
        switch self {
        case .swift: SwiftSource(namespace: request.namespace, access: request.access)
        case .kotlin: KotlinSource(namespace: request.namespace, access: request.access, packageName: request.packageName)
        case .typescript: TypeScriptSource(namespace: request.namespace)
        }
    }
}

/// The source of one language, written file by file from the model.
protocol CodegenWriter {
    /// Appends the tree of one file (``APINames/outline(path:numbered:)``).
    mutating func append(_ file: CodeNode)
    /// The finished source.
    func finished() -> String
}
