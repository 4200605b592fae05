/// The five PNG filter types, which turn each byte of a scanline into its
/// difference from a prediction made from the byte to the left (`a`), above (`b`)
/// and above-left (`c`), `stride` bytes being one pixel (at least one byte).
enum RowFilter: UInt8, CaseIterable, Sendable {
    case none = 0, sub, up, average, paeth

    @inline(__always)
    static func paethPredictor(_ a: UInt8, _ b: UInt8, _ c: UInt8) -> UInt8 {
        let p = Int(a) + Int(b) - Int(c)
        let pa = abs(p - Int(a)), pb = abs(p - Int(b)), pc = abs(p - Int(c))
        if pa <= pb && pa <= pc { return a }
        return pb <= pc ? b : c
    }

    /// Undoes this filter on `row` in place; `previous` is the row above, already unfiltered
    /// (nil on the first row of a pass, which behaves as a row of zeros).
    func unfilter(_ row: UnsafeMutablePointer<UInt8>, previous: UnsafePointer<UInt8>?, count: Int, stride: Int) {
        switch self {
        case .none: return
        case .sub:
            var i = stride
            while i < count { row[i] &+= row[i - stride]; i += 1 }
        case .up:
            guard let previous else { return }
            for i in 0..<count { row[i] &+= previous[i] }
        case .average:
            if let previous {
                for i in 0..<count {
                    let left = i >= stride ? Int(row[i - stride]) : 0
                    row[i] &+= UInt8((left + Int(previous[i])) >> 1)
                }
            } else {
                var i = stride
                while i < count { row[i] &+= row[i - stride] >> 1; i += 1 }
            }
        case .paeth:
            if let previous {
                for i in 0..<count {
                    let a = i >= stride ? row[i - stride] : 0
                    let c = i >= stride ? previous[i - stride] : 0
                    row[i] &+= Self.paethPredictor(a, previous[i], c)
                }
            } else {
                var i = stride
                while i < count { row[i] &+= row[i - stride]; i += 1 }
            }
        }
    }

    /// Writes this filter applied to `row` into `output` (`count` bytes); `previous` is the
    /// unfiltered row above (nil on the first row).
    func filter(_ row: UnsafePointer<UInt8>, previous: UnsafePointer<UInt8>?, count: Int, stride: Int,
                into output: UnsafeMutablePointer<UInt8>) {
        let lead = min(stride, count)
        switch self {
        case .none:
            output.update(from: row, count: count)
        case .sub:
            for i in 0..<lead { output[i] = row[i] }
            var i = lead
            while i < count { output[i] = row[i] &- row[i - stride]; i += 1 }
        case .up:
            if let previous {
                for i in 0..<count { output[i] = row[i] &- previous[i] }
            } else {
                output.update(from: row, count: count)
            }
        case .average:
            if let previous {
                for i in 0..<lead { output[i] = row[i] &- previous[i] >> 1 }
                var i = lead
                while i < count { output[i] = row[i] &- UInt8((Int(row[i - stride]) + Int(previous[i])) >> 1); i += 1 }
            } else {
                for i in 0..<lead { output[i] = row[i] }
                var i = lead
                while i < count { output[i] = row[i] &- row[i - stride] >> 1; i += 1 }
            }
        case .paeth:
            if let previous {
                for i in 0..<lead { output[i] = row[i] &- previous[i] }
                var i = lead
                while i < count {
                    output[i] = row[i] &- Self.paethPredictor(row[i - stride], previous[i], previous[i - stride])
                    i += 1
                }
            } else {
                RowFilter.sub.filter(row, previous: nil, count: count, stride: stride, into: output)
            }
        }
    }
}
