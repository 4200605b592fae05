import RivRender

/// One artboard's picture in the report: the artboard drawn at its default scene, as
/// Rive's runtime draws it (section 24 of SPEC.md), with what was not drawn.
///
/// The picture is the SVG when it is at most ``svgByteLimit`` bytes (exact at any zoom,
/// and small for most artboards), else a PNG that fits in ``pngSide`` pixels a side (an
/// artboard of many points, or one showing a large image the SVG would carry whole): so a
/// picture never costs more than about 1 MiB, whatever the artboard holds.
struct ArtboardPicture {
    /// The most bytes of an SVG shown as it is.
    static let svgByteLimit = 256 << 10
    /// The longer side, in pixels, of a PNG made instead of a larger SVG.
    static let pngSide = 480
    /// The most artboards of one file drawn; the rest are listed by name.
    static let maximumPerFile = 64
    /// The most bytes of pictures in one page (inline or linked); past them the rest are
    /// listed by name.
    static let maximumPageBytes = 32 << 20

    /// The artboard's name and index in the file.
    var artboard: String, index: Int
    /// The picture's bytes and format (`svg` or `png`); nil when it could not be drawn.
    var bytes: [UInt8]?, format = "svg"
    /// The artboard's size in its own units, and the scene drawn.
    var width = 0.0, height = 0.0, scene = ""
    /// What the picture leaves out.
    var notes: [RenderNote] = []
    /// Why there is no picture.
    var failure: String?

    /// The MIME type of the picture.
    var mimeType: String { format == "png" ? "image/png" : "image/svg+xml" }

    /// The artboard at `index` of `renderer`'s file, drawn at its default scene.
    init(_ renderer: ArtboardRenderer, index: Int, name: String) {
        artboard = name
        self.index = index
        do throws(RenderError) {
            let list = try renderer.render(artboardIndex: index)
            (width, height, scene, notes) = (list.width, list.height, list.scene, list.notes)
            let svg = Array(list.svg().utf8)
            guard svg.count > Self.svgByteLimit else {
                bytes = svg
                return
            }
            guard list.width.isFinite, list.height.isFinite, list.width > 0, list.height > 0 else {
                throw .emptyArtboard(width: list.width, height: list.height)
            }
            let side = list.width >= list.height ? Double(Self.pngSide) : max(1, (Double(Self.pngSide) * list.width / list.height).rounded(.down))
            let picture = try list.png(width: Int(side))
            (bytes, format, notes) = (picture.png, "png", notes + picture.notes)
        } catch {
            failure = error.description
        }
    }
}
