import RivPNG

/// A transparent picture that paths and images are drawn on, anti-aliased by exact area
/// coverage, then written as PNG.
///
/// Pixels are held as premultiplied red, green, blue and alpha in 32-bit floats (16 bytes a
/// pixel): blend modes, gradients, feathers and many translucent layers are computed and
/// kept without rounding to 8 bits after each drawing (which would drift by up to half a
/// level a layer); they are rounded once, by ``rgba8()`` and ``pngData()``.
///
/// ```swift
/// let canvas = try Canvas(width: 64, height: 64)
/// var square = RasterPath()
/// square.move(to: RasterPoint(8, 8)); square.line(to: RasterPoint(56, 8))
/// square.line(to: RasterPoint(56, 56)); square.line(to: RasterPoint(8, 56)); square.close()
/// try canvas.fill(square, paint: .color(0xFF_FF0000))
/// let png = try canvas.pngData()
/// ```
///
/// Bounds: at most ``maximumSide`` pixels a side and ``maximumPixels`` in all, paths of at
/// most ``maximumPathPoints`` points, ``maximumClipDepth`` clips; a drawing's memory is
/// linear in its path and in the pixels it touches. Non-finite numbers are refused with
/// ``RasterError``; nothing is drawn by a refused call.
public final class Canvas {
    /// The most pixels a side.
    public static let maximumSide = 16384
    /// The most pixels in all (2^25: 512 MiB of pixels).
    public static let maximumPixels = 1 << 25
    /// The most points a path may hold.
    public static let maximumPathPoints = 1 << 22
    /// The most clips pushed at once.
    public static let maximumClipDepth = 64
    /// The largest distance, in pixels, between a curve or arc and the lines that draw it.
    static let tolerance = 0.02

    /// Width in pixels.
    public let width: Int
    /// Height in pixels.
    public let height: Int
    private var pixels: [SIMD4<Float>]
    /// The clips in effect, each already intersected with the ones below it.
    private var clips: [ClipMask] = []
    /// Memory kept from drawing to drawing for the accumulator's cells, the coverage and the
    /// blur's second buffer, and the buffers of popped clips for the next clips pushed (at most
    /// as many as were pushed at once), so that a large drawing does not map fresh pages.
    private var cellStorage: [Float] = [], maskStorage: [Float] = [], blurStorage: [Float] = []
    private var clipStorage: [[Float]] = []
    private var bounds: PixelBox { PixelBox(x: 0, y: 0, width: width, height: height) }

    /// A transparent canvas. Throws ``RasterError/canvasSize(width:height:)`` outside the bounds.
    public init(width: Int, height: Int) throws(RasterError) {
        guard (1...Canvas.maximumSide).contains(width), (1...Canvas.maximumSide).contains(height),
              width * height <= Canvas.maximumPixels else { throw .canvasSize(width: width, height: height) }
        self.width = width
        self.height = height
        pixels = [SIMD4<Float>](repeating: .zero, count: width * height)
    }

    /// Fills `path`, drawn through `transform`, with `paint`, where `rule` says it is inside.
    public func fill(_ path: RasterPath, rule: FillRule = .nonZero, paint: RasterPaint, transform: RasterTransform = .identity) throws(RasterError) {
        try check(path, transform)
        try check(paint)
        guard let inverse = transform.inverse else { return }
        let contours = Contour.flatten(path, transform: transform, tolerance: Canvas.tolerance, visible: visibleArea(feather: paint.feather, transform))
        draw(contours, rule: rule, mirrored: transform.determinant < 0, feather: paint.feather, transform: transform,
             source: ColorSource(paint, inverse: inverse), blendMode: paint.blendMode)
    }

    /// Strokes `path` `thickness` wide with `paint`. The stroke is made in the path's own
    /// coordinates, then drawn through `transform` (so a transform that stretches one way
    /// stretches the stroke's width too), as Rive's runtime does.
    public func stroke(_ path: RasterPath, thickness: Double, cap: StrokeCap = .butt, join: StrokeJoin = .miter,
                       paint: RasterPaint, transform: RasterTransform = .identity) throws(RasterError) {
        try check(path, transform)
        try check(paint)
        guard thickness.isFinite else { throw .notFinite("stroke thickness") }
        guard thickness > 0, let inverse = transform.inverse else { return }
        let tolerance = Canvas.tolerance / transform.maximumScale
        let local = Contour.flatten(path, transform: .identity, tolerance: tolerance)
        var stroker = Stroker(halfWidth: thickness / 2, cap: cap, join: join, tolerance: tolerance)
        let outline = stroker.outline(local)
        let contours = outline.map { Contour(points: $0.points.map(transform.apply), closed: true) }
        draw(contours, rule: .nonZero, mirrored: false, feather: paint.feather, transform: transform,
             source: ColorSource(paint, inverse: inverse), blendMode: paint.blendMode)
    }

    /// Draws `image` over the rectangle (0, 0)-(width, height) of its own coordinates, through
    /// `transform`, sampled bilinearly, its edges anti-aliased.
    public func drawImage(_ image: RasterImage, transform: RasterTransform = .identity, opacity: Double = 1,
                          blendMode: BlendMode = .srcOver) throws(RasterError) {
        guard transform.isFinite else { throw .notFinite("image transform") }
        guard opacity.isFinite else { throw .notFinite("image opacity") }
        guard let inverse = transform.inverse else { return }
        let w = Double(image.width), h = Double(image.height)
        let corners = [RasterPoint(0, 0), RasterPoint(w, 0), RasterPoint(w, h), RasterPoint(0, h)].map(transform.apply)
        draw([Contour(points: corners, closed: true)], rule: .nonZero, mirrored: false, feather: 0, transform: transform,
             source: ColorSource(image: image, inverse: inverse, opacity: opacity), blendMode: blendMode)
    }

    /// Draws the triangles of an image mesh: `vertices` in the mesh's coordinates (drawn through
    /// `transform`), `uvs` the matching points of the image (0...1 across each side), `indices`
    /// three a triangle. Each triangle is drawn on its own (as Rive's runtime hands them over).
    public func drawImageMesh(_ image: RasterImage, vertices: [RasterPoint], uvs: [RasterPoint], indices: [Int],
                              transform: RasterTransform = .identity, opacity: Double = 1,
                              blendMode: BlendMode = .srcOver) throws(RasterError) {
        guard vertices.count == uvs.count else { throw .badMesh("\(vertices.count) vertices but \(uvs.count) texture coordinates") }
        guard indices.count % 3 == 0 else { throw .badMesh("\(indices.count) indices is not a whole number of triangles") }
        guard vertices.count + indices.count <= Canvas.maximumPathPoints else { throw .tooManyPoints(vertices.count + indices.count) }
        if let bad = indices.first(where: { !vertices.indices.contains($0) }) {
            throw .badMesh("index \(bad) is not one of the \(vertices.count) vertices")
        }
        guard vertices.allSatisfy(\.isFinite), uvs.allSatisfy(\.isFinite) else { throw .notFinite("mesh vertex or texture coordinate") }
        guard transform.isFinite, opacity.isFinite else { throw .notFinite("mesh transform or opacity") }
        let w = Double(image.width), h = Double(image.height)
        for t in stride(from: 0, to: indices.count, by: 3) {
            let p = (0..<3).map { transform.apply(vertices[indices[t + $0]]) }
            let q = (0..<3).map { RasterPoint(uvs[indices[t + $0]].x * w, uvs[indices[t + $0]].y * h) }
            // The affine map taking the triangle's image points to its canvas points.
            guard let imageToTriangle = RasterTransform(q[1].x - q[0].x, q[1].y - q[0].y, q[2].x - q[0].x, q[2].y - q[0].y, q[0].x, q[0].y).inverse,
                  let inverse = RasterTransform(p[1].x - p[0].x, p[1].y - p[0].y, p[2].x - p[0].x, p[2].y - p[0].y, p[0].x, p[0].y)
                      .concatenating(imageToTriangle).inverse else { continue }
            draw([Contour(points: p, closed: true)], rule: .nonZero, mirrored: false, feather: 0, transform: transform,
                 source: ColorSource(image: image, inverse: inverse, opacity: opacity), blendMode: blendMode)
        }
    }

    /// Clips every later drawing to `path` (drawn through `transform`, inside by `rule`), within
    /// the clips already pushed, until ``popClip()``. The clip is a coverage mask: its edges
    /// are anti-aliased.
    public func pushClip(_ path: RasterPath, rule: FillRule = .nonZero, transform: RasterTransform = .identity) throws(RasterError) {
        try check(path, transform)
        guard clips.count < Canvas.maximumClipDepth else { throw .clipTooDeep }
        let limit = clips.last?.mask.box ?? bounds
        let contours = Contour.flatten(path, transform: transform, tolerance: Canvas.tolerance,
                                       visible: (Double(limit.x), Double(limit.y), Double(limit.maxX), Double(limit.maxY)))
        let box = PixelBox.covering(contours, within: limit)
        guard !box.isEmpty else { clips.append(.empty); return }
        var accumulator = CoverageAccumulator(box: box, storage: take(&cellStorage))
        accumulator.add(contours)
        var mask = accumulator.mask(rule: rule, mirrored: transform.determinant < 0, storage: clipStorage.popLast() ?? [])
        cellStorage = accumulator.storage()
        if let below = clips.last { mask.intersect(with: below.mask) }
        clips.append(ClipMask(mask))
    }

    /// Removes the clip pushed last. Throws ``RasterError/noClipToPop`` when there is none.
    public func popClip() throws(RasterError) {
        guard let clip = clips.popLast() else { throw .noClipToPop }
        if !clip.mask.values.isEmpty { clipStorage.append(clip.mask.values) }
    }

    /// Every pixel as red, green, blue and alpha, 8 bits each, not premultiplied (as PNG
    /// stores them), rows top to bottom.
    public func rgba8() -> [UInt8] {
        var bytes = [UInt8](repeating: 0, count: width * height * 4)
        bytes.withUnsafeMutableBufferPointer { bytes in
            for y in 0..<height { writeRGBA8(row: y, into: UnsafeMutableBufferPointer(rebasing: bytes[y * width * 4..<(y + 1) * width * 4])) }
        }
        return bytes
    }

    /// Row `y` rounded to straight 8-bit RGBA into `bytes` (`width * 4` of them): alpha
    /// rounded half up, each colour divided by it and rounded; a pixel whose alpha rounds to 0
    /// is all 0.
    private func writeRGBA8(row y: Int, into bytes: UnsafeMutableBufferPointer<UInt8>) {
        pixels.withUnsafeBufferPointer { pixels in
            let start = y * width
            for x in 0..<width {
                let pixel = pixels[start + x]
                let alpha = min(max(pixel.w, 0), 1)
                let a = alpha * 255 + 0.5  // rounding half up, by truncation
                guard a >= 1 else {
                    bytes[x * 4] = 0; bytes[x * 4 + 1] = 0; bytes[x * 4 + 2] = 0; bytes[x * 4 + 3] = 0
                    continue
                }
                let scale = alpha == 1 ? 255 : 255 / alpha  // no division for the opaque pixels
                @inline(__always) func channel(_ value: Float) -> UInt8 { UInt8(min(max(value * scale, 0), 255) + 0.5) }
                bytes[x * 4] = channel(pixel.x)
                bytes[x * 4 + 1] = channel(pixel.y)
                bytes[x * 4 + 2] = channel(pixel.z)
                bytes[x * 4 + 3] = UInt8(a)
            }
        }
    }

    /// The picture as a PNG file (8-bit RGBA, transparent where nothing was drawn), through
    /// RivPNG's quick encoder, each row rounded to 8 bits as it is filtered (no unfiltered
    /// 8-bit copy of the picture is made).
    public func pngData() throws(RasterError) -> [UInt8] {
        do {
            return try PNGImage.encodedQuickly(rgba8Width: width, height: height) { y, row in writeRGBA8(row: y, into: row) }
        } catch {
            throw .encoding(error.description)
        }
    }

    /// The canvas area a drawing can change, grown by the reach of its feather (a generous bound).
    private func visibleArea(feather: Double, _ transform: RasterTransform) -> (minX: Double, minY: Double, maxX: Double, maxY: Double) {
        let reach = min(max(feather, 0) * 2 * transform.maximumScale, Double(max(width, height)) * 3) + 1
        return (-reach, -reach, Double(width) + reach, Double(height) + reach)
    }

    private func check(_ path: RasterPath, _ transform: RasterTransform) throws(RasterError) {
        guard path.pointCount <= Canvas.maximumPathPoints else { throw .tooManyPoints(path.pointCount) }
        guard path.isFinite else { throw .notFinite("path point") }
        guard transform.isFinite else { throw .notFinite("transform") }
    }

    private func check(_ paint: RasterPaint) throws(RasterError) {
        guard paint.isFinite else { throw .notFinite("paint's opacity, feather or gradient") }
    }

    /// Covers `contours` (canvas coordinates) by `rule`, feathers by `feather` (path units,
    /// through `transform`), clips, and blends `source`'s colours into the pixels covered.
    private func draw(_ contours: [Contour], rule: FillRule, mirrored: Bool, feather: Double, transform: RasterTransform,
                      source: ColorSource, blendMode: BlendMode) {
        let limit = clips.last?.mask.box ?? bounds
        guard !limit.isEmpty else { return }
        let sigma = max(feather, 0) / 2
        // A blur wider than a third of the canvas is drawn as one that wide, so the coverage
        // it gathers (the canvas grown by the blur's reach) stays within 9 times the canvas.
        let widest = Double(max(width, height)) / 3
        let blur = GaussianBlur(sigmaX: min(sigma * (transform.a * transform.a + transform.c * transform.c).squareRoot(), widest),
                                sigmaY: min(sigma * (transform.b * transform.b + transform.d * transform.d).squareRoot(), widest))
        let margins = blur.margins
        let box = PixelBox.covering(contours, within: limit.grown(by: max(margins.x, margins.y)))
        guard !box.isEmpty else { return }
        var accumulator = CoverageAccumulator(box: box, storage: take(&cellStorage))
        accumulator.add(contours)
        guard sigma > 0 else {
            // Sharp: each row's coverage is clipped and blended as it is summed (the box lies within the clip's).
            composite(rows: &accumulator, rule: rule, mirrored: mirrored, source: source, blendMode: blendMode)
            cellStorage = accumulator.storage()
            return
        }
        var mask = accumulator.mask(rule: rule, mirrored: mirrored, storage: take(&maskStorage))
        cellStorage = accumulator.storage()
        blur.apply(&mask, within: limit, spare: &blurStorage)
        composite(&mask, within: limit, source: source, blendMode: blendMode)
        maskStorage = mask.values
    }

    /// The array in `storage`, leaving it empty (so it is not copied when written).
    private func take(_ storage: inout [Float]) -> [Float] {
        var taken: [Float] = []
        swap(&taken, &storage)
        return taken
    }

    /// Blends `source` into the pixels of `mask`'s box that lie within `limit` (the top clip's
    /// box, or the canvas), each by its coverage times the top clip's (multiplied into `mask`'s
    /// rows as they are blended, only over the columns the clip covers).
    private func composite(_ mask: inout CoverageMask, within limit: PixelBox, source: ColorSource, blendMode: BlendMode) {
        let box = mask.box, visible = box.intersection(limit)
        guard !visible.isEmpty else { return }
        let colors = UnsafeMutablePointer<SIMD4<Float>>.allocate(capacity: visible.width)
        defer { colors.deallocate() }
        mask.values.withUnsafeMutableBufferPointer { coverage in
            for y in visible.y..<visible.maxY {
                let row = coverage.baseAddress! + (y - box.y) * box.width + visible.x - box.x
                let columns = clip(row, in: 0..<visible.width, x: visible.x, y: y, feathered: true)
                blend(coverage: row, in: columns, x: visible.x, y: y, source: source, blendMode: blendMode, colors: colors)
            }
        }
    }

    /// Clips `coverage[i]`, the coverage of pixel (`x + i`, `y`), by the top clip's
    /// (``ClipMask/apply(to:in:x:y:feathered:)``), for the `i` in `columns` (which lie within
    /// the clip's box) where the clip covers anything; returns those columns (all of `columns`
    /// without a clip). Outside them the clip's coverage is 0, so the drawing leaves those
    /// pixels as they are.
    @inline(__always)
    private func clip(_ coverage: UnsafeMutablePointer<Float>, in columns: Range<Int>, x: Int, y: Int, feathered: Bool) -> Range<Int> {
        guard let clip = clips.last else { return columns }
        let visible = clip.visible(columns, x: x, y: y)
        clip.apply(to: coverage, in: visible, x: x, y: y, feathered: feathered)
        return visible
    }

    /// Blends `source` into the pixels of the accumulator's box, each by its coverage under
    /// `rule` times the top clip's, row by row as the rows are taken (no mask is held). The
    /// box must lie within the top clip's.
    private func composite(rows accumulator: inout CoverageAccumulator, rule: FillRule, mirrored: Bool,
                           source: ColorSource, blendMode: BlendMode) {
        let box = accumulator.box
        let coverage = UnsafeMutablePointer<Float>.allocate(capacity: box.width)
        let colors = UnsafeMutablePointer<SIMD4<Float>>.allocate(capacity: box.width)
        defer { coverage.deallocate(); colors.deallocate() }
        for row in 0..<box.height {
            let span = accumulator.takeRow(row, rule: rule, mirrored: mirrored, into: coverage)
            guard !span.isEmpty else { continue }
            let y = box.y + row
            let columns = clip(coverage, in: span, x: box.x, y: y, feathered: false)
            blend(coverage: coverage, in: columns, x: box.x, y: y, source: source, blendMode: blendMode, colors: colors)
        }
    }

    /// Blends `source` into row `y` of the canvas from column `x` on, pixel `x + i` by
    /// `coverage[i]`, for the `i` in `columns` (coverage 0 leaves a pixel as it is). Only the
    /// span between the first and last covered pixels is coloured; `colors` holds at least
    /// `columns.count` colours.
    @inline(__always)
    private func blend(coverage: UnsafePointer<Float>, in columns: Range<Int>, x: Int, y: Int, source: ColorSource,
                       blendMode: BlendMode, colors: UnsafeMutablePointer<SIMD4<Float>>) {
        guard let first = columns.first(where: { coverage[$0] > 0 }) else { return }
        let last = columns.last { coverage[$0] > 0 }!
        let width = self.width
        pixels.withUnsafeMutableBufferPointer { pixels in
            let target = pixels.baseAddress! + y * width + x
            if blendMode == .srcOver, let color = source.solidColor {
                // One colour: no row of colours; a fully covered pixel of an opaque one is that colour.
                let opaque = color.w == 1
                for i in first...last {
                    let c = coverage[i]
                    if opaque && c == 1 {
                        target[i] = color
                    } else if c > 0 {
                        let s = color * c
                        target[i] = s + target[i] * (1 - s.w)
                    }
                }
                return
            }
            source.colors(x: x + first, y: y, count: last - first + 1, into: colors)
            if blendMode == .srcOver {
                for i in first...last where coverage[i] > 0 {
                    let s = colors[i - first] * coverage[i]
                    target[i] = s + target[i] * (1 - s.w)
                }
            } else {
                for i in first...last where coverage[i] > 0 {
                    target[i] = Canvas.blend(target[i], colors[i - first] * coverage[i], blendMode)
                }
            }
        }
    }

    /// Premultiplied source `s` composited over premultiplied backdrop `d` with `mode`
    /// (the W3C formula: the blended colour where both are present, each alone elsewhere).
    @inline(__always)
    static func blend(_ d: SIMD4<Float>, _ s: SIMD4<Float>, _ mode: BlendMode) -> SIMD4<Float> {
        let sa = s.w, da = d.w
        if mode == .srcOver || sa <= 0 || da <= 0 { return s + d * (1 - sa) }
        let cs = SIMD3(s.x, s.y, s.z) / sa, cb = SIMD3(d.x, d.y, d.z) / da
        let blended = mode.blend(cb, cs)
        // Each channel clamped to 0...1 on its own (the generic `clamped` is a call per colour).
        let mixed = SIMD3(min(max(blended.x, 0), 1), min(max(blended.y, 0), 1), min(max(blended.z, 0), 1))
        let rgb = SIMD3(s.x, s.y, s.z) * (1 - da) + SIMD3(d.x, d.y, d.z) * (1 - sa) + mixed * (sa * da)
        return SIMD4(rgb, sa + da - sa * da)
    }
}
