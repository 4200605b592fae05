/// An `Image` object of an artboard, with the values that place it: what
/// `RivEditor.placeImage` writes, read back without property keys (through ``ImageRecord``).
public struct ImageObject: Sendable, Hashable, Codable {
    /// The artboard that holds it, and its index among the file's artboards.
    public var artboard: String
    /// See ``artboard``.
    public var artboardIndex: Int
    /// Its index among the artboard's objects (the index parents and draw rules use).
    public var objectIndex: Int
    /// Its name (empty when it has none).
    public var name: String
    /// The unique name of the image asset it shows; nil when its asset id names none.
    public var asset: String?
    /// Its position in its parent's space.
    public var x: Double
    /// See ``x``.
    public var y: Double
    /// Its rotation in radians.
    public var rotation: Double
    /// Its scale (1 when drawn at the image's pixel size).
    public var scaleX: Double
    /// See ``scaleX``.
    public var scaleY: Double
    /// The point of the image at its position, as fractions of its size: 0.5, 0.5 its centre.
    public var originX: Double
    /// See ``originX``.
    public var originY: Double
    /// Its own opacity, 0 to 1.
    public var opacity: Double
    /// The byte offset of its record in the file.
    public var offset: Int
}

extension RivFile {
    /// Every `Image` object of the file's artboards, in artboard then object order, with
    /// the values that place it (a value the record leaves out is the format's default)
    /// and the asset it shows.
    public func imageObjects() -> [ImageObject] {
        var assetAtOffset: [Int: String] = [:]
        for (asset, referencers) in zip(assets, referencersByAsset) {
            for referencer in referencers where referencer.typeKey == Schema.TypeKey.image {
                assetAtOffset[referencer.offset] = asset.uniqueName
            }
        }
        var images: [ImageObject] = []
        for artboard in artboardObjects() {
            let artboardName = artboardName(at: artboard.index)
            for (index, object) in artboard.objects.enumerated() {
                guard let object, object.typeKey == Schema.TypeKey.image else { continue }
                let record = ImageRecord(reading: object, in: self)
                images.append(ImageObject(
                    artboard: artboardName, artboardIndex: artboard.index, objectIndex: index, name: record.name,
                    asset: assetAtOffset[object.range.lowerBound],
                    x: Double(record.x), y: Double(record.y), rotation: Double(record.rotation),
                    scaleX: Double(record.scaleX), scaleY: Double(record.scaleY),
                    originX: Double(record.originX), originY: Double(record.originY),
                    opacity: Double(record.opacity), offset: object.range.lowerBound))
            }
        }
        return images
    }
}

extension ImageObject: PropertiesDescribed {}
