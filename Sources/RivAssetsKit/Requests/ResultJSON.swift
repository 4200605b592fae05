import Foundation
import RivFormat

/// How every result of this package is written as JSON: pretty-printed, keys
/// sorted, slashes unescaped, so the output is stable for diffs and tests.
public enum ResultJSON {
    /// The encoder of the result style (one per thread: encoders are not shared).
    public static func makeEncoder() -> JSONEncoder {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        return encoder
    }

    /// `value` as JSON in the package's result style. U+2028 and U+2029, valid in
    /// JSON strings but line breaks to JavaScript and to some viewers, are written
    /// as `\u2028` and `\u2029` (they can only occur inside strings).
    public static func data<Value: Encodable>(_ value: Value) throws -> Data {
        escapingLineSeparators(try makeEncoder().encode(value))
    }

    /// `json` with every U+2028 and U+2029 written as `\u2028` and `\u2029`.
    public static func escapingLineSeparators(_ data: Data) -> Data {
        let separators: [[UInt8]: [UInt8]] = [[0xE2, 0x80, 0xA8]: Array("\\u2028".utf8), [0xE2, 0x80, 0xA9]: Array("\\u2029".utf8)]
        guard data.withUnsafeBytes({ $0.isEmpty ? false : memchr($0.baseAddress!, 0xE2, $0.count) != nil }) else { return data }
        var result = Data(capacity: data.count)
        var index = data.startIndex
        while index < data.endIndex {
            if data[index] == 0xE2, index + 2 < data.endIndex,
               let escape = separators[[data[index], data[index + 1], data[index + 2]]] {
                result.append(contentsOf: escape)
                index += 3
            } else {
                result.append(data[index])
                index += 1
            }
        }
        return result
    }
}
