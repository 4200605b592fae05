import RivImage
import RivJPEG
import RivPNG
import RivRaster
import RivWebP

/// Plays a display list's calls onto a RivRaster canvas: the clip stack kept in step with
/// each call's clips, images decoded once each.
struct DisplayListPainter {
    private let canvas: Canvas
    private let base: RasterTransform
    private let decoding: ImageDecodingOptions
    private let clipCalls: [Int: ClipPathCommand]
    private let images: [Int: RenderImage]
    /// The decoded images by asset index (nil: could not be decoded).
    private var decoded: [Int: RasterImage?] = [:]
    /// The clips pushed on the canvas, by their ``ClipPathCommand/index``, outermost first.
    private var pushed: [Int] = []
    /// What was not drawn.
    private(set) var notes: [RenderNote] = []

    init(canvas: Canvas, base: RasterTransform, list: DisplayList, decoding: ImageDecodingOptions) {
        self.canvas = canvas
        self.base = base
        self.decoding = decoding
        clipCalls = Dictionary(list.clipCalls.map { ($0.index, $0) }, uniquingKeysWith: { first, _ in first })
        images = Dictionary(list.images.map { ($0.asset, $0) }, uniquingKeysWith: { first, _ in first })
    }

    mutating func paint(_ command: RenderCommand) {
        switch command {
        case .clipPath:
            // Pushed when a drawing needs it (its clips name it), so a clip nothing draws in costs nothing.
            break
        case .drawPath(let call):
            guard enter(call.clips) else { return }
            let path = Self.raster(call.path), transform = base.concatenating(Self.raster(call.transform))
            let paint = RasterPaint(Self.shader(call.paint), opacity: call.opacity, blendMode: call.paint.blend, feather: call.paint.feather)
            do {
                switch call.paint.style {
                case .fill:
                    try canvas.fill(path, rule: call.fillRule, paint: paint, transform: transform)
                case .stroke:
                    try canvas.stroke(path, thickness: call.paint.thickness, cap: call.paint.cap, join: call.paint.join, paint: paint, transform: transform)
                }
            } catch {
                refused(call.index, error)
            }
        case .drawImage(let call):
            guard let image = image(call.asset), enter(call.clips) else { return }
            // The image covers the call's size, whatever the size its bytes decode to.
            let fit = RasterTransform.scale(Double(call.width) / Double(image.width), Double(call.height) / Double(image.height))
            do {
                try canvas.drawImage(image, transform: base.concatenating(Self.raster(call.transform)).concatenating(fit),
                                     opacity: call.opacity, blendMode: call.blend)
            } catch {
                refused(call.index, error)
            }
        case .drawImageMesh(let call):
            guard let image = image(call.asset), enter(call.clips) else { return }
            do {
                try canvas.drawImageMesh(image, vertices: call.vertices.map(Self.raster), uvs: call.uvs.map(Self.raster), indices: call.indices,
                                         transform: base.concatenating(Self.raster(call.transform)), opacity: call.opacity, blendMode: call.blend)
            } catch {
                refused(call.index, error)
            }
        }
    }

    /// Brings the canvas's clips to `clips`: pops those not shared, pushes the rest. False
    /// (and a note) when one cannot be pushed; the drawing is then left out.
    private mutating func enter(_ clips: [Int]) -> Bool {
        var shared = 0
        while shared < pushed.count, shared < clips.count, pushed[shared] == clips[shared] { shared += 1 }
        while pushed.count > shared {
            try? canvas.popClip()
            pushed.removeLast()
        }
        for index in clips[shared...] {
            guard let clip = clipCalls[index] else {
                notes.append(RenderNote(feature: "picture", message: "a drawing names clip \(index), which the list does not hold; it is not drawn"))
                return false
            }
            do {
                try canvas.pushClip(Self.raster(clip.path), rule: clip.fillRule, transform: base.concatenating(Self.raster(clip.transform)))
            } catch {
                notes.append(RenderNote(feature: "picture", message: "clip \(index) could not be applied (\(error.description)); what it clips is not drawn"))
                return false
            }
            pushed.append(index)
        }
        return true
    }

    private mutating func refused(_ index: Int, _ error: RasterError) {
        notes.append(RenderNote(feature: "picture", message: "draw call \(index) was refused: \(error.description)"))
    }

    /// The image of `asset`, decoded on first use; nil (with a note) when it cannot be, or
    /// when the list holds no bytes for it (a referenced image not given: the SVG leaves it out too).
    private mutating func image(_ asset: Int) -> RasterImage? {
        if let known = decoded[asset] { return known }
        guard let image = images[asset] else { return nil }
        let result: RasterImage?
        do {
            result = try Self.decode(image, options: decoding)
        } catch {
            notes.append(RenderNote(feature: "image", message: "image asset \(asset) (\(image.mimeType)) is left out: \(error.reason)"))
            result = nil
        }
        decoded[asset] = result
        return result
    }

    /// Why an image was not decoded.
    private struct DecodeFailure: Error {
        var reason: String
    }

    /// The pixels of `image`'s bytes, by its format.
    private static func decode(_ image: RenderImage, options: ImageDecodingOptions) throws(DecodeFailure) -> RasterImage {
        let pixels: RGBAImage
        switch image.mimeType {
        case "image/png":
            do { pixels = try PNGImage.decodeRGBA(image.bytes, options: options) } catch { throw DecodeFailure(reason: error.description) }
        case "image/jpeg":
            do { pixels = try JPEGDecoder.decode(image.bytes, options: options) } catch { throw DecodeFailure(reason: error.description) }
        case "image/webp":
            do { pixels = try WebPDecoder.decode(image.bytes, options: options) } catch { throw DecodeFailure(reason: error.description) }
        default:
            throw DecodeFailure(reason: "no decoder reads \(image.mimeType)")
        }
        do {
            return try RasterImage(width: pixels.width, height: pixels.height, rgba: pixels.pixels)
        } catch {
            throw DecodeFailure(reason: error.description)
        }
    }

    private static func raster(_ transform: RenderTransform) -> RasterTransform {
        RasterTransform(transform.a, transform.b, transform.c, transform.d, transform.tx, transform.ty)
    }

    private static func raster(_ point: RenderPoint) -> RasterPoint { RasterPoint(point.x, point.y) }

    private static func raster(_ path: RenderPath) -> RasterPath {
        var result = RasterPath()
        for command in path.commands {
            switch command {
            case .move(let to): result.move(to: raster(to))
            case .line(let to): result.line(to: raster(to))
            case .cubic(let out, let `in`, let to): result.cubic(to: raster(to), control1: raster(out), control2: raster(`in`))
            case .close: result.close()
            }
        }
        return result
    }

    private static func shader(_ paint: RenderPaint) -> RasterPaint.Shader {
        switch paint.shader {
        case nil: .solid(paint.color)
        case .linear(let start, let end, let stops)?: .linear(start: raster(start), end: raster(end), stops: stops)
        case .radial(let center, let radius, let stops)?: .radial(center: raster(center), radius: radius, stops: stops)
        }
    }
}
