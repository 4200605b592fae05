/// A paint made ready for pixels: the premultiplied colours of canvas pixels' centres.
struct ColorSource {
    private enum Kind {
        case solid(SIMD4<Float>)
        /// Position = dot(p, axis) + offset on the canvas, looked up in the table.
        case linear(axisX: Double, axisY: Double, offset: Double, table: [SIMD4<Float>])
        /// Position = distance from the centre, in the path's coordinates, over the radius.
        case radial(inverse: RasterTransform, center: RasterPoint, radius: Double, table: [SIMD4<Float>])
        /// An image in the path's coordinates, averaged over a box `spanX` x `spanY` of its
        /// pixels around each pixel's centre (spans of 1: bilinear).
        case image(inverse: RasterTransform, image: RasterImage, opacity: Float, spanX: Double, spanY: Double)
    }

    private let kind: Kind

    /// Entries in a gradient's colour table.
    static let tableSize = 1024

    /// The premultiplied RGBA (0...1) of 0xAARRGGBB times `opacity`.
    static func premultiplied(_ argb: UInt32, opacity: Float) -> SIMD4<Float> {
        let a = Float(argb >> 24) / 255 * opacity
        let rgb = SIMD3<Float>(Float(argb >> 16 & 0xFF), Float(argb >> 8 & 0xFF), Float(argb & 0xFF)) / 255
        return SIMD4(rgb * a, a)
    }

    /// The colour of every pixel when the source is one colour; nil for gradients and images.
    var solidColor: SIMD4<Float>? {
        if case .solid(let color) = kind { return color }
        return nil
    }

    /// The source of `paint` drawn under the transform whose inverse is `inverse`.
    init(_ paint: RasterPaint, inverse: RasterTransform) {
        let opacity = Float(min(max(paint.opacity, 0), 1))
        switch paint.shader {
        case .solid(let color):
            kind = .solid(ColorSource.premultiplied(color, opacity: opacity))
        case .linear(let start, let end, let stops):
            let table = ColorSource.table(stops, opacity: opacity)
            let axis = end - start
            let lengthSquared = axis.dot(axis)
            guard lengthSquared > 0 else { kind = .solid(table[table.count - 1]); return }
            // Position of local point q: dot(q - start, axis) / |axis|^2, with q = inverse(p).
            let scale = 1 / lengthSquared
            let ax = (inverse.a * axis.x + inverse.b * axis.y) * scale
            let ay = (inverse.c * axis.x + inverse.d * axis.y) * scale
            let offset = (RasterPoint(inverse.tx, inverse.ty) - start).dot(axis) * scale
            kind = .linear(axisX: ax, axisY: ay, offset: offset, table: table)
        case .radial(let center, let radius, let stops):
            let table = ColorSource.table(stops, opacity: opacity)
            guard radius > 0 else { kind = .solid(table[table.count - 1]); return }
            kind = .radial(inverse: inverse, center: center, radius: radius, table: table)
        }
    }

    /// The widest box, in image pixels along each axis, a pixel of a shrunken image averages.
    static let maximumImageSpan = 16.0

    /// The source of an image drawn over its `width` x `height` rectangle under `inverse`'s
    /// inverse, filtered as cairo's "good" filter (rsvg's) filters it: along each axis a pixel
    /// spans the image pixels one canvas pixel steps over; a span under 4/3 (an image enlarged,
    /// or shrunk to more than 3/4) is sampled bilinearly, a wider one averaged over a box that
    /// wide (at most ``maximumImageSpan``).
    init(image: RasterImage, inverse: RasterTransform, opacity: Double) {
        func span(_ x: Double, _ y: Double) -> Double {
            let span = (x * x + y * y).squareRoot()
            guard span.isFinite else { return ColorSource.maximumImageSpan }
            return span < 4.0 / 3 ? 1 : min(span, ColorSource.maximumImageSpan)
        }
        kind = .image(inverse: inverse, image: image, opacity: Float(min(max(opacity, 0), 1)),
                      spanX: span(inverse.a, inverse.b), spanY: span(inverse.c, inverse.d))
    }

    /// The colours at the centres of the `count` canvas pixels from (x, y) rightward, into `colors`.
    func colors(x: Int, y: Int, count: Int, into colors: UnsafeMutablePointer<SIMD4<Float>>) {
        let py = Double(y) + 0.5
        switch kind {
        case .solid(let color):
            colors.update(repeating: color, count: count)
        case .linear(let ax, let ay, let offset, let table):
            table.withUnsafeBufferPointer { table in
                let start = ax * (Double(x) + 0.5) + ay * py + offset
                for i in 0..<count { colors[i] = ColorSource.lookup(table, start + ax * Double(i)) }
            }
        case .radial(let inverse, let center, let radius, let table):
            table.withUnsafeBufferPointer { table in
                let scale = 1 / radius
                for i in 0..<count {
                    let q = inverse.apply(RasterPoint(Double(x + i) + 0.5, py))
                    colors[i] = ColorSource.lookup(table, (q - center).length * scale)
                }
            }
        case .image(let inverse, let image, let opacity, let spanX, let spanY):
            for i in 0..<count {
                let point = inverse.apply(RasterPoint(Double(x + i) + 0.5, py))
                colors[i] = image.sample(point, spanX: spanX, spanY: spanY) * opacity
            }
        }
    }

    @inline(__always)
    private static func lookup(_ table: UnsafeBufferPointer<SIMD4<Float>>, _ t: Double) -> SIMD4<Float> {
        let clamped = t.isNaN ? 0 : min(max(t, 0), 1)
        return table[Int((clamped * Double(table.count - 1)).rounded())]
    }

    /// The gradient's colours at ``tableSize`` evenly spaced positions, premultiplied after
    /// interpolating the unpremultiplied stops (as SVG does); stops out of order are taken in
    /// position order, and no stops paint transparent.
    static func table(_ stops: [GradientStop], opacity: Float) -> [SIMD4<Float>] {
        let sorted = stops.enumerated().sorted { ($0.element.position, $0.offset) < ($1.element.position, $1.offset) }.map(\.element)
        guard let first = sorted.first, let last = sorted.last else { return [SIMD4(repeating: 0)] }
        func straight(_ argb: UInt32) -> SIMD4<Float> {
            SIMD4(Float(argb >> 16 & 0xFF), Float(argb >> 8 & 0xFF), Float(argb & 0xFF), Float(argb >> 24)) / 255
        }
        var table = [SIMD4<Float>](repeating: .zero, count: tableSize)
        var next = 0
        for i in 0..<tableSize {
            let t = Double(i) / Double(tableSize - 1)
            while next < sorted.count && sorted[next].position <= t { next += 1 }
            let c: SIMD4<Float>
            if next == 0 { c = straight(first.color) }
            else if next == sorted.count { c = straight(last.color) }
            else {
                let a = sorted[next - 1], b = sorted[next]
                let f = Float((t - a.position) / (b.position - a.position))
                c = straight(a.color) + (straight(b.color) - straight(a.color)) * f
            }
            let alpha = c.w * opacity
            table[i] = SIMD4(c.x * alpha, c.y * alpha, c.z * alpha, alpha)
        }
        return table
    }
}
