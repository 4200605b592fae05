/// Code lengths and canonical codes for a Huffman code of at most `maxLength` bits,
/// as deflate sends them (RFC 1951, 3.2.2).
enum HuffmanCode {
    /// Optimal-or-near code lengths for `frequencies`, none over `maxLength` bits.
    /// At least two symbols get a code (a lone used symbol is paired with another), so
    /// every code is complete, which strict decoders require. At most 512 symbols (deflate's
    /// alphabets have 19 to 286).
    static func lengths(_ frequencies: [Int], maxLength: Int) -> [UInt8] {
        precondition(frequencies.count <= 512, "an alphabet of \(frequencies.count) symbols")
        var frequencies = frequencies
        var used = frequencies.indices.filter { frequencies[$0] > 0 }
        if used.count < 2 {
            let extra = used.first == 0 ? 1 : 0
            if used.isEmpty { frequencies[1 - extra] = 1 }
            frequencies[extra] = max(frequencies[extra], 1)
            used = frequencies.indices.filter { frequencies[$0] > 0 }
        }
        // Rarest first, ties by symbol: sorted as one integer each (frequency above the
        // symbol's 9 bits), which is quicker than comparing through the table.
        var keys = used.map { frequencies[$0] << 9 | $0 }
        keys.sort()
        used = keys.map { $0 & 0x1FF }
        // Huffman's construction with two queues: leaves in frequency order, then inner nodes as made.
        let leafCount = used.count
        var weight = used.map { frequencies[$0] } + [Int](repeating: 0, count: leafCount - 1)
        var parent = [Int](repeating: -1, count: 2 * leafCount - 1)
        var nextLeaf = 0, nextInner = leafCount, made = leafCount
        func takeSmallest() -> Int {
            if nextLeaf < leafCount && (nextInner >= made || weight[nextLeaf] <= weight[nextInner]) {
                nextLeaf += 1
                return nextLeaf - 1
            }
            nextInner += 1
            return nextInner - 1
        }
        while made < 2 * leafCount - 1 {
            let a = takeSmallest(), b = takeSmallest()
            weight[made] = weight[a] + weight[b]
            parent[a] = made
            parent[b] = made
            made += 1
        }
        var depth = [Int](repeating: 0, count: 2 * leafCount - 1)
        for node in stride(from: 2 * leafCount - 3, through: 0, by: -1) { depth[node] = depth[parent[node]] + 1 }
        // Count leaves per length, clamping lengths over the limit, then restore the Kraft
        // sum to exactly 2^maxLength (a complete code) by moving leaves down or up one level.
        var counts = [Int](repeating: 0, count: maxLength + 1)
        for leaf in 0..<leafCount { counts[min(depth[leaf], maxLength)] += 1 }
        var kraft = (1...maxLength).reduce(0) { $0 + counts[$1] << (maxLength - $1) }
        let full = 1 << maxLength
        while kraft > full {
            var bits = maxLength - 1
            while counts[bits] == 0 { bits -= 1 }
            counts[bits] -= 1
            counts[bits + 1] += 1
            kraft -= 1 << (maxLength - bits - 1)
        }
        while kraft < full {
            // A leaf moved up from the deepest level that has one, without passing the full sum.
            var bits = maxLength
            while counts[bits] == 0 || (1 << (maxLength - bits)) > full - kraft { bits -= 1 }
            counts[bits] -= 1
            counts[bits - 1] += 1
            kraft += 1 << (maxLength - bits)
        }
        // The most frequent symbols take the shortest lengths.
        var lengths = [UInt8](repeating: 0, count: frequencies.count)
        var leaf = leafCount - 1
        for bits in 1...maxLength {
            for _ in 0..<counts[bits] {
                lengths[used[leaf]] = UInt8(bits)
                leaf -= 1
            }
        }
        return lengths
    }

    /// The canonical codes for `lengths`, bit-reversed for writing first bit lowest.
    static func codes(_ lengths: [UInt8]) -> [UInt16] {
        var counts = [Int](repeating: 0, count: 16)
        for length in lengths where length > 0 { counts[Int(length)] += 1 }
        var next = [Int](repeating: 0, count: 16)
        var code = 0
        for length in 1...15 {
            code = (code + counts[length - 1]) << 1
            next[length] = code
        }
        return lengths.map { length in
            guard length > 0 else { return 0 }
            let length = Int(length)
            let code = next[length]
            next[length] += 1
            var reversed = 0
            for bit in 0..<length where code >> bit & 1 == 1 { reversed |= 1 << (length - 1 - bit) }
            return UInt16(reversed)
        }
    }
}
