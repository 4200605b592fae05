import Foundation
import RivAssetRegistry
import RivFormat

/// Writes the Kotlin source of ``AssetOperations/codegen(_:)``: an optional
/// `package` line, the namespace object with one data class per generated type
/// (``APITypes``), and one nested object per file (its ``CodeNode`` tree); values
/// are built with named arguments, in getters: an object's initialiser is one JVM
/// method of at most 64 KiB, which a file of a few thousand assets would outgrow. Types are UpperCamelCase objects,
/// constants SCREAMING_SNAKE_CASE as Kotlin's conventions name an object's
/// immutable values (`RiveAssets.Hero.Main.Flow.LEVEL`); names are held as
/// `const val` strings where Kotlin allows it. The standard library is named
/// `kotlin.String`, `kotlin.collections.List`, ..., so that no generated object
/// hides it.
struct KotlinSource: CodegenWriter {
    /// Kotlin's rule: its hard keywords; Unicode 6.0 letters without combining
    /// marks (the lexer's letters); constants in SCREAMING_SNAKE_CASE; names that
    /// differ only in case are one name, and type names at most 48 UTF-8 bytes,
    /// because each nested object is a class file named after all its outer ones.
    static let identifiers = IdentifierRule(reserved: [
        "as", "break", "class", "continue", "do", "else", "false", "for", "fun", "if", "in", "interface", "is", "null",
        "object", "package", "return", "super", "this", "throw", "true", "try", "typealias", "typeof", "val", "var",
        "when", "while",
    ], letters: .unicode6(marks: false), constantCase: .screamingSnake, foldsCase: true, maxTypeBytes: 48)

    private(set) var text = ""

    init(namespace: String, access: CodegenRequest.Access, packageName: String?) {
        let modifier = access == .public ? "public" : "internal"
        text = GeneratedSourceMark.prefix + " codegen. Do not edit: run it again when the .riv files change.\n"
        if let packageName { text += "\npackage \(packageName)\n" }
        text += """

        /**
         * The app's Rive files, one object per file: the names of everything an app
         * addresses in them (artboards, state machines and their inputs, animations,
         * text runs, events, nested artboards, view models) and their assets.
         */
        \(modifier) object \(namespace) {

        """
        for declaration in APITypes.declarations { declare(declaration) }
    }

    /// A data class for `declaration`; the asset's also holds its `Location` enum and `uniqueFilename`.
    private mutating func declare(_ declaration: APITypes.Declaration) {
        doc(1, declaration.doc)
        line(1, "data class \(declaration.name)(")
        for (index, field) in declaration.fields.enumerated() {
            let type = switch field.type {
            case .string: "kotlin.String"
            case .optionalString: "kotlin.String?"
            case .bool: "kotlin.Boolean"
            case .number: "kotlin.Float"
            case .location: "Location"
            }
            doc(2, field.doc)
            line(2, "val \(field.name): \(type)" + (index + 1 < declaration.fields.count ? "," : ""))
        }
        guard declaration.name == "Asset" else { return line(1, ")") }
        line(1, ") {")
        doc(2, APITypes.uniqueFilenameDoc)
        line(2, "val uniqueFilename: kotlin.String get() = uniqueName + \".\" + fileExtension")
        line(2, "")
        doc(2, "Where a runtime finds the asset's bytes.")
        line(2, "enum class Location {")
        for (index, (location, text)) in APITypes.locations.enumerated() {
            doc(3, text)
            line(3, location.rawValue.uppercased() + (index + 1 < APITypes.locations.count ? "," : ""))
        }
        line(2, "}")
        line(1, "}")
    }

    /// Appends the object of one file.
    mutating func append(_ file: CodeNode) {
        line(1, "")
        render(file, depth: 1)
    }

    private mutating func render(_ node: CodeNode, depth: Int) {
        switch node {
        case .scope(let name, let text, let members):
            doc(depth, text)
            line(depth, "object \(name) {")
            for member in members { render(member, depth: depth + 1) }
            line(depth, "}")
        case .text(let name, let text, let value):
            doc(depth, text)
            line(depth, "const val \(name): kotlin.String = \(Self.literal(value))")
        case .value(let name, let text, let type, let fields):
            if let text { doc(depth, text) }
            let arguments = fields.map { "\($0.label) = \(Self.expression($0.value))" }.joined(separator: ", ")
            line(depth, "val \(name): \(type) get() = \(type)(\(arguments))")
        case .list(let name, let text, let type, let items):
            doc(depth, text)
            line(depth, "val \(name): kotlin.collections.List<\(type)> get() = kotlin.collections.listOf(\(items.joined(separator: ", ")))")
        }
    }

    private static func expression(_ value: CodeValue) -> String {
        switch value {
        case .string(let text): literal(text)
        case .optionalString(let text): text.map(literal) ?? "null"
        case .bool(let flag): "\(flag)"
        case .number(let number): literal(Float(number))
        case .location(let location): "Asset.Location.\(location.rawValue.uppercased())"
        }
    }

    /// A KDoc comment of `text`, its lines joined.
    private mutating func doc(_ depth: Int, _ text: String) {
        line(depth, "/** " + SourceText.comment(text.replacingOccurrences(of: "\n", with: " "), block: true) + " */")
    }

    private mutating func line(_ depth: Int, _ content: String) {
        text += content.isEmpty ? "\n" : String(repeating: "    ", count: depth) + content + "\n"
    }

    /// The finished source.
    func finished() -> String { text + "}\n" }

    /// A Kotlin string literal of `text`: printable ASCII as itself (`$` escaped, it
    /// would start a template), everything else as `\uXXXX`.
    static func literal(_ text: String) -> String { SourceText.utf16Literal(text, escaping: ["$"]) }

    /// A Kotlin `Float` expression of `number`: its shortest decimal form with `f`, or
    /// the standard library's name for infinity and NaN.
    static func literal(_ number: Float) -> String {
        if number.isNaN { return "kotlin.Float.NaN" }
        if number.isInfinite { return number < 0 ? "kotlin.Float.NEGATIVE_INFINITY" : "kotlin.Float.POSITIVE_INFINITY" }
        return "\(number)f"
    }
}
