/// Text made safe to place in HTML or XML (the report's pages, the renderer's SVG): every
/// character that could end an attribute, open a tag or start an entity is written as an
/// entity, so a name from a file is always shown as text and never read as markup;
/// control characters become U+FFFD (XML allows none of C0 but tab and newline), and the
/// characters that reorder or break text (bidirectional controls such as U+202E, line and
/// paragraph separators) are spelled out as `\u{202E}`, as on the terminal, so no name
/// can make another look like something else.
package enum MarkupText {
    /// `text` escaped for element content and for quoted attribute values.
    package static func escaped(_ text: String) -> String {
        var result = ""
        result.reserveCapacity(text.utf8.count)
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": result += "&amp;"
            case "<": result += "&lt;"
            case ">": result += "&gt;"
            case "\"": result += "&quot;"
            case "'": result += "&#39;"
            default:
                if scalar.value < 0x20 && scalar != "\n" && scalar != "\t" || (0x7F...0x9F).contains(scalar.value) || scalar.value == 0xFFFE || scalar.value == 0xFFFF {
                    result += "&#xFFFD;"
                } else if scalar != "\n" && scalar != "\t" && isControl(scalar) {
                    result += "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
                } else {
                    result.unicodeScalars.append(scalar)
                }
            }
        }
        return result
    }

    /// Whether `scalar` is a character a terminal or a text layout acts on rather than
    /// shows: C0, DEL, C1, the bidirectional controls (U+061C, U+200E–U+200F,
    /// U+202A–U+202E, U+2066–U+2069) and the line and paragraph separators (U+2028, U+2029).
    package static func isControl(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0..<0x20, 0x7F...0x9F, 0x061C, 0x200E, 0x200F, 0x2028...0x202E, 0x2066...0x2069: true
        default: false
        }
    }
}
