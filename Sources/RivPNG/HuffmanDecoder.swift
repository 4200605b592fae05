/// A table that decodes one canonical Huffman code of deflate in a single look-up:
/// indexed by the next `maxLength` bits of the stream (first bit lowest), each entry holds
/// the code's length in bits 0-3 (0: no such code), the symbol in bits 8-16 and, for a
/// symbol with a base value (a length or distance code), its extra-bit count in bits 4-7
/// and its base in bits 17-31, so the inflater's fast path needs no second look-up.
struct HuffmanDecoder {
    let table: [UInt32]
    let maxLength: Int

    /// Builds the table from code lengths (0: symbol unused); nil when the lengths
    /// over-subscribe the code space. An incomplete code is allowed (deflate allows one
    /// with a single code, or none for distances); its unused entries decode as length 0,
    /// which the inflater rejects. Symbol `firstBased + k` gets `bases[k]` and `extras[k]`.
    init?(lengths: [UInt8], firstBased: Int = 0, bases: [Int] = [], extras: [Int] = []) {
        var counts = [Int](repeating: 0, count: 16)
        for length in lengths { counts[Int(length)] += 1 }
        counts[0] = 0
        var left = 1
        for length in 1...15 {
            left = left * 2 - counts[length]
            if left < 0 { return nil }
        }
        let maxLength = (1...15).last { counts[$0] > 0 } ?? 1
        var next = [Int](repeating: 0, count: 16)
        var code = 0
        for length in 1...15 {
            code = (code + counts[length - 1]) << 1
            next[length] = code
        }
        var table = [UInt32](repeating: 0, count: 1 << maxLength)
        table.withUnsafeMutableBufferPointer { table in
            for (symbol, length) in lengths.enumerated() where length > 0 {
                let length = Int(length)
                let code = next[length]
                next[length] += 1
                var reversed = 0
                for bit in 0..<length where code >> bit & 1 == 1 { reversed |= 1 << (length - 1 - bit) }
                var entry = UInt32(symbol << 8 | length)
                let based = symbol - firstBased
                if based >= 0, based < bases.count { entry |= UInt32(bases[based] << 17 | extras[based] << 4) }
                var index = reversed
                while index < table.count {
                    table[index] = entry
                    index += 1 << length
                }
            }
        }
        self.table = table
        self.maxLength = maxLength
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
