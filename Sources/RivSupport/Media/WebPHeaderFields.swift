/// The headers at the start of a WebP file's image chunks, field by field as stored:
/// `VP8 ` (lossy), `VP8L` (lossless) and `VP8X` (extended, the canvas). The one
/// reader of them: RivFormat takes an embedded image's pixel size from them, RivWebP
/// what it decodes.
package enum WebPHeaderFields {
    /// The start of a `VP8 ` chunk's data: the frame tag, the start code 9D 01 2A and
    /// the 14-bit width and height (RFC 6386, 9.1).
    package struct Lossy: Sendable, Equatable {
        /// The bytes read.
        package static let byteCount = 10
        /// Whether the frame tag says a key frame (its lowest bit clear), the only frame a still image has.
        package var isKeyFrame: Bool
        /// Whether the start code 9D 01 2A follows the frame tag.
        package var hasStartCode: Bool
        /// Pixels across and down (the low 14 bits; the top two scale the display).
        package var width: Int, height: Int

        /// Reads the first ``byteCount`` bytes of `data`; nil when it is shorter.
        package init?(chunkData data: some RandomAccessCollection<UInt8>) {
            guard data.count >= Self.byteCount else { return nil }
            let bytes = Array(data.prefix(Self.byteCount))
            isKeyFrame = bytes[0] & 1 == 0
            hasStartCode = bytes[3] == 0x9D && bytes[4] == 0x01 && bytes[5] == 0x2A
            width = bytes.littleEndian(at: 6, width: 2) & 0x3FFF
            height = bytes.littleEndian(at: 8, width: 2) & 0x3FFF
        }
    }

    /// The five-byte header of a `VP8L` chunk: signature 0x2F, then 14-bit width and
    /// height less one, the alpha hint and a 3-bit version, packed little-endian.
    package struct Lossless: Sendable, Equatable {
        /// The bytes read.
        package static let byteCount = 5
        /// The signature byte every `VP8L` chunk starts with.
        package static let expectedSignature: UInt8 = 0x2F
        /// The signature byte as stored (``expectedSignature`` in a sound header).
        package var signature: UInt8
        /// Whether the stored signature is ``expectedSignature``.
        package var hasSignature: Bool { signature == Self.expectedSignature }
        /// Pixels across and down.
        package var width: Int, height: Int
        /// The version (0 in a sound header).
        package var version: Int

        /// Reads the first ``byteCount`` bytes of `data`; nil when it is shorter.
        package init?(chunkData data: some RandomAccessCollection<UInt8>) {
            guard data.count >= Self.byteCount else { return nil }
            let bytes = Array(data.prefix(Self.byteCount))
            signature = bytes[0]
            let bits = bytes.littleEndian(at: 1, width: 4)
            width = (bits & 0x3FFF) + 1
            height = (bits >> 14 & 0x3FFF) + 1
            version = bits >> 29
        }
    }

    /// The data of a `VP8X` chunk: flags, then the canvas's 24-bit width and height less one.
    package struct Extended: Sendable, Equatable {
        /// The bytes read.
        package static let byteCount = 10
        /// The flags byte (0x02: animated, 0x10: alpha, among others).
        package var flags: UInt8
        /// The canvas's pixels across and down.
        package var width: Int, height: Int

        /// Reads the first ``byteCount`` bytes of `data`; nil when it is shorter.
        package init?(chunkData data: some RandomAccessCollection<UInt8>) {
            guard data.count >= Self.byteCount else { return nil }
            let bytes = Array(data.prefix(Self.byteCount))
            flags = bytes[0]
            width = bytes.littleEndian(at: 4, width: 3) + 1
            height = bytes.littleEndian(at: 7, width: 3) + 1
        }
    }
}
