import RivImage
import RivRaster

/// A display list drawn to pixels: see ``DisplayList/png(width:decoding:)``.
public struct RenderedPicture: Sendable, Equatable {
    /// The PNG file: 8-bit RGBA, transparent where the artboard draws nothing.
    public var png: [UInt8]
    /// The picture's size in pixels.
    public var width, height: Int
    /// What the picture leaves out beyond the display list's own notes: images that could
    /// not be decoded, calls the canvas refused (one note per kind, with a count).
    public var notes: [RenderNote]
}

extension DisplayList {
    /// The size in pixels of the picture `width` pixels wide (nil: the artboard's width in
    /// its own units), its height keeping the artboard's aspect: each rounded up (less a
    /// millionth, for the error of the division), so the picture holds the whole artboard,
    /// as rsvg-convert sizes a picture it scales.
    /// Throws ``RenderError/emptyArtboard(width:height:)`` for an artboard without area and
    /// ``RenderError/pictureTooLarge(width:height:)`` past the canvas's bounds
    /// (`Canvas.maximumSide` a side, `Canvas.maximumPixels` in all).
    public func pictureSize(width requested: Int? = nil) throws(RenderError) -> (width: Int, height: Int) {
        guard width.isFinite, height.isFinite, width > 0, height > 0 else { throw .emptyArtboard(width: width, height: height) }
        let wide = requested.map(Double.init) ?? max(1, (width - 1e-6).rounded(.up))
        let high = max(1, (wide * height / width - 1e-6).rounded(.up))
        guard wide >= 1, wide <= Double(Canvas.maximumSide), high <= Double(Canvas.maximumSide),
              wide * high <= Double(Canvas.maximumPixels) else {
            throw .pictureTooLarge(width: requested ?? Int(min(wide, Double(Int.max / 2))), height: Int(min(high, Double(Int.max / 2))))
        }
        return (Int(wide), Int(high))
    }

    /// The artboard drawn `width` pixels wide (nil: its own size; see
    /// ``pictureSize(width:)``) by RivRaster's anti-aliased rasterizer, as a PNG file. The
    /// embedded images are decoded under `decoding`'s limits and decode budget.
    ///
    /// Memory: the canvas (16 bytes a pixel), the PNG, and the decoded images the calls draw.
    public func png(width: Int? = nil, decoding: ImageDecodingOptions = ImageDecodingOptions()) throws(RenderError) -> RenderedPicture {
        let (canvas, notes) = try canvas(width: width, decoding: decoding)
        do {
            return RenderedPicture(png: try canvas.pngData(), width: canvas.width, height: canvas.height, notes: notes)
        } catch {
            throw .encoding(error.description)
        }
    }

    /// The artboard drawn `width` pixels wide (nil: its own size) on a new canvas, as
    /// ``png(width:decoding:)`` draws it, for its pixels (`Canvas.rgba8()`); with what was left out.
    public func canvas(width: Int? = nil, decoding: ImageDecodingOptions = ImageDecodingOptions()) throws(RenderError) -> (canvas: Canvas, notes: [RenderNote]) {
        let size = try pictureSize(width: width)
        let canvas: Canvas
        do {
            canvas = try Canvas(width: size.width, height: size.height)
        } catch {
            throw .pictureTooLarge(width: size.width, height: size.height)
        }
        let scale = Double(size.width) / self.width
        return (canvas, draw(on: canvas, transform: .scale(scale, scale), decoding: decoding))
    }

    /// Draws the calls in order onto `canvas`, the artboard's space mapped by `transform`:
    /// each path filled or stroked with its paint (colour or gradient, the call's opacity,
    /// blend mode, feather) inside the clips in effect, each image decoded once (by its
    /// format: PNG, JPEG, WebP) and drawn over its size. Returns what was left out: an image
    /// that cannot be decoded is not drawn (as the runtime leaves out an image it cannot
    /// decode), and a call the canvas refuses draws nothing; one note per kind.
    public func draw(on canvas: Canvas, transform: RasterTransform = .identity,
                     decoding: ImageDecodingOptions = ImageDecodingOptions()) -> [RenderNote] {
        var painter = DisplayListPainter(canvas: canvas, base: transform, list: self, decoding: decoding)
        for command in commands { painter.paint(command) }
        return ArtboardRenderer.grouped(painter.notes)
    }
}
