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

    /// The average of the image over a box `spanX` x `spanY` image pixels wide (each at
    /// least 1) centred on `point` of the image's coordinates (pixel (i, j) covers
    /// [i, i + 1] x [j, j + 1]), each pixel a uniform square, edges extended, as premultiplied
    /// 0...1: a pixel's weight is the share of the box it covers, along each axis. Spans of 1
    /// make the bilinear sample between pixel centres. It reads at most (⌈span⌉ + 1)² pixels.
    func sample(_ point: RasterPoint, spanX: Double = 1, spanY: Double = 1) -> SIMD4<Float> {
        guard point.x.isFinite, point.y.isFinite else { return .zero }
        // Beyond a span from the edges every pixel the box covers is an edge pixel.
        let u = min(max(point.x, -spanX), Double(width) + spanX), v = min(max(point.y, -spanY), Double(height) + spanY)
        let left = u - spanX / 2, right = u + spanX / 2, top = v - spanY / 2, bottom = v + spanY / 2
        var sum = SIMD4<Float>.zero
        var row = Int(top.rounded(.down))
        while Double(row) < bottom {
            let weightY = Float(min(bottom, Double(row + 1)) - max(top, Double(row)))
            let y = min(max(row, 0), height - 1)
            var rowSum = SIMD4<Float>.zero
            var column = Int(left.rounded(.down))
            while Double(column) < right {
                let weightX = Float(min(right, Double(column + 1)) - max(left, Double(column)))
                let i = (y * width + min(max(column, 0), width - 1)) * 4
                rowSum += SIMD4(Float(premultipliedRGBA[i]), Float(premultipliedRGBA[i + 1]),
                                Float(premultipliedRGBA[i + 2]), Float(premultipliedRGBA[i + 3])) * weightX
                column += 1
            }
            sum += rowSum * weightY
            row += 1
        }
        return sum / Float(spanX * spanY * 255)
    }
}
