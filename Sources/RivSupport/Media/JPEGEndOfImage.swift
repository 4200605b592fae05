/// Where a JPEG's own end lies: its end-of-image marker (FF D9), found by walking
/// the marker segments by their lengths (so FF D9 inside a segment, such as the
/// EXIF thumbnail of an APP1, does not count) and, after each start of scan,
/// the entropy-coded data, where FF is followed by 00 (a stuffed byte), a restart
/// marker (D0-D7) or the next marker. Nothing is allocated and every byte is
/// passed over at most once. Bytes after the marker (a motion photo's video) are
/// not part of the image.
package enum JPEGEndOfImage {
    /// The offset just past the first end-of-image marker of `bytes` that lies
    /// outside every marker segment; nil when they do not start with FF D8, end
    /// before that marker (cut, or still being written), or give a segment length
    /// under 2.
    package static func offset<Bytes: RandomAccessCollection<UInt8>>(in bytes: Bytes) -> Int? where Bytes.Index == Int {
        let start = bytes.startIndex
        guard bytes.count >= 2, bytes[start] == 0xFF, bytes[start + 1] == 0xD8 else { return nil }
        var offset = 2
        while offset + 1 < bytes.count {
            // Entropy-coded data, or stray bytes between segments (decoders skip them).
            guard bytes[start + offset] == 0xFF else { offset += 1; continue }
            let marker = bytes[start + offset + 1]
            switch marker {
            case 0xD9:
                return offset + 2
            case 0xFF:
                offset += 1  // a fill byte before a marker
            case 0x00, 0xD0...0xD7:
                offset += 2  // a stuffed FF or a restart marker, inside scan data
            case let alone where JPEGFrameHeaderFields.standsAlone(alone):
                offset += 2
            default:
                // A marker segment (a start of scan's is its header; its data follows).
                guard offset + 3 < bytes.count else { return nil }
                let length = bytes.bigEndian(at: offset + 2, width: 2)
                guard length >= 2 else { return nil }
                offset += 2 + length
            }
        }
        return nil
    }
}
