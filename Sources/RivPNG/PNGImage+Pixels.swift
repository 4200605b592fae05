extension PNGImage {
    /// Every pixel as red, green, blue, alpha at 16 bits each, in row order: the
    /// palette looked up, tRNS applied, and samples of fewer bits scaled exactly
    /// (8-bit `v` becomes `v * 257`). Two images show the same thing when these are equal.
    /// A palette index past the palette's end reads as opaque black.
    public func rgba16() -> [UInt16] { samples { $0 } }

    /// ``rgba16()``'s samples, each its high byte (exact for images of 8 bits or fewer),
    /// made in the same walk without the 16-bit array.
    func rgba8() -> [UInt8] { samples { UInt8(truncatingIfNeeded: $0 >> 8) } }

    /// Every pixel's red, green, blue and alpha at 16 bits (as ``rgba16()`` describes them),
    /// each passed through `narrow` into the result. One pass over the rows, no memory per
    /// pixel beyond the result's.
    @inline(__always)
    private func samples<Sample: FixedWidthInteger>(_ narrow: (UInt16) -> Sample) -> [Sample] {
        let h = header
        let depth = Int(h.bitDepth)
        let rowStride = rowBytes
        let scale = depth == 16 ? 1 : 65535 / ((1 << depth) - 1)
        let opaque = (1 << depth) - 1
        let key = stride(from: 0, to: transparency.count - 1, by: 2).map { Int(transparency[$0]) << 8 | Int(transparency[$0 + 1]) }
        let greyKey = key.count == 1 ? key[0] : -1
        let colourKey = key.count == 3 ? (key[0], key[1], key[2]) : (-1, -1, -1)
        let channels = h.colorType.channels
        var out = [Sample](repeating: 0, count: h.width * h.height * 4)
        out.withUnsafeMutableBufferPointer { out in
            rows.withUnsafeBufferPointer { rows in
                @inline(__always) func sample(_ rowStart: Int, _ index: Int) -> Int {
                    if depth == 16 { return Int(rows[rowStart + 2 * index]) << 8 | Int(rows[rowStart + 2 * index + 1]) }
                    if depth == 8 { return Int(rows[rowStart + index]) }
                    let bit = index * depth
                    return Int(rows[rowStart + bit >> 3] >> (8 - depth - bit & 7)) & opaque
                }
                @inline(__always) func put(_ o: Int, _ r: Int, _ g: Int, _ b: Int, _ a: Int) {
                    out[o] = narrow(UInt16(r * scale))
                    out[o + 1] = narrow(UInt16(g * scale))
                    out[o + 2] = narrow(UInt16(b * scale))
                    out[o + 3] = narrow(UInt16(a * scale))
                }
                for y in 0..<h.height {
                    let rowStart = y * rowStride
                    for x in 0..<h.width {
                        let o = (y * h.width + x) * 4, first = x * channels
                        switch h.colorType {
                        case .palette:
                            let index = sample(rowStart, first)
                            if index * 3 + 2 < palette.count {
                                for k in 0..<3 { out[o + k] = narrow(UInt16(palette[index * 3 + k]) * 257) }
                            }
                            out[o + 3] = narrow(index < transparency.count ? UInt16(transparency[index]) * 257 : 65535)
                        case .grey:
                            let v = sample(rowStart, first)
                            put(o, v, v, v, v == greyKey ? 0 : opaque)
                        case .greyAlpha:
                            let v = sample(rowStart, first)
                            put(o, v, v, v, sample(rowStart, first + 1))
                        case .rgb:
                            let r = sample(rowStart, first), g = sample(rowStart, first + 1), b = sample(rowStart, first + 2)
                            put(o, r, g, b, (r, g, b) == colourKey ? 0 : opaque)
                        case .rgba:
                            put(o, sample(rowStart, first), sample(rowStart, first + 1), sample(rowStart, first + 2), sample(rowStart, first + 3))
                        }
                    }
                }
            }
        }
        return out
    }
}
