/// A decoded image as 8-bit red, green, blue and alpha samples, alpha not premultiplied:
/// what the package's image decoders (JPEG, WebP) give and a renderer samples.
///
/// Pixels are in row order, top row first, four bytes each, with no padding between rows.
public struct RGBAImage: Equatable, Sendable {
    /// Width in pixels (at least 1).
    public let width: Int
    /// Height in pixels (at least 1).
    public let height: Int
    /// `width * height * 4` bytes: red, green, blue, alpha for each pixel in row order.
    public var pixels: [UInt8]

    /// An image of `width` x `height` pixels from its samples; `pixels` must hold
    /// `width * height * 4` bytes.
    public init(width: Int, height: Int, pixels: [UInt8]) {
        precondition(width > 0 && height > 0 && pixels.count == width * height * 4, "RGBAImage: \(pixels.count) bytes for \(width)x\(height)")
        self.width = width
        self.height = height
        self.pixels = pixels
    }

    /// The bytes an image of `width` x `height` pixels holds, or nil when that overflows.
    public static func byteCount(width: Int, height: Int) -> Int? {
        let (pixels, overflow) = width.multipliedReportingOverflow(by: height)
        guard !overflow, pixels <= Int.max / 4 else { return nil }
        return pixels * 4
    }

    /// The red, green, blue and alpha samples of the pixel at column `x`, row `y`.
    public subscript(x: Int, y: Int) -> (red: UInt8, green: UInt8, blue: UInt8, alpha: UInt8) {
        let at = (y * width + x) * 4
        return (pixels[at], pixels[at + 1], pixels[at + 2], pixels[at + 3])
    }
}
