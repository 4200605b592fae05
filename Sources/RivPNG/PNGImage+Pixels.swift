extension PNGImage {
    /// Every pixel as red, green, blue, alpha at 16 bits each, in row order: the
    /// palette looked up, tRNS applied, and samples of fewer bits scaled exactly
    /// (8-bit `v` becomes `v * 257`). Two images show the same thing when these are equal.
    /// A palette index past the palette's end reads as opaque black.
    public func rgba16() -> [UInt16] {
        let h = header
        let depth = Int(h.bitDepth)
        let rowStride = rowBytes
        let scale = depth == 16 ? 1 : 65535 / ((1 << depth) - 1)
        var out = [UInt16](repeating: 0, count: h.width * h.height * 4)
        func sample(_ rowStart: Int, _ index: Int) -> Int {
            if depth == 16 { return Int(rows[rowStart + 2 * index]) << 8 | Int(rows[rowStart + 2 * index + 1]) }
            if depth == 8 { return Int(rows[rowStart + index]) }
            let bit = index * depth
            return Int(rows[rowStart + bit >> 3] >> (8 - depth - bit & 7)) & ((1 << depth) - 1)
        }
        let key = stride(from: 0, to: transparency.count - 1, by: 2).map { Int(transparency[$0]) << 8 | Int(transparency[$0 + 1]) }
        let channels = h.colorType.channels
        for y in 0..<h.height {
            let rowStart = y * rowStride
            for x in 0..<h.width {
                let o = (y * h.width + x) * 4
                var samples = (0..<channels).map { sample(rowStart, x * channels + $0) }
                switch h.colorType {
                case .palette:
                    let index = samples[0]
                    if index * 3 + 2 < palette.count {
                        for k in 0..<3 { out[o + k] = UInt16(palette[index * 3 + k]) * 257 }
                    }
                    out[o + 3] = index < transparency.count ? UInt16(transparency[index]) * 257 : 65535
                    continue
                case .grey:
                    samples = [samples[0], samples[0], samples[0], key.count == 1 && key[0] == samples[0] ? 0 : (1 << depth) - 1]
                case .greyAlpha:
                    samples = [samples[0], samples[0], samples[0], samples[1]]
                case .rgb:
                    samples.append(key.count == 3 && key == samples ? 0 : (1 << depth) - 1)
                case .rgba:
                    break
                }
                for k in 0..<4 { out[o + k] = UInt16(samples[k] * scale) }
            }
        }
        return out
    }
}
