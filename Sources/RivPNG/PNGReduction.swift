/// Lossless changes of pixel format: every candidate decodes to exactly the same
/// colours and alphas as the image it came from.
///
/// - 16 bits to 8 when every sample's two bytes are equal (v * 257 at 16 bits is v at 8).
/// - 8-bit grey, grey+alpha, RGB and RGBA (tRNS colour key included) to a palette when
///   at most 256 colour+alpha values occur; the palette's translucent entries come first,
///   so tRNS is as short as it can be; 1, 2 or 4 bits per index when the count allows.
/// - RGB(A) to grey(+alpha) when red, green and blue are equal in every pixel; alpha
///   dropped when every pixel is opaque.
/// With `keepColourFamily` (the file has an ICC profile or cICP, which is tied to grey or
/// colour), grey stays grey and colour stays colour.
///
/// The pixels are read a row at a time (``rgbaRow(_:of:into:)``), never copied whole, and
/// the candidates are made one at a time, so at most one of them is held besides the image.
enum PNGReduction {
    /// Calls `body` with each candidate in turn, the image in its own format (its rows
    /// shared when that format stays) first, then the palette, when there is one.
    static func forEachCandidate(of image: PNGImage, keepColourFamily: Bool, _ body: (PNGImage) -> Void) {
        var image = image
        if image.header.bitDepth == 16, let reduced = to8Bit(image) { image = reduced }
        guard image.header.bitDepth == 8, image.header.colorType != .palette else { return body(image) }
        let header = image.header
        let sourceIsGrey = header.colorType == .grey || header.colorType == .greyAlpha
        var row = [UInt32](repeating: 0, count: header.width)
        var survey = ColourSurvey()
        for y in 0..<header.height where !survey.isComplete {
            rgbaRow(y, of: image, into: &row)
            row.withUnsafeBufferPointer { survey.add($0) }
        }
        let allOpaque = survey.allOpaque, allGrey = survey.allGrey, colours = survey.colours
        // A pixel format that stays the same keeps the rows as they are (only a tRNS key goes).
        if allGrey && (!keepColourFamily || sourceIsGrey) {
            let type: PNGHeader.ColorType = allOpaque ? .grey : .greyAlpha
            let channels = allOpaque ? 1 : 2
            let rows = type == header.colorType ? image.rows : pack(image, channels: channels, row: &row) { pixel, out in
                out[0] = UInt8(pixel >> 24)
                if channels == 2 { out[1] = UInt8(truncatingIfNeeded: pixel) }
            }
            body(make(header, type, 8, rows: rows))
        } else if !sourceIsGrey {
            let type: PNGHeader.ColorType = allOpaque ? .rgb : .rgba
            let channels = allOpaque ? 3 : 4
            let rows = type == header.colorType ? image.rows : pack(image, channels: channels, row: &row) { pixel, out in
                for k in 0..<channels { out[k] = UInt8(truncatingIfNeeded: pixel >> UInt32(24 - 8 * k)) }
            }
            body(make(header, type, 8, rows: rows))
        } else {
            body(image)
        }
        if colours.count <= 256 && (!keepColourFamily || !sourceIsGrey) {
            // Translucent entries first, so tRNS ends at the last of them.
            let order = colours.indices.sorted { (colours[$0] & 0xFF == 255 ? 1 : 0, $0) < (colours[$1] & 0xFF == 255 ? 1 : 0, $1) }
            var newIndex = [Int](repeating: 0, count: colours.count)
            for (position, old) in order.enumerated() { newIndex[old] = position }
            let depth: UInt8 = colours.count <= 2 ? 1 : colours.count <= 4 ? 2 : colours.count <= 16 ? 4 : 8
            let paletteHeader = PNGHeader(width: header.width, height: header.height, bitDepth: depth, colorType: .palette, interlaced: false)
            let stride = paletteHeader.rowBytes(pixels: header.width)
            var rows = [UInt8](repeating: 0, count: stride * header.height)
            let bits = Int(depth)
            for y in 0..<header.height {
                rgbaRow(y, of: image, into: &row)
                row.withUnsafeBufferPointer { pixels in
                    for x in 0..<header.width {
                        // With at most 256 colours the survey kept every pixel's colour.
                        let index = UInt8(newIndex[survey.index(of: pixels[x])!])
                        let bit = x * bits
                        rows[y * stride + bit >> 3] |= index << UInt8(8 - bits - bit & 7)
                    }
                }
            }
            var palette: [UInt8] = [], alphas: [UInt8] = []
            for old in order {
                let c = colours[old]
                palette += [UInt8(c >> 24), UInt8(c >> 16 & 0xFF), UInt8(c >> 8 & 0xFF)]
                alphas.append(UInt8(c & 0xFF))
            }
            let translucent = alphas.lastIndex { $0 != 255 }.map { $0 + 1 } ?? 0
            body(PNGImage(header: paletteHeader, palette: palette, transparency: Array(alphas[0..<translucent]), rows: rows))
        }
    }

    /// The rows of `image`, `channels` bytes a pixel, each pixel's written by `write` from its
    /// 0xRRGGBBAA value; `row` is the buffer of one row's pixels.
    @inline(__always)
    private static func pack(_ image: PNGImage, channels: Int, row: inout [UInt32],
                             _ write: (UInt32, UnsafeMutablePointer<UInt8>) -> Void) -> [UInt8] {
        let width = image.header.width
        var rows = [UInt8](repeating: 0, count: width * image.header.height * channels)
        rows.withUnsafeMutableBufferPointer { rows in
            for y in 0..<image.header.height {
                rgbaRow(y, of: image, into: &row)
                row.withUnsafeBufferPointer { pixels in
                    let target = rows.baseAddress! + y * width * channels
                    for (x, pixel) in pixels.enumerated() { write(pixel, target + x * channels) }
                }
            }
        }
        return rows
    }

    private static func make(_ header: PNGHeader, _ type: PNGHeader.ColorType, _ depth: UInt8, rows: [UInt8]) -> PNGImage {
        PNGImage(header: PNGHeader(width: header.width, height: header.height, bitDepth: depth, colorType: type, interlaced: false),
                 palette: [], transparency: [], rows: rows)
    }

    /// The 8-bit image, when every 16-bit sample (and the tRNS key) has equal bytes.
    static func to8Bit(_ image: PNGImage) -> PNGImage? {
        let rows = image.rows
        var i = 0
        while i < rows.count {
            if rows[i] != rows[i + 1] { return nil }
            i += 2
        }
        var key = image.transparency
        if !key.isEmpty {
            // A key no 8-bit sample can equal marks no pixel transparent: drop it.
            let exact = stride(from: 0, to: key.count, by: 2).allSatisfy { key[$0] == key[$0 + 1] }
            key = exact ? stride(from: 0, to: key.count, by: 2).flatMap { [0, key[$0]] } : []
        }
        let reduced = stride(from: 0, to: rows.count, by: 2).map { rows[$0] }
        let h = image.header
        return PNGImage(header: PNGHeader(width: h.width, height: h.height, bitDepth: 8, colorType: h.colorType, interlaced: false),
                        palette: [], transparency: key, rows: reduced)
    }

    /// Each pixel of row `y` of an 8-bit grey, grey+alpha, RGB or RGBA image as 0xRRGGBBAA,
    /// its tRNS key applied, into `pixels` (`width` of them).
    static func rgbaRow(_ y: Int, of image: PNGImage, into pixels: inout [UInt32]) {
        let count = image.header.width
        let key = image.transparency
        // The opaque pixel the tRNS key makes transparent, when the key is one an 8-bit sample can equal.
        let keyed: UInt32? = switch image.header.colorType {
        case .grey where key.count == 2 && key[0] == 0: UInt32(key[1]) * 0x0101_0100 | 255
        case .rgb where key.count == 6 && key[0] == 0 && key[2] == 0 && key[4] == 0:
            UInt32(key[1]) << 24 | UInt32(key[3]) << 16 | UInt32(key[5]) << 8 | 255
        default: nil
        }
        image.rows.withUnsafeBufferPointer { rows in
            pixels.withUnsafeMutableBufferPointer { pixels in
                let rows = rows.baseAddress! + y * image.rowBytes
                @inline(__always) func opaque(_ i: Int, _ pixel: UInt32) { pixels[i] = pixel == keyed ? pixel & ~0xFF : pixel }
                switch image.header.colorType {
                case .grey:
                    for i in 0..<count { opaque(i, UInt32(rows[i]) * 0x0101_0100 | 255) }
                case .greyAlpha:
                    for i in 0..<count { pixels[i] = UInt32(rows[2 * i]) * 0x0101_0100 | UInt32(rows[2 * i + 1]) }
                case .rgb:
                    for i in 0..<count {
                        opaque(i, UInt32(rows[3 * i]) << 24 | UInt32(rows[3 * i + 1]) << 16 | UInt32(rows[3 * i + 2]) << 8 | 255)
                    }
                case .rgba:
                    let bytes = UnsafeRawPointer(rows)
                    for i in 0..<count { pixels[i] = UInt32(bigEndian: bytes.loadUnaligned(fromByteOffset: 4 * i, as: UInt32.self)) }
                case .palette:
                    break
                }
            }
        }
    }
}
