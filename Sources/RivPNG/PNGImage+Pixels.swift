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
        let greyKey = key.count == 1 ? key[0] : -1
        let rgbKey = key.count == 3 ? (key[0], key[1], key[2]) : (-1, -1, -1)
        let opaque = (1 << depth) - 1
        let channels = h.colorType.channels
        // Each pixel's samples are read into locals (no array a pixel: the decode of a large
        // image spent most of its time allocating them).
        for y in 0..<h.height {
            let rowStart = y * rowStride
            for x in 0..<h.width {
                let o = (y * h.width + x) * 4
                let first = x * channels
                let r: Int, g: Int, b: Int, a: Int
                switch h.colorType {
                case .palette:
                    let index = sample(rowStart, first)
                    if index * 3 + 2 < palette.count {
                        for k in 0..<3 { out[o + k] = UInt16(palette[index * 3 + k]) * 257 }
                    }
                    out[o + 3] = index < transparency.count ? UInt16(transparency[index]) * 257 : 65535
                    continue
                case .grey:
                    let v = sample(rowStart, first)
                    (r, g, b, a) = (v, v, v, v == greyKey ? 0 : opaque)
                case .greyAlpha:
                    let v = sample(rowStart, first)
                    (r, g, b, a) = (v, v, v, sample(rowStart, first + 1))
                case .rgb:
                    (r, g, b) = (sample(rowStart, first), sample(rowStart, first + 1), sample(rowStart, first + 2))
                    a = (r, g, b) == rgbKey ? 0 : opaque
                case .rgba:
                    (r, g, b, a) = (sample(rowStart, first), sample(rowStart, first + 1), sample(rowStart, first + 2), sample(rowStart, first + 3))
                }
                out[o] = UInt16(r * scale)
                out[o + 1] = UInt16(g * scale)
                out[o + 2] = UInt16(b * scale)
                out[o + 3] = UInt16(a * scale)
            }
        }
        return out
    }
}
