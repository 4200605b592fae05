import Foundation

/// Text made safe to place in HTML: every character that could end an attribute,
/// open a tag or start an entity is written as an entity, so a name from a file
/// is always shown as text and never read as markup; control characters become
/// U+FFFD, and the characters that reorder or break text (bidirectional controls
/// such as U+202E, line and paragraph separators) are spelled out as `\u{202E}`,
/// as on the terminal, so no name can make another look like something else.
enum HTMLText {
    /// `text` escaped for element content and for quoted attribute values.
    static func escaped(_ text: String) -> String {
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
                if scalar.value < 0x20 && scalar != "\n" && scalar != "\t" || (0x7F...0x9F).contains(scalar.value) {
                    result += "&#xFFFD;"
                } else if scalar != "\n" && scalar != "\t" && TerminalText.isControl(scalar) {
                    result += "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
                } else {
                    result.unicodeScalars.append(scalar)
                }
            }
        }
        return result
    }

    /// An `http:` or `https:` URL from a file, for a link; nil for any other scheme
    /// (`javascript:` above all), for what is no URL, and for a URL holding a
    /// control or bidirectional character (shown as escaped text instead).
    static func linkableURL(_ text: String) -> String? {
        guard !text.unicodeScalars.contains(where: TerminalText.isControl),
              let url = URL(string: text), let scheme = url.scheme?.lowercased(), scheme == "https" || scheme == "http",
              url.host != nil else { return nil }
        return text
    }
}
