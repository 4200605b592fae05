/// A blob with a JPEG's signature and framing but no image data: SOI, a JFIF
/// APP0 segment, a comment segment, EOI. Content sniffing calls it JPEG; no
/// decoder would draw it.
enum JPEGSignature {
    /// The blob, with `comment` in its COM segment.
    static func blob(comment: String) -> [UInt8] {
        var bytes: [UInt8] = [0xFF, 0xD8]  // SOI
        var jfif: [UInt8] = []
        jfif.appendASCII("JFIF")
        jfif += [0, 1, 2, 0]  // terminator, version 1.2, no density units
        jfif.appendBigEndian(UInt16(1))  // x density
        jfif.appendBigEndian(UInt16(1))  // y density
        jfif += [0, 0]  // no thumbnail
        appendSegment(0xE0, jfif, to: &bytes)
        appendSegment(0xFE, Array(comment.utf8), to: &bytes)
        bytes += [0xFF, 0xD9]  // EOI
        return bytes
    }

    /// A marker segment: FF, marker, big-endian length counting itself, payload.
    private static func appendSegment(_ marker: UInt8, _ payload: [UInt8], to bytes: inout [UInt8]) {
        bytes += [0xFF, marker]
        bytes.appendBigEndian(UInt16(payload.count + 2))
        bytes += payload
    }
}
