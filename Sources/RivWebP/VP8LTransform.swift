/// A VP8L transform, undone after the pixels are decoded (VP8L spec, section 4).
enum VP8LTransform {
    /// Each pixel predicted from its neighbours by the mode of its block.
    case predictor(bits: Int, data: [UInt32], width: Int)
    /// Red and blue corrected by multiples of green and red, per block.
    case crossColour(bits: Int, data: [UInt32], width: Int)
    /// Green added to red and blue.
    case subtractGreen
    /// Indices (packed 1, 2, 4 or 8 to a pixel) into a palette.
    case colourIndexing(bits: Int, palette: [UInt32], width: Int)

    /// Adds two ARGB pixels channel by channel, modulo 256.
    static func add(_ a: UInt32, _ b: UInt32) -> UInt32 {
        ((a & 0xFF00_FF00) &+ (b & 0xFF00_FF00)) & 0xFF00_FF00 | ((a & 0x00FF_00FF) &+ (b & 0x00FF_00FF)) & 0x00FF_00FF
    }

    /// The pixels with the transform undone (`height` rows).
    func inverse(_ pixels: [UInt32], height: Int) -> [UInt32] {
        switch self {
        case .subtractGreen:
            return pixels.map { p in
                let green = p >> 8 & 0xFF
                return Self.add(p, green << 16 | green)
            }
        case .crossColour(let bits, let data, let width):
            let blocksWide = VP8LDecoder.blocks(width, bits)
            var out = pixels
            for y in 0..<height {
                for x in 0..<width {
                    let m = data[(y >> bits) * blocksWide + (x >> bits)]
                    let p = out[y * width + x]
                    let green = Int(Int8(truncatingIfNeeded: p >> 8))
                    var red = Int(p >> 16 & 0xFF), blue = Int(p & 0xFF)
                    red = (red + (Int(Int8(truncatingIfNeeded: m)) * green) >> 5) & 0xFF
                    blue += (Int(Int8(truncatingIfNeeded: m >> 8)) * green) >> 5
                    blue = (blue + (Int(Int8(truncatingIfNeeded: m >> 16)) * Int(Int8(truncatingIfNeeded: red))) >> 5) & 0xFF
                    out[y * width + x] = p & 0xFF00_FF00 | UInt32(red) << 16 | UInt32(blue)
                }
            }
            return out
        case .colourIndexing(let bits, let palette, let width):
            let packedWidth = VP8LDecoder.blocks(width, bits)
            let perPixel = 8 >> bits, mask = (1 << perPixel) - 1
            var out = [UInt32](repeating: 0, count: width * height)
            for y in 0..<height {
                for x in 0..<width {
                    let packed = Int(pixels[y * packedWidth + (x >> bits)] >> 8 & 0xFF)
                    let index = packed >> ((x & ((1 << bits) - 1)) * perPixel) & mask
                    out[y * width + x] = index < palette.count ? palette[index] : 0
                }
            }
            return out
        case .predictor(let bits, let data, let width):
            return VP8LPredictor.inverse(pixels, width: width, height: height, bits: bits, modes: data)
        }
    }
}

/// The predictor transform: each pixel is its residual plus a prediction from the pixels
/// left of it, above it, above-left and above-right, by one of 14 modes.
enum VP8LPredictor {
    static func inverse(_ residuals: [UInt32], width: Int, height: Int, bits: Int, modes: [UInt32]) -> [UInt32] {
        var p = residuals
        let blocksWide = VP8LDecoder.blocks(width, bits)
        for y in 0..<height {
            for x in 0..<width {
                let at = y * width + x
                let prediction: UInt32
                if y == 0 {
                    prediction = x == 0 ? 0xFF00_0000 : p[at - 1]
                } else if x == 0 {
                    prediction = p[at - width]
                } else {
                    let mode = Int(modes[(y >> bits) * blocksWide + (x >> bits)] >> 8 & 0xF)
                    // Above-right of the last column is the first pixel of the current row, as in memory.
                    prediction = predict(mode, left: p[at - 1], top: p[at - width], topLeft: p[at - width - 1], topRight: p[at - width + 1])
                }
                p[at] = VP8LTransform.add(p[at], prediction)
            }
        }
        return p
    }

    private static func average(_ a: UInt32, _ b: UInt32) -> UInt32 { (((a ^ b) & 0xFEFE_FEFE) >> 1) &+ (a & b) }

    private static func channels(_ p: UInt32) -> [Int] { [Int(p >> 24), Int(p >> 16 & 0xFF), Int(p >> 8 & 0xFF), Int(p & 0xFF)] }

    private static func pixel(_ c: [Int]) -> UInt32 {
        UInt32(c[0]) << 24 | UInt32(c[1]) << 16 | UInt32(c[2]) << 8 | UInt32(c[3])
    }

    private static func predict(_ mode: Int, left l: UInt32, top t: UInt32, topLeft tl: UInt32, topRight tr: UInt32) -> UInt32 {
        switch mode {
        case 1: return l
        case 2: return t
        case 3: return tr
        case 4: return tl
        case 5: return average(average(l, tr), t)
        case 6: return average(l, tl)
        case 7: return average(l, t)
        case 8: return average(tl, t)
        case 9: return average(t, tr)
        case 10: return average(average(l, tl), average(t, tr))
        case 11:
            let (cl, ct, ctl) = (channels(l), channels(t), channels(tl))
            let towardsLeft = (0..<4).reduce(0) { $0 + abs(cl[$1] - ctl[$1]) - abs(ct[$1] - ctl[$1]) }
            return towardsLeft <= 0 ? t : l
        case 12:
            let (cl, ct, ctl) = (channels(l), channels(t), channels(tl))
            return pixel((0..<4).map { min(255, max(0, cl[$0] + ct[$0] - ctl[$0])) })
        case 13:
            let (ca, ctl) = (channels(average(l, t)), channels(tl))
            return pixel((0..<4).map { min(255, max(0, ca[$0] + (ca[$0] - ctl[$0]) / 2)) })
        default:
            return 0xFF00_0000
        }
    }
}
