/// A table that decodes one canonical Huffman code of deflate in a single look-up:
/// indexed by the next `maxLength` bits of the stream (first bit lowest), each entry holds
/// the symbol in its upper bits and the code's length in its low 4 bits (0: no such code).
struct HuffmanDecoder {
    let table: [UInt16]
    let maxLength: Int

    /// Builds the table from code lengths (0: symbol unused); nil when the lengths
    /// over-subscribe the code space. An incomplete code is allowed (deflate allows one
    /// with a single code, or none for distances); its unused entries decode as length 0,
    /// which the inflater rejects.
    init?(lengths: [UInt8]) {
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
        var table = [UInt16](repeating: 0, count: 1 << maxLength)
        for (symbol, length) in lengths.enumerated() where length > 0 {
            let length = Int(length)
            let code = next[length]
            next[length] += 1
            var reversed = 0
            for bit in 0..<length where code >> bit & 1 == 1 { reversed |= 1 << (length - 1 - bit) }
            let entry = UInt16(symbol << 4 | length)
            var index = reversed
            while index < table.count {
                table[index] = entry
                index += 1 << length
            }
        }
        self.table = table
        self.maxLength = maxLength
    }
}
