/// Text every language's writer puts in its source: comments and the string
/// literals of the languages whose escapes are UTF-16 code units.
enum SourceText {
    /// Text for a comment: printable ASCII, everything else `?`; with `block`, no
    /// `/*` or `*/` either (they would open or close a block comment).
    static func comment(_ text: String, block: Bool = false) -> String {
        let printable = String(String.UnicodeScalarView(text.unicodeScalars.map { (" "..."~").contains($0) ? $0 : "?" }))
        return block ? printable.replacingOccurrences(of: "*/", with: "* /").replacingOccurrences(of: "/*", with: "/ *") : printable
    }

    /// A double-quoted literal of `text` with printable ASCII as itself, `"`, `\`
    /// and each of `escaped` behind a backslash, and everything else as `\uXXXX`
    /// per UTF-16 code unit (Kotlin, TypeScript).
    static func utf16Literal(_ text: String, escaping escaped: Set<Unicode.Scalar> = []) -> String {
        var out = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"", "\\": out += "\\" + String(scalar)
            case _ where escaped.contains(scalar): out += "\\" + String(scalar)
            case " "..."~": out.unicodeScalars.append(scalar)
            default:
                for unit in String(scalar).utf16 {
                    let hex = String(unit, radix: 16, uppercase: true)
                    out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
                }
            }
        }
        return out + "\""
    }
}
