/// A JSON string literal, the one escaper every JSON writer of the package uses (the
/// results' and listings' writer, the renderer's draw calls): `"` and `\` escaped, control
/// characters as `\n`-style or `\u00XX` escapes, U+2028 and U+2029 as `\u2028` and
/// `\u2029` (so the text is also valid JavaScript), everything else as its UTF-8.
package enum JSONStringText {
    /// Appends `string` quoted to `text`. Works on the UTF-8 bytes: a string with nothing
    /// to escape is appended whole.
    package static func append(_ string: String, to text: inout [UInt8]) {
        var string = string
        text.append(0x22)
        string.withUTF8 { bytes in
            guard bytes.contains(where: { $0 < 0x20 || $0 == 0x22 || $0 == 0x5C || $0 == 0xE2 }) else {
                text.append(contentsOf: bytes)
                return
            }
            var index = 0
            while index < bytes.count {
                let byte = bytes[index]
                switch byte {
                case 0x22: text += [0x5C, 0x22]
                case 0x5C: text += [0x5C, 0x5C]
                case 0x0A: text += [0x5C, UInt8(ascii: "n")]
                case 0x0D: text += [0x5C, UInt8(ascii: "r")]
                case 0x09: text += [0x5C, UInt8(ascii: "t")]
                case 0x08: text += [0x5C, UInt8(ascii: "b")]
                case 0x0C: text += [0x5C, UInt8(ascii: "f")]
                case 0x00..<0x20:
                    text += Array(("\\u00" + (byte < 0x10 ? "0" : "") + String(byte, radix: 16)).utf8)
                case 0xE2 where index + 2 < bytes.count && bytes[index + 1] == 0x80 && (bytes[index + 2] == 0xA8 || bytes[index + 2] == 0xA9):
                    text += Array((bytes[index + 2] == 0xA8 ? "\\u2028" : "\\u2029").utf8)
                    index += 2
                default: text.append(byte)
                }
                index += 1
            }
        }
        text.append(0x22)
    }

    /// `string` as a quoted JSON string literal.
    package static func quoted(_ string: String) -> String {
        var text: [UInt8] = []
        append(string, to: &text)
        return String(decoding: text, as: UTF8.self)
    }
}
