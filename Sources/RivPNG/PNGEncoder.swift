import Foundation

/// Writes a ``PNGImage`` as a PNG file: each row's filter chosen by the strategy whose
/// quick compression is smallest, then the data deflated thoroughly into one IDAT.
enum PNGEncoder {
    /// How rows are given filters.
    enum Strategy: CaseIterable {
        /// The same filter on every row.
        case none, sub, up, average, paeth
        /// Per row, the filter whose output has the smallest sum of bytes read as signed values.
        case minimumSum
        /// Per row, the filter whose output bytes have the lowest entropy.
        case entropy
        /// Per row, the filter whose output has the fewest distinct pairs of neighbouring bytes.
        case bigrams
    }

    /// The filtered scanlines (filter byte first in each row) under one strategy.
    static func filtered(_ image: PNGImage, strategy: Strategy) -> [UInt8] {
        let stride = image.rowBytes
        let pixelStride = image.header.filterStride
        var out = [UInt8](repeating: 0, count: (stride + 1) * image.header.height)
        var trial = [UInt8](repeating: 0, count: stride)
        var seen = BigramSet()
        image.rows.withUnsafeBufferPointer { rows in
            out.withUnsafeMutableBufferPointer { out in
                trial.withUnsafeMutableBufferPointer { trial in
                    let base = rows.baseAddress!
                    for y in 0..<image.header.height {
                        let row = base + y * stride
                        let previous: UnsafePointer<UInt8>? = y == 0 ? nil : base + (y - 1) * stride
                        let target = out.baseAddress! + y * (stride + 1)
                        let fixed: RowFilter? = switch strategy {
                        case .none: RowFilter.none
                        case .sub: .sub
                        case .up: .up
                        case .average: .average
                        case .paeth: .paeth
                        case .minimumSum, .entropy, .bigrams: nil
                        }
                        if let fixed {
                            target[0] = fixed.rawValue
                            fixed.filter(row, previous: previous, count: stride, stride: pixelStride, into: target + 1)
                            continue
                        }
                        var bestScore = Double.infinity
                        for filter in RowFilter.allCases {
                            filter.filter(row, previous: previous, count: stride, stride: pixelStride, into: trial.baseAddress!)
                            let score = switch strategy {
                            case .minimumSum: signedSum(trial)
                            case .entropy: entropy(trial)
                            default: seen.distinctPairs(trial)
                            }
                            if score < bestScore {
                                bestScore = score
                                target[0] = filter.rawValue
                                (target + 1).update(from: trial.baseAddress!, count: stride)
                            }
                        }
                    }
                }
            }
        }
        return out
    }

    /// Counts distinct byte pairs: a mark per pair, a new generation for each count, so the
    /// 64 Ki marks are cleared only when the generation counter wraps.
    private struct BigramSet {
        var marks = [UInt32](repeating: 0, count: 1 << 16)
        var generation: UInt32 = 0

        mutating func distinctPairs(_ bytes: UnsafeMutableBufferPointer<UInt8>) -> Double {
            generation &+= 1
            if generation == 0 {
                marks = [UInt32](repeating: 0, count: 1 << 16)
                generation = 1
            }
            guard bytes.count > 1 else { return 0 }
            var distinct = 0
            let current = generation
            marks.withUnsafeMutableBufferPointer { marks in
                for i in 1..<bytes.count {
                    let pair = Int(bytes[i - 1]) << 8 | Int(bytes[i])
                    if marks[pair] != current { marks[pair] = current; distinct += 1 }
                }
            }
            return Double(distinct)
        }
    }

    private static func signedSum(_ bytes: UnsafeMutableBufferPointer<UInt8>) -> Double {
        var sum = 0
        for byte in bytes { sum += byte < 128 ? Int(byte) : 256 - Int(byte) }
        return Double(sum)
    }

    private static func entropy(_ bytes: UnsafeMutableBufferPointer<UInt8>) -> Double {
        var counts = [Int](repeating: 0, count: 256)
        for byte in bytes { counts[Int(byte)] += 1 }
        var total = 0.0
        for count in counts where count > 0 { total -= Double(count) * log2(Double(count)) }
        return total
    }

    /// The filtered data that compresses smallest, by quick compression of every strategy.
    static func bestFiltered(_ image: PNGImage) -> (data: [UInt8], quickSize: Int) {
        var best: (data: [UInt8], quickSize: Int)?
        for strategy in Strategy.allCases {
            let data = filtered(image, strategy: strategy)
            let size = Deflater.compressedSize(data, effort: .quick)
            if best == nil || size < best!.quickSize { best = (data, size) }
        }
        return best!
    }

    /// The PNG file: IHDR, the chunks in `before` (colour chunks), PLTE, tRNS, the chunks in
    /// `after`, one IDAT of `compressed`, IEND.
    static func file(_ image: PNGImage, compressed: [UInt8], before: [PNGChunk], after: [PNGChunk]) -> [UInt8] {
        var bytes = PNGFile.signature
        func chunk(_ type: String, _ data: some Collection<UInt8>) {
            bytes.appendBigEndian(UInt32(data.count))
            let start = bytes.count
            bytes += Array(type.utf8)
            bytes += data
            bytes.appendBigEndian(CRC32.checksum(bytes[start...]))
        }
        chunk("IHDR", image.header.chunkData)
        for kept in before { chunk(kept.type, kept.data) }
        if !image.palette.isEmpty { chunk("PLTE", image.palette) }
        if !image.transparency.isEmpty { chunk("tRNS", image.transparency) }
        for kept in after { chunk(kept.type, kept.data) }
        chunk("IDAT", compressed)
        chunk("IEND", [UInt8]())
        return bytes
    }
}
