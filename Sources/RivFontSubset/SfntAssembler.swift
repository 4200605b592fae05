/// Writes an sfnt from tables: sorted directory, 4-byte aligned tables,
/// per-table checksums and head's checksumAdjustment.
enum SfntAssembler {
    static func assemble(_ tables: [String: [UInt8]]) -> [UInt8] {
        let tags = tables.keys.sorted { Array($0.utf8).lexicographicallyPrecedes(Array($1.utf8)) }
        let count = tags.count
        var power = 1, log = 0
        while power * 2 <= count { power *= 2; log += 1 }
        var out = FontWriter()
        out.u32(0x0001_0000)
        out.u16(count)
        out.u16(power * 16)
        out.u16(log)
        out.u16(count * 16 - power * 16)
        var offset = 12 + count * 16
        var headOffset: Int?
        for tag in tags {
            let data = tables[tag]!
            var body = data
            if tag == "head", body.count >= 12 { for index in 8..<12 { body[index] = 0 } }
            out.append(tag.utf8)
            out.u32(Int(checksum(body)))
            out.u32(offset)
            out.u32(data.count)
            if tag == "head" { headOffset = offset }
            offset += (data.count + 3) & ~3
        }
        for tag in tags {
            var body = tables[tag]!
            if tag == "head", body.count >= 12 { for index in 8..<12 { body[index] = 0 } }
            out.append(body)
            out.pad(to: 4)
        }
        if let headOffset, tables["head"]!.count >= 12 {
            out.set32(headOffset + 8, Int(0xB1B0_AFBA &- checksum(out.bytes)))
        }
        return out.bytes
    }

    /// The sum of the bytes as big-endian 32-bit words, zero padded, modulo 2^32.
    static func checksum<Bytes: Collection>(_ bytes: Bytes) -> UInt32 where Bytes.Element == UInt8 {
        var sum: UInt32 = 0
        var word: UInt32 = 0
        var filled = 0
        for byte in bytes {
            word = word << 8 | UInt32(byte)
            filled += 1
            if filled == 4 { sum = sum &+ word; word = 0; filled = 0 }
        }
        if filled > 0 { sum = sum &+ (word << (8 * UInt32(4 - filled))) }
        return sum
    }
}
