import Foundation
import RivFormat

/// Writes the Swift source of ``AssetOperations/codegen(_:)``: the namespace enum,
/// a struct per generated type (``APITypes``) and one enum per file (its
/// ``CodeNode`` tree). The standard library is named `Swift.String`,
/// `Swift.Hashable`, ..., so that a file, artboard or view model called `String`
/// cannot hide it.
struct SwiftSource: CodegenWriter {
    let access: CodegenRequest.Access
    private(set) var text = ""

    private var modifier: String { access == .public ? "public " : "" }

    init(namespace: String, access: CodegenRequest.Access) {
        self.access = access
        let m = access == .public ? "public " : ""
        text = """
        \(GeneratedSourceMark.prefix) codegen. Do not edit: run it again when the .riv files change.

        /// The app's Rive files, one namespace per file: the names of everything an app
        /// addresses in them (artboards, state machines and their inputs, animations,
        /// text runs, events, nested artboards, view models) and their assets.
        \(m)enum \(namespace) {

        """
        for declaration in APITypes.declarations { declare(declaration) }
    }

    /// A struct for `declaration`; the asset's also holds its `Location` enum and `uniqueFilename`.
    private mutating func declare(_ declaration: APITypes.Declaration) {
        let m = modifier
        if declaration.name != APITypes.all.first { line(1, "") }
        doc(1, declaration.doc)
        line(1, "\(m)struct \(declaration.name): Swift.Hashable, Swift.Sendable {")
        if declaration.name == "Asset" {
            doc(2, "Where a runtime finds the asset's bytes.")
            line(2, "\(m)enum Location: Swift.String, Swift.Hashable, Swift.Sendable {")
            for (location, text) in APITypes.locations {
                doc(3, text)
                line(3, "case \(location.rawValue)")
            }
            line(2, "}")
            line(2, "")
        }
        for field in declaration.fields {
            let type = switch field.type {
            case .string: "Swift.String"
            case .optionalString: "Swift.String?"
            case .bool: "Swift.Bool"
            case .number: "Swift.Double"
            case .location: "Location"
            }
            doc(2, field.doc)
            line(2, "\(m)let \(field.name): \(type)")
        }
        if declaration.name == "Asset" {
            doc(2, APITypes.uniqueFilenameDoc)
            line(2, "\(m)var uniqueFilename: Swift.String { uniqueName + \".\" + fileExtension }")
        }
        line(1, "}")
    }

    /// Appends the enum of one file.
    mutating func append(_ file: CodeNode) {
        line(1, "")
        render(file, depth: 1)
    }

    private mutating func render(_ node: CodeNode, depth: Int) {
        let m = modifier
        switch node {
        case .scope(let name, let text, let members):
            doc(depth, text)
            line(depth, "\(m)enum \(name) {")
            for member in members { render(member, depth: depth + 1) }
            line(depth, "}")
        case .text(let name, let text, let value):
            doc(depth, text)
            line(depth, "\(m)static let \(name): Swift.String = \(Self.literal(value))")
        case .value(let name, let text, let type, let fields):
            if let text { doc(depth, text) }
            let arguments = fields.map { "\($0.label): \(Self.expression($0.value))" }.joined(separator: ", ")
            line(depth, "\(m)static let \(name) = \(type)(\(arguments))")
        case .list(let name, let text, let type, let items):
            doc(depth, text)
            line(depth, "\(m)static let \(name): [\(type)] = [\(items.joined(separator: ", "))]")
        }
    }

    private static func expression(_ value: CodeValue) -> String {
        switch value {
        case .string(let text): literal(text)
        case .optionalString(let text): text.map(literal) ?? "nil"
        case .bool(let flag): "\(flag)"
        case .number(let number): literal(number)
        case .location(let location): ".\(location.rawValue)"
        }
    }

    private mutating func doc(_ depth: Int, _ text: String) {
        for part in text.split(separator: "\n", omittingEmptySubsequences: false) { line(depth, "/// " + SourceText.comment(String(part))) }
    }

    private mutating func line(_ depth: Int, _ content: String) {
        text += content.isEmpty ? "\n" : String(repeating: "    ", count: depth) + content + "\n"
    }

    /// The finished source.
    func finished() -> String { text + "}\n" }

    /// A Swift string literal of `text`: ASCII as itself, everything else as `\u{...}`.
    static func literal(_ text: String) -> String {
        var out = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case " "..."~": out.unicodeScalars.append(scalar)
            default: out += "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
            }
        }
        return out + "\""
    }

    /// A Swift expression of `number`: its shortest decimal form, or the standard library's name for infinity and NaN.
    static func literal(_ number: Double) -> String {
        if number.isNaN { return "Swift.Double.nan" }
        if number.isInfinite { return number < 0 ? "-Swift.Double.infinity" : "Swift.Double.infinity" }
        return "\(number)"
    }
}
