import Foundation

/// The uuid `riv-assets host` gives bytes by default: a name-based UUID (RFC 9562
/// version 8) over the package's content hash and the byte count, so equal bytes
/// get equal uuids in every file and every run, and changed bytes a new one.
///
/// Layout, in the uuid's text order: bytes 0-7 the 64-bit content hash
/// (`FileAsset.contentHash`, big-endian), bytes 8-15 the byte count
/// (big-endian); then the version nibble (the high half of byte 6) is set to 8 and
/// the variant bits (the top two of byte 8) to `10`. The text form thus starts with
/// the hash (one nibble replaced by the version) and ends with the size in hex:
/// `ef46db37-51d8-8999-8000-000000000000` for no bytes (XXH64).
public enum ContentUUID {
    /// Whether `text` is a uuid of the version content uuids carry (8), whose
    /// bytes can then be checked against it with ``make(contentHash:byteCount:)``.
    public static func isContentUUID(_ text: String) -> Bool {
        guard let uuid = UUID(uuidString: text) else { return false }
        return uuid.uuid.6 >> 4 == 8 && uuid.uuid.8 >> 6 == 0b10
    }

    /// The byte count a content uuid carries (bytes 8-15 without the variant bits),
    /// which its bytes must have; nil when `text` is no content uuid.
    public static func byteCount(in text: String) -> Int? {
        guard isContentUUID(text), let uuid = UUID(uuidString: text) else { return nil }
        let bytes = withUnsafeBytes(of: uuid.uuid) { Array($0[8..<16]) }
        let size = bytes.reduce(UInt64(0)) { $0 << 8 | UInt64($1) } & 0x3FFF_FFFF_FFFF_FFFF
        return Int(exactly: size)
    }

    /// The uuid of bytes whose content hash is `contentHash` and whose size is `byteCount`.
    public static func make(contentHash: UInt64, byteCount: Int) -> UUID {
        var bytes = [UInt8](repeating: 0, count: 16)
        let size = UInt64(byteCount)
        for index in 0..<8 {
            let shift = UInt64(56 - 8 * index)
            bytes[index] = UInt8(truncatingIfNeeded: contentHash >> shift)
            bytes[8 + index] = UInt8(truncatingIfNeeded: size >> shift)
        }
        bytes[6] = bytes[6] & 0x0F | 0x80
        bytes[8] = bytes[8] & 0x3F | 0x80
        return UUID(uuid: (bytes[0], bytes[1], bytes[2], bytes[3], bytes[4], bytes[5], bytes[6], bytes[7],
                           bytes[8], bytes[9], bytes[10], bytes[11], bytes[12], bytes[13], bytes[14], bytes[15]))
    }
}
