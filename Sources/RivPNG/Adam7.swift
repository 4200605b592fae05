/// The seven passes of Adam7 interlacing, each a grid of pixels that starts at
/// (`x`, `y`) and steps by (`dx`, `dy`); and moving pixels between a pass and the whole image.
struct Adam7: Sendable {
    let x: Int, y: Int, dx: Int, dy: Int

    static let passes = [
        Adam7(x: 0, y: 0, dx: 8, dy: 8), Adam7(x: 4, y: 0, dx: 8, dy: 8),
        Adam7(x: 0, y: 4, dx: 4, dy: 8), Adam7(x: 2, y: 0, dx: 4, dy: 4),
        Adam7(x: 0, y: 2, dx: 2, dy: 4), Adam7(x: 1, y: 0, dx: 2, dy: 2),
        Adam7(x: 0, y: 1, dx: 1, dy: 2),
    ]
    /// The single "pass" of a non-interlaced image.
    static let whole = Adam7(x: 0, y: 0, dx: 1, dy: 1)

    /// Columns and rows of this pass in an image of the given size.
    func size(width: Int, height: Int) -> (columns: Int, rows: Int) {
        (width > x ? (width - x + dx - 1) / dx : 0, height > y ? (height - y + dy - 1) / dy : 0)
    }

    /// Copies this pass's pixels (packed rows of `passStride` bytes) into their places in
    /// `image` (packed rows of `imageStride` bytes).
    func scatter(_ pass: UnsafeBufferPointer<UInt8>, passStride: Int, columns: Int, rows: Int,
                 into image: UnsafeMutableBufferPointer<UInt8>, imageStride: Int, bitsPerPixel: Int) {
        if bitsPerPixel >= 8 {
            let bytes = bitsPerPixel / 8
            for row in 0..<rows {
                let source = row * passStride
                let target = (y + row * dy) * imageStride
                for column in 0..<columns {
                    let from = source + column * bytes
                    let to = target + (x + column * dx) * bytes
                    for k in 0..<bytes { image[to + k] = pass[from + k] }
                }
            }
            return
        }
        let mask = UInt8((1 << bitsPerPixel) - 1)
        for row in 0..<rows {
            let source = row * passStride
            let target = (y + row * dy) * imageStride
            for column in 0..<columns {
                let fromBit = column * bitsPerPixel
                let value = (pass[source + fromBit >> 3] >> (8 - bitsPerPixel - fromBit & 7)) & mask
                let toBit = (x + column * dx) * bitsPerPixel
                let shift = 8 - bitsPerPixel - toBit & 7
                let index = target + toBit >> 3
                image[index] = image[index] & ~(mask << shift) | value << shift
            }
        }
    }
}
