import RivFormat
import RivSupport

/// JSON in the package's result style, byte for byte what `ResultJSON`'s encoder
/// writes (keys sorted, two spaces per level, `"key" : value`, an empty array or
/// object as an empty line between its brackets, slashes unescaped, U+2028 and
/// U+2029 escaped), written directly for the listing, whose size makes the
/// encoder's cost show. A test holds the two to the same bytes.
enum ResultJSONText {
    /// One JSON value.
    enum Value {
        case null
        case bool(Bool)
        case integer(Int)
        case unsigned(UInt64)
        /// A finite number (`null` when it is not).
        case number(Double)
        case string(String)
        case array([Value])
        /// Fields given in sorted key order.
        case object([Field])
    }

    /// One field of an object.
    struct Field {
        let key: String
        let value: Value

        init(_ key: String, _ value: Value) {
            self.key = key
            self.value = value
        }
    }

    /// Appends `value`'s UTF-8 to `text`, its nested lines indented as at `level`.
    static func append(_ value: Value, level: Int, to text: inout [UInt8]) {
        switch value {
        case .null: appendASCII("null", to: &text)
        case .bool(let flag): appendASCII(flag ? "true" : "false", to: &text)
        case .integer(let number):
            if number < 0 { text.append(UInt8(ascii: "-")) }
            appendDigits(number.magnitude, to: &text)
        case .unsigned(let number): appendDigits(UInt(number), to: &text)
        case .number(let number):
            guard number.isFinite else {
                appendASCII("null", to: &text)
                return
            }
            let written = number.description
            appendASCII(written.hasSuffix(".0") ? String(written.dropLast(2)) : written, to: &text)
        case .string(let string): JSONStringText.append(string, to: &text)
        case .array(let items):
            appendASCII("[\n", to: &text)
            for (index, item) in items.enumerated() {
                indent(level + 1, &text)
                append(item, level: level + 1, to: &text)
                appendASCII(index + 1 < items.count ? ",\n" : "\n", to: &text)
            }
            if items.isEmpty { text.append(0x0A) }
            indent(level, &text)
            text.append(UInt8(ascii: "]"))
        case .object(let fields):
            appendASCII("{\n", to: &text)
            for (index, field) in fields.enumerated() {
                indent(level + 1, &text)
                JSONStringText.append(field.key, to: &text)
                appendASCII(" : ", to: &text)
                append(field.value, level: level + 1, to: &text)
                appendASCII(index + 1 < fields.count ? ",\n" : "\n", to: &text)
            }
            if fields.isEmpty { text.append(0x0A) }
            indent(level, &text)
            text.append(UInt8(ascii: "}"))
        }
    }

    /// `value` as text, its nested lines indented as at `level`.
    static func text(_ value: Value, level: Int) -> String {
        var bytes: [UInt8] = []
        append(value, level: level, to: &bytes)
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Appends the bytes of `literal`, which holds only ASCII.
    static func appendASCII(_ literal: String, to text: inout [UInt8]) {
        var literal = literal
        literal.withUTF8 { text.append(contentsOf: $0) }
    }

    private static func appendDigits(_ number: UInt, to text: inout [UInt8]) {
        var digits: (UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8,
                     UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8) =
            (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
        withUnsafeMutableBytes(of: &digits) { buffer in
            var remaining = number
            var start = buffer.count
            repeat {
                start -= 1
                buffer[start] = UInt8(ascii: "0") + UInt8(remaining % 10)
                remaining /= 10
            } while remaining > 0
            text.append(contentsOf: buffer[start...])
        }
    }

    private static func indent(_ level: Int, _ text: inout [UInt8]) {
        text.append(contentsOf: repeatElement(UInt8(ascii: " "), count: 2 * level))
    }
}

extension ResultJSONText.Value {
    /// A string, or `null`.
    static func nullable(_ string: String?) -> Self {
        string.map { .string($0) } ?? .null
    }

    /// The listing of one asset, fields in key order.
    init(_ asset: AssetListing) {
        self = .object([
            .init("assetID", .unsigned(asset.assetID)),
            .init("cdn", asset.cdn.map { .object([.init("baseURL", .string($0.baseURL)), .init("url", .string($0.url)), .init("uuid", .string($0.uuid))]) } ?? .null),
            .init("contentHash", .nullable(asset.contentHash)),
            .init("contentsOffset", asset.contentsOffset.map { .integer($0) } ?? .null),
            .init("detectedFormat", .nullable(asset.detectedFormat)),
            .init("embeddedByteCount", .integer(asset.embeddedByteCount)),
            .init("fileExtension", .string(asset.fileExtension)),
            .init("font", asset.font.map { .object([.init("family", .string($0.family)), .init("style", .string($0.style))]) } ?? .null),
            .init("height", asset.height.map { .number($0) } ?? .null),
            .init("kind", .string(asset.kind)),
            .init("location", .string(asset.location)),
            .init("name", .string(asset.name)),
            .init("pixelSize", asset.pixelSize.map { .object([.init("height", .integer($0.height)), .init("width", .integer($0.width))]) } ?? .null),
            .init("problems", .array(asset.problems.map { .string($0) })),
            .init("recordOffset", .integer(asset.recordOffset)),
            .init("signed", .bool(asset.signed)),
            .init("storedAssetID", .unsigned(asset.storedAssetID)),
            .init("type", .string(asset.type)),
            .init("typeKey", .unsigned(UInt64(asset.typeKey))),
            .init("uniqueFilename", .string(asset.uniqueFilename)),
            .init("uniqueName", .string(asset.uniqueName)),
            .init("usedBy", .array(asset.usedBy.map { user in
                .object([.init("artboardIndex", user.artboardIndex.map { .integer($0) } ?? .null), .init("name", .string(user.name)), .init("typeKey", .unsigned(UInt64(user.typeKey)))])
            })),
            .init("width", asset.width.map { .number($0) } ?? .null),
        ])
    }
}

extension ResultJSONText.Value {
    /// One entry of a listing's `largest`, fields in key order.
    init(_ largest: LargestAsset) {
        self = .object([
            .init("contentHash", .string(largest.contentHash)),
            .init("copies", .integer(largest.copies)),
            .init("detectedFormat", .nullable(largest.detectedFormat)),
            .init("embeddedByteCount", .integer(largest.embeddedByteCount)),
            .init("files", .array(largest.files.map { .string($0) })),
            .init("kind", .string(largest.kind)),
            .init("totalByteCount", .integer(largest.totalByteCount)),
            .init("type", .string(largest.type)),
            .init("uniqueNames", .array(largest.uniqueNames.map { .string($0) })),
        ])
    }
}
