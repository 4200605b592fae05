import Foundation

/// Text from a `.riv` file (names, URLs), a folder's manifest or the file system
/// (paths) made safe to show on a terminal: no character can move the cursor, clear
/// the screen, set the title, open a link, forge a line or reorder what follows it.
/// The one terminal escaper: every library and the tool quote a name for a person
/// through it (RivAssetsKit re-exports it).
public enum TerminalText {
    /// `text` with every control character written as an escape: C0 controls
    /// (newline and tab included) and DEL as `\x1b`-style hex, C1 controls,
    /// bidirectional controls and the Unicode line and paragraph separators as
    /// `\u{202e}`-style, and the backslash itself doubled, so the escaped text
    /// reads back unambiguously.
    public static func escaped(_ text: String) -> String {
        guard text.unicodeScalars.contains(where: { isControl($0) || $0 == "\\" }) else { return text }
        var result = ""
        for scalar in text.unicodeScalars {
            if scalar == "\\" {
                result += "\\\\"
            } else if scalar.value < 0x20 || scalar.value == 0x7F {
                result += "\\x" + hex(scalar.value, digits: 2)
            } else if isControl(scalar) {
                result += "\\u{" + hex(scalar.value, digits: 4) + "}"
            } else {
                result.unicodeScalars.append(scalar)
            }
        }
        return result
    }

    /// `text` escaped (``escaped(_:)``) and cut to `limit` characters, the last
    /// one `…` when it was longer: how a table cell, or a name that refers to
    /// something shown whole elsewhere, keeps one long name from being repeated
    /// whole wherever it is mentioned.
    public static func cut(_ text: String, limit: Int) -> String {
        let escaped = escaped(text)
        return escaped.utf8.count <= limit || escaped.count <= limit ? escaped : escaped.prefix(limit - 1) + "…"
    }

    /// `text` escaped (``escaped(_:)``) between double quotes, cut (``cut(_:limit:)``)
    /// to `limit` characters when one is given.
    package static func quoted(_ text: String, limit: Int? = nil) -> String {
        "\"" + (limit.map { cut(text, limit: $0) } ?? escaped(text)) + "\""
    }

    /// Bytes that may not be valid UTF-8 (a file name from another system), shown
    /// like ``escaped(_:)`` with every byte outside valid UTF-8 as `\xe9`-style hex.
    public static func escapedBytes(_ bytes: [UInt8]) -> String {
        var result = ""
        var index = 0
        while index < bytes.count {
            let length = sequenceLength(bytes, at: index)
            if length > 0, let text = String(bytes: bytes[index..<index + length], encoding: .utf8) {
                result += escaped(text)
                index += length
            } else {
                result += "\\x" + hex(UInt32(bytes[index]), digits: 2)
                index += 1
            }
        }
        return result
    }

    /// The length of the UTF-8 sequence its lead byte announces at `index`, 0 for a byte that leads none.
    private static func sequenceLength(_ bytes: [UInt8], at index: Int) -> Int {
        let lead = bytes[index]
        let length = lead < 0x80 ? 1 : lead >= 0xC2 && lead < 0xE0 ? 2 : lead >= 0xE0 && lead < 0xF0 ? 3 : lead >= 0xF0 && lead < 0xF5 ? 4 : 0
        return index + length <= bytes.count ? length : 0
    }

    /// Whether `scalar` is a character a terminal acts on rather than shows: C0,
    /// DEL, C1, the bidirectional controls (U+061C, U+200E–U+200F, U+202A–U+202E,
    /// U+2066–U+2069) and the line and paragraph separators (U+2028, U+2029).
    public static func isControl(_ scalar: Unicode.Scalar) -> Bool {
        MarkupText.isControl(scalar)
    }

    private static func hex(_ value: UInt32, digits: Int) -> String {
        let text = String(value, radix: 16)
        return String(repeating: "0", count: max(0, digits - text.count)) + text
    }
}
