import Foundation
import RivAssetRegistry
import RivFormat

/// Writes the TypeScript source of ``AssetOperations/codegen(_:)``: one exported
/// interface per generated type (``APITypes``), each with a `kind` field holding
/// its own name so that the compiler tells the kinds apart, and the namespace as
/// one exported `as const` object (with a type of the same name) holding one
/// object per file (its ``CodeNode`` tree). Assets are declared before it, so
/// that a file's `all` can list them. The strings are what Rive's web runtime takes (`artboard`,
/// `stateMachines`, `stateMachineInputs`, `setTextRunValue`, an `assetLoader`
/// comparing `asset.uniqueFilename`); the file imports nothing.
struct TypeScriptSource: CodegenWriter {
    /// TypeScript's rule: the words JavaScript reserves in strict code and
    /// `eval` and `arguments`, which a strict module cannot bind; Unicode 6.0
    /// letters and combining marks; constants in lowerCamelCase.
    static let identifiers = IdentifierRule(reserved: [
        "break", "case", "catch", "class", "const", "continue", "debugger", "default", "delete", "do", "else", "enum",
        "export", "extends", "false", "finally", "for", "function", "if", "import", "in", "instanceof", "new", "null",
        "return", "super", "switch", "this", "throw", "true", "try", "typeof", "var", "void", "while", "with",
        "implements", "interface", "let", "package", "private", "protected", "public", "static", "yield", "await",
        "eval", "arguments", "undefined", "NaN", "Infinity",
    ], letters: .unicode6(marks: true), constantCase: .lowerCamel)

    private let namespace: String
    private var declarations = ""
    /// The asset objects, declared before the namespace.
    private var assets = ""
    private var body = ""
    /// The variable of each asset constant of the scope being written, for its `all`.
    private var assetVariables: [String: String] = [:]
    /// How many assets are declared so far; the n-th is `asset$n`.
    private var assetCount = 0

    init(namespace: String) {
        self.namespace = namespace
        for declaration in APITypes.declarations { declare(declaration) }
    }

    /// An interface for `declaration`, with `kind` first; the asset's also holds `uniqueFilename`.
    private mutating func declare(_ declaration: APITypes.Declaration) {
        var members = [("kind", "\"\(declaration.name)\"", "The kind of name, for telling kinds apart.")]
        for field in declaration.fields {
            let type = switch field.type {
            case .string: "string"
            case .optionalString: "string | null"
            case .bool: "boolean"
            case .number: "number"
            case .location: APITypes.locations.map { "\"\($0.0.rawValue)\"" }.joined(separator: " | ")
            }
            let doc = field.type == .location
                ? field.doc + " " + APITypes.locations.map { "`\($0.0.rawValue)`: \($0.1)" }.joined(separator: " ") : field.doc
            members.append((field.name, type, doc))
            if field.name == "uniqueName", declaration.name == "Asset" { members.append(("uniqueFilename", "string", APITypes.uniqueFilenameDoc)) }
        }
        declarations += "\n/** \(Self.comment(declaration.doc)) */\nexport interface \(declaration.name) {\n"
            + members.map { "    /** \(Self.comment($0.2)) */\n    readonly \($0.0): \($0.1);\n" }.joined() + "}\n"
    }

    /// Appends the object of one file.
    mutating func append(_ file: CodeNode) { render(file, depth: 1) }

    private mutating func render(_ node: CodeNode, depth: Int) {
        switch node {
        case .scope(let name, let text, let members):
            doc(depth, text)
            line(depth, "\(name): {")
            for member in members { render(member, depth: depth + 1) }
            line(depth, "},")
        case .text(let name, let text, let value):
            doc(depth, text)
            line(depth, "\(name): \(Self.literal(value)),")
        case .value(let name, let text, let type, var fields):
            if let text { doc(depth, text) }
            guard type == "Asset" else { return line(depth, "\(name): \(Self.object(type, fields)),") }
            if let index = fields.firstIndex(where: { $0.label == "uniqueName" }), case .string(let unique) = fields[index].value,
               case .string(let fileExtension)? = fields.first(where: { $0.label == "fileExtension" })?.value {
                fields.insert(("uniqueFilename", .string(unique + "." + fileExtension)), at: index + 1)
            }
            assetCount += 1
            let variable = "asset$\(assetCount)"
            assets += "const \(variable) = \(Self.object(type, fields)) as const;\n"
            assetVariables[name] = variable
            line(depth, "\(name): \(variable),")
        case .list(let name, let text, _, let items):
            doc(depth, text)
            line(depth, "\(name): [\(items.compactMap { assetVariables[$0] }.joined(separator: ", "))],")
            assetVariables = [:]
        }
    }

    /// An object literal of kind `kind` with `fields`.
    private static func object(_ kind: String, _ fields: [(label: String, value: CodeValue)]) -> String {
        "{ kind: \"\(kind)\", " + fields.map { "\($0.label): \(expression($0.value))" }.joined(separator: ", ") + " }"
    }

    private static func expression(_ value: CodeValue) -> String {
        switch value {
        case .string(let text): literal(text)
        case .optionalString(let text): text.map(literal) ?? "null"
        case .bool(let flag): "\(flag)"
        case .number(let number): literal(number)
        case .location(let location): literal(location.rawValue)
        }
    }

    /// A JSDoc comment of `text`, its lines joined.
    private mutating func doc(_ depth: Int, _ text: String) {
        line(depth, "/** " + Self.comment(text.replacingOccurrences(of: "\n", with: " ")) + " */")
    }

    private mutating func line(_ depth: Int, _ content: String) {
        body += String(repeating: "    ", count: depth) + content + "\n"
    }

    /// The finished source.
    func finished() -> String {
        """
        \(GeneratedSourceMark.prefix) codegen. Do not edit: run it again when the .riv files change.
        \(declarations)
        \(assets)
        /**
         * The app's Rive files, one object per file: the names of everything an app
         * addresses in them (artboards, state machines and their inputs, animations,
         * text runs, events, nested artboards, view models) and their assets.
         */
        export const \(namespace) = {
        \(body)} as const;

        /** The type of `\(namespace)`, for naming its parts (`\(namespace)["Hero"]["Main"]`). */
        export type \(namespace) = typeof \(namespace);

        """
    }

    /// A TypeScript string literal of `text`: printable ASCII as itself, everything else as `\uXXXX`.
    static func literal(_ text: String) -> String { SourceText.utf16Literal(text) }

    /// A TypeScript expression of `number`: its shortest decimal form, `NaN` or `±Infinity`.
    static func literal(_ number: Double) -> String {
        if number.isNaN { return "NaN" }
        if number.isInfinite { return number < 0 ? "-Infinity" : "Infinity" }
        return "\(number)"
    }

    /// Text for a JSDoc comment.
    static func comment(_ text: String) -> String { SourceText.comment(text, block: true) }
}
