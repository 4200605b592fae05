/// Where and how ``RivEditor/placeImage(contentsOf:named:_:)`` puts an image on an artboard.
public struct ImagePlacement: Sendable, Hashable {
    /// How large the image is drawn.
    public enum Sizing: Sendable, Hashable {
        /// At its pixel size.
        case natural
        /// Its pixel size times these factors (`Image.scaleX`/`scaleY`, 16/17).
        case scale(x: Double, y: Double)
        /// This width and height in artboard units: the scale is worked out from its pixel size.
        case size(width: Double, height: Double)
    }

    /// Whether the image is drawn over everything else in its artboard or under it.
    public enum DrawOrder: String, Sendable, Hashable {
        /// Over every other drawable (with a draw rule, since objects cannot move).
        case inFront
        /// Under every other drawable (last in the artboard's order, no rule).
        case behind
    }

    /// The artboard by name; nil for the file's default (first) artboard.
    public var artboard: String?
    /// Where the image's origin goes, in artboard coordinates (`Node.x`/`y`, 13/14).
    public var x: Double
    /// See ``x``.
    public var y: Double
    /// How large it is drawn.
    public var sizing: Sizing
    /// The point of the image placed at `x, y`, as fractions of its size: 0.5, 0.5 is
    /// its centre, 0, 0 its top left corner (`Image.originX`/`originY`, 380/381).
    public var originX: Double
    /// See ``originX``.
    public var originY: Double
    /// Over or under the rest of the artboard.
    public var drawOrder: DrawOrder
    /// Use an asset of the file (or one placed earlier by the same editor) that holds
    /// exactly these bytes instead of adding another.
    public var reuseIdenticalAsset: Bool

    /// A placement at `x, y` of the default artboard, at natural size, centred, in front.
    public init(artboard: String? = nil, x: Double, y: Double, sizing: Sizing = .natural, originX: Double = 0.5, originY: Double = 0.5,
                drawOrder: DrawOrder = .inFront, reuseIdenticalAsset: Bool = false) {
        self.artboard = artboard
        self.x = x
        self.y = y
        self.sizing = sizing
        self.originX = originX
        self.originY = originY
        self.drawOrder = drawOrder
        self.reuseIdenticalAsset = reuseIdenticalAsset
    }
}

/// What ``RivEditor/placeImage(contentsOf:named:_:)`` added.
public struct PlacedImage: Sendable, Hashable, Codable {
    /// The unique name of the asset the new `Image` shows.
    public var asset: String
    /// True when an asset with the same bytes was used instead of adding one.
    public var reusedAsset: Bool
    /// The artboard it was placed on.
    public var artboard: String
    /// The name of the new `Image` object.
    public var name: String
    /// The new object's index in its artboard.
    public var objectIndex: Int
    /// The image's pixel size.
    public var pixelSize: PixelSize
    /// The scale written (1 when drawn at pixel size).
    public var scaleX: Double
    /// See ``scaleX``.
    public var scaleY: Double
    /// The index of the drawable a draw rule puts it in front of; nil when none was needed.
    public var inFrontOfObjectIndex: Int?
}

extension PlacedImage: PropertiesDescribed {}
