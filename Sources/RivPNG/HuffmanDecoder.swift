/// A table that decodes one canonical Huffman code of deflate (or of WebP's lossless format,
/// which codes the same way) in one or two look-ups.
///
/// The root table is indexed by the next `rootBits` bits of the stream (first bit lowest).
/// An entry holds the code's whole length in bits 0-3, the symbol in bits 8-16 (bits 8-31
/// when no symbol has a base: WebP's alphabets reach 2328) and, for a symbol with a base value
/// (a length or distance code), its extra-bit count in bits 4-7 and its base in bits 17-31,
/// so the inflater's fast path needs no other table. A code longer than `rootBits` is found
/// through a link entry (length 0, nonzero): its sub-table starts at the index in bits 8-31
/// and is indexed by as many of the bits after the root's as bits 4-7 say. An entry of 0 is no code.
/// The root stays small (at most 2^10 entries), so look-ups stay in the first-level cache.
package struct HuffmanDecoder {
    /// The root table and the sub-tables after it.
    package let table: [UInt32]
    /// The bits the root table is indexed by.
    package let rootBits: Int

    /// The most bits the root table is indexed by.
    private static let maxRootBits = 10

    /// Builds the table from code lengths (0: symbol unused); nil when the lengths
    /// over-subscribe the code space. An incomplete code is allowed (deflate allows one
    /// with a single code, or none for distances); its unused entries decode as 0,
    /// which the inflater rejects. Symbol `firstBased + k` gets `bases[k]` and `extras[k]`.
    package init?(lengths: [UInt8], firstBased: Int = 0, bases: [Int] = [], extras: [Int] = []) {
        var counts = [Int](repeating: 0, count: 16)
        for length in lengths { counts[Int(length)] += 1 }
        counts[0] = 0
        var left = 1
        for length in 1...15 {
            left = left * 2 - counts[length]
            if left < 0 { return nil }
        }
        let maxLength = (1...15).last { counts[$0] > 0 } ?? 1
        let rootBits = min(maxLength, Self.maxRootBits)
        var next = [Int](repeating: 0, count: 16)
        var code = 0
        for length in 1...15 {
            code = (code + counts[length - 1]) << 1
            next[length] = code
        }
        // Each code's bits in stream order, and the sub-table size each root prefix needs.
        var reversedCodes = [Int](repeating: 0, count: lengths.count)
        var subBits = [Int](repeating: 0, count: 1 << rootBits)
        for (symbol, length) in lengths.enumerated() where length > 0 {
            let length = Int(length)
            let code = next[length]
            next[length] += 1
            var reversed = 0
            for bit in 0..<length where code >> bit & 1 == 1 { reversed |= 1 << (length - 1 - bit) }
            reversedCodes[symbol] = reversed
            let prefix = reversed & (1 << rootBits - 1)
            subBits[prefix] = max(subBits[prefix], length - rootBits)
        }
        var subStart = [Int](repeating: 0, count: 1 << rootBits)
        var size = 1 << rootBits
        for prefix in subBits.indices where subBits[prefix] > 0 {
            subStart[prefix] = size
            size += 1 << subBits[prefix]
        }
        var table = [UInt32](repeating: 0, count: size)
        for prefix in subBits.indices where subBits[prefix] > 0 {
            table[prefix] = UInt32(subStart[prefix] << 8 | subBits[prefix] << 4)
        }
        for (symbol, length) in lengths.enumerated() where length > 0 {
            let length = Int(length)
            var entry = UInt32(symbol << 8 | length)
            let based = symbol - firstBased
            if based >= 0, based < bases.count { entry |= UInt32(bases[based] << 17 | extras[based] << 4) }
            let reversed = reversedCodes[symbol]
            // Fill every index whose low bits are the code: in the root, or in the prefix's sub-table.
            var index: Int, end: Int, step: Int
            if length <= rootBits {
                (index, end, step) = (reversed, 1 << rootBits, 1 << length)
            } else {
                let prefix = reversed & (1 << rootBits - 1)
                index = subStart[prefix] + reversed >> rootBits
                (end, step) = (subStart[prefix] + 1 << subBits[prefix], 1 << (length - rootBits))
            }
            while index < end {
                table[index] = entry
                index += step
            }
        }
        self.table = table
        self.rootBits = rootBits
    }

    /// The entry for the code at the start of `bits` (the next 15 or more bits of the stream):
    /// the root's, or the sub-table's it links to. 0 when no code starts so.
    @inline(__always)
    package static func entry(_ table: UnsafePointer<UInt32>, rootMask: UInt64, rootBits: Int, bits: UInt64) -> UInt32 {
        let entry = table[Int(bits & rootMask)]
        guard entry & 15 == 0, entry != 0 else { return entry }
        let subMask = UInt64(1) << UInt64(entry >> 4 & 15) - 1
        return table[Int(entry >> 8) + Int(bits >> UInt64(rootBits) & subMask)]
    }

    /// The literal/length code of a block: symbols 257-285 carry their length's base and extra bits.
    static func literals(_ lengths: [UInt8]) -> HuffmanDecoder? {
        HuffmanDecoder(lengths: lengths, firstBased: 257, bases: DeflateTables.lengthBase, extras: DeflateTables.lengthExtra)
    }

    /// The distance code of a block: symbols 0-29 carry their distance's base and extra bits.
    static func distances(_ lengths: [UInt8]) -> HuffmanDecoder? {
        HuffmanDecoder(lengths: lengths, bases: DeflateTables.distanceBase, extras: DeflateTables.distanceExtra)
    }
}
