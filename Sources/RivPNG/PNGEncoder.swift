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
        filtered(image, rowFilters: rowFilters(image, strategies: [strategy])[0])
    }

    /// The filtered scanlines with `filters[y]` on row `y`.
    static func filtered(_ image: PNGImage, rowFilters filters: [RowFilter]) -> [UInt8] {
        var out: [UInt8] = []
        filter(image, rowFilters: filters, into: &out)
        return out
    }

    /// Writes the filtered scanlines with `filters[y]` on row `y` into `out`, which is
    /// resized to hold them (so one buffer serves every trial).
    static func filter(_ image: PNGImage, rowFilters filters: [RowFilter], into out: inout [UInt8]) {
        let stride = image.rowBytes
        let pixelStride = image.header.filterStride
        let size = (stride + 1) * image.header.height
        if out.count != size {
            out.removeAll()
            out = [UInt8](repeating: 0, count: size)
        }
        image.rows.withUnsafeBufferPointer { rows in
            out.withUnsafeMutableBufferPointer { out in
                let base = rows.baseAddress!
                for y in 0..<image.header.height {
                    let target = out.baseAddress! + y * (stride + 1)
                    target[0] = filters[y].rawValue
                    filters[y].filter(base + y * stride, previous: y == 0 ? nil : base + (y - 1) * stride,
                                      count: stride, stride: pixelStride, into: target + 1)
                }
            }
        }
    }

    /// The filter of each row under each of `strategies`, in their order. The per-row
    /// strategies share one pass: each row is filtered the five ways once and every
    /// strategy's score is taken of the same trial rows (the first filter with the lowest
    /// score wins, in ``RowFilter`` order).
    static func rowFilters(_ image: PNGImage, strategies: [Strategy]) -> [[RowFilter]] {
        let height = image.header.height
        var chosen = strategies.map { strategy -> [RowFilter] in
            switch strategy {
            case .none: [RowFilter](repeating: .none, count: height)
            case .sub: [RowFilter](repeating: .sub, count: height)
            case .up: [RowFilter](repeating: .up, count: height)
            case .average: [RowFilter](repeating: .average, count: height)
            case .paeth: [RowFilter](repeating: .paeth, count: height)
            case .minimumSum, .entropy, .bigrams: []
            }
        }
        let scored = strategies.indices.filter { chosen[$0].isEmpty }
        guard !scored.isEmpty else { return chosen }
        for index in scored { chosen[index] = [RowFilter](repeating: .none, count: height) }
        let stride = image.rowBytes
        let pixelStride = image.header.filterStride
        var trial = [UInt8](repeating: 0, count: stride)
        var scores = RowScores()
        image.rows.withUnsafeBufferPointer { rows in
            trial.withUnsafeMutableBufferPointer { trial in
                let base = rows.baseAddress!
                var best = [Double](repeating: 0, count: strategies.count)
                for y in 0..<height {
                    for index in scored { best[index] = .infinity }
                    for filter in RowFilter.allCases {
                        filter.filter(base + y * stride, previous: y == 0 ? nil : base + (y - 1) * stride,
                                      count: stride, stride: pixelStride, into: trial.baseAddress!)
                        for index in scored {
                            let score = scores.score(UnsafeBufferPointer(trial), by: strategies[index])
                            if score < best[index] {
                                best[index] = score
                                chosen[index][y] = filter
                            }
                        }
                    }
                }
            }
        }
        return chosen
    }

    /// The per-row scores, with the buffers they reuse from row to row.
    private struct RowScores {
        /// A mark per byte pair, a new generation for each count, so the 64 Ki marks are
        /// cleared only when the generation counter wraps.
        var pairMarks = [UInt32](repeating: 0, count: 1 << 16)
        var generation: UInt32 = 0
        var byteCounts = [Int](repeating: 0, count: 256)

        mutating func score(_ bytes: UnsafeBufferPointer<UInt8>, by strategy: Strategy) -> Double {
            switch strategy {
            case .minimumSum: signedSum(bytes)
            case .entropy: entropy(bytes)
            default: distinctPairs(bytes)
            }
        }

        /// The sum of the bytes read as signed values, by magnitude (a byte's magnitude is the
        /// smaller of it and its negation modulo 256).
        private func signedSum(_ bytes: UnsafeBufferPointer<UInt8>) -> Double {
            var sum = 0
            for byte in bytes { sum &+= Int(min(byte, 0 &- byte)) }
            return Double(sum)
        }

        /// The bytes' entropy times their count (in bits, negated counts' logarithms).
        private mutating func entropy(_ bytes: UnsafeBufferPointer<UInt8>) -> Double {
            byteCounts.withUnsafeMutableBufferPointer { counts in
                counts.update(repeating: 0)
                for byte in bytes { counts[Int(byte)] &+= 1 }
                var total = 0.0
                for count in counts where count > 0 { total -= Double(count) * log2(Double(count)) }
                return total
            }
        }

        /// How many distinct pairs of neighbouring bytes there are.
        private mutating func distinctPairs(_ bytes: UnsafeBufferPointer<UInt8>) -> Double {
            generation &+= 1
            if generation == 0 {
                pairMarks = [UInt32](repeating: 0, count: 1 << 16)
                generation = 1
            }
            guard bytes.count > 1 else { return 0 }
            var distinct = 0
            let current = generation
            pairMarks.withUnsafeMutableBufferPointer { marks in
                for i in 1..<bytes.count {
                    let pair = Int(bytes[i - 1]) << 8 | Int(bytes[i])
                    if marks[pair] != current { marks[pair] = current; distinct &+= 1 }
                }
            }
            return Double(distinct)
        }
    }

    /// The row filters whose data compresses smallest, by quick compression of every
    /// strategy (the first of equal sizes), and that size. Each strategy's data is written
    /// into `buffer`, one after another.
    static func bestFilters(_ image: PNGImage, buffer: inout [UInt8]) -> (filters: [RowFilter], quickSize: Int) {
        var best: (filters: [RowFilter], quickSize: Int)?
        for filters in rowFilters(image, strategies: Strategy.allCases) {
            filter(image, rowFilters: filters, into: &buffer)
            let size = Deflater.compressedSize(buffer, effort: .quick)
            if best == nil || size < best!.quickSize { best = (filters, size) }
        }
        return best!
    }

    /// The PNG file: IHDR, the chunks in `before` (colour chunks), PLTE, tRNS, the chunks in
    /// `after`, one IDAT of `compressed`, IEND.
    static func file(_ image: PNGImage, compressed: [UInt8], before: [PNGChunk], after: [PNGChunk]) -> [UInt8] {
        file(header: image.header, palette: image.palette, transparency: image.transparency, compressed: compressed, before: before, after: after)
    }

    /// The PNG file of an image given by its header, palette and transparency chunk's data
    /// rather than its pixels, which `compressed` already holds.
    static func file(header: PNGHeader, palette: [UInt8] = [], transparency: [UInt8] = [], compressed: [UInt8],
                     before: [PNGChunk] = [], after: [PNGChunk] = []) -> [UInt8] {
        var bytes = PNGFile.signature
        func chunk(_ type: String, _ data: some Collection<UInt8>) {
            bytes.appendBigEndian(UInt32(data.count))
            let start = bytes.count
            bytes += Array(type.utf8)
            bytes += data
            bytes.appendBigEndian(CRC32.checksum(bytes[start...]))
        }
        chunk("IHDR", header.chunkData)
        for kept in before { chunk(kept.type, kept.data) }
        if !palette.isEmpty { chunk("PLTE", palette) }
        if !transparency.isEmpty { chunk("tRNS", transparency) }
        for kept in after { chunk(kept.type, kept.data) }
        chunk("IDAT", compressed)
        chunk("IEND", [UInt8]())
        return bytes
    }
}
