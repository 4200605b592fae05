/// An image to draw: its pixels premultiplied by alpha, 8 bits a channel.
public struct RasterImage: Sendable, Equatable {
    /// Width in pixels.
    public let width: Int
    /// Height in pixels.
    public let height: Int
    /// Red, green, blue and alpha of each pixel, the colours premultiplied, rows top to bottom.
    public let premultipliedRGBA: [UInt8]

    /// An image from straight (not premultiplied) RGBA bytes, rows top to bottom, as a PNG
    /// decoder gives them. Throws ``RasterError/imageSize(width:height:bytes:)`` unless the
    /// sides are 1 to ``Canvas/maximumSide`` and `rgba` holds `width * height * 4` bytes.
    public init(width: Int, height: Int, rgba: [UInt8]) throws(RasterError) {
        guard (1...Canvas.maximumSide).contains(width), (1...Canvas.maximumSide).contains(height),
              rgba.count == width * height * 4 else {
            throw .imageSize(width: width, height: height, bytes: rgba.count)
        }
        var pixels = rgba
        for i in stride(from: 0, to: pixels.count, by: 4) {
            let alpha = UInt32(pixels[i + 3])
            guard alpha != 255 else { continue }
            for k in 0..<3 { pixels[i + k] = UInt8((UInt32(pixels[i + k]) * alpha + 127) / 255) }
        }
        self.width = width
        self.height = height
        premultipliedRGBA = pixels
    }

    /// The bilinear sample at `point` of the image's coordinates (pixel (i, j) covers
    /// [i, i + 1] x [j, j + 1]; its colour is at the centre), edges extended, as premultiplied 0...1.
    @inline(__always)
    func sample(_ point: RasterPoint) -> SIMD4<Float> {
        let u = min(max(point.x - 0.5, 0), Double(width - 1)), v = min(max(point.y - 0.5, 0), Double(height - 1))
        guard u.isFinite, v.isFinite else { return .zero }
        let x0 = Int(u), y0 = Int(v)
        let x1 = min(x0 + 1, width - 1), y1 = min(y0 + 1, height - 1)
        let fx = Float(u - Double(x0)), fy = Float(v - Double(y0))
        func pixel(_ x: Int, _ y: Int) -> SIMD4<Float> {
            let i = (y * width + x) * 4
            return SIMD4(Float(premultipliedRGBA[i]), Float(premultipliedRGBA[i + 1]), Float(premultipliedRGBA[i + 2]), Float(premultipliedRGBA[i + 3]))
        }
        let top = pixel(x0, y0) + (pixel(x1, y0) - pixel(x0, y0)) * fx
        let bottom = pixel(x0, y1) + (pixel(x1, y1) - pixel(x0, y1)) * fx
        return (top + (bottom - top) * fy) / 255
    }
}
