/// The stored fields of an `Image` object (100), read and written here and nowhere
/// else: ``RivFile/imageObjects()`` reads them, ``RivEditor/placeImage(_:named:_:)``
/// writes them through ``properties``.
///
/// A value the record leaves out is the format's default, which is also what
/// ``properties`` leaves out for the optional transform values.
public struct ImageRecord: Sendable, Hashable {
    /// Its name (`Component.name`, 4); empty when it has none.
    public var name: String
    /// The index of its parent among the artboard's objects (`Component.parentId`, 5).
    public var parentID: UInt64
    /// Its position in its parent's space (`Node.x`/`y`, 13/14, or their alternate keys 9/10).
    public var x: Float
    /// See ``x``.
    public var y: Float
    /// Its rotation in radians (`TransformComponent.rotation`, 15).
    public var rotation: Float
    /// Its scale, 1 when drawn at the image's pixel size (`TransformComponent.scaleX`/`scaleY`, 16/17).
    public var scaleX: Float
    /// See ``scaleX``.
    public var scaleY: Float
    /// The point of the image at its position, as fractions of its size: 0.5, 0.5 its
    /// centre (`Image.originX`/`originY`, 380/381).
    public var originX: Float
    /// See ``originX``.
    public var originY: Float
    /// Its own opacity, 0 to 1 (`WorldTransformComponent.opacity`, 18).
    public var opacity: Float
    /// The index in the file's asset list of the image it shows (`Image.assetId`, 206);
    /// nil when the record has none.
    public var assetIndex: UInt64?

    /// An image with these values; each left out is the format's default.
    public init(name: String = "", parentID: UInt64 = 0, x: Float = 0, y: Float = 0, rotation: Float = 0, scaleX: Float = 1, scaleY: Float = 1,
                originX: Float = 0.5, originY: Float = 0.5, opacity: Float = 1, assetIndex: UInt64? = nil) {
        self.name = name
        self.parentID = parentID
        self.x = x
        self.y = y
        self.rotation = rotation
        self.scaleX = scaleX
        self.scaleY = scaleY
        self.originX = originX
        self.originY = originY
        self.opacity = opacity
        self.assetIndex = assetIndex
    }

    /// The values `object` of `file` stores (the last of a repeated property; an
    /// alternate key of x or y only when the record lacks the main one); a property
    /// of another field type than the format's is passed over.
    public init(reading object: RivObject, in file: RivFile) {
        self.init()
        let hasX = object.properties.contains { $0.key == Field.x.key && $0.fieldType == .float32 }
        let hasY = object.properties.contains { $0.key == Field.y.key && $0.fieldType == .float32 }
        for property in object.properties {
            guard let field = Field(property) else { continue }
            if property.key != field.key && (field == .x ? hasX : hasY) { continue }
            let value = file.valueBytes(of: property)
            let all = 0..<value.count
            switch field {
            case .name: name = value.stringValue(in: all)
            case .parentID: parentID = value.varUIntValue(in: all)
            case .x: x = value.float32Value(in: all)
            case .y: y = value.float32Value(in: all)
            case .rotation: rotation = value.float32Value(in: all)
            case .scaleX: scaleX = value.float32Value(in: all)
            case .scaleY: scaleY = value.float32Value(in: all)
            case .originX: originX = value.float32Value(in: all)
            case .originY: originY = value.float32Value(in: all)
            case .opacity: opacity = value.float32Value(in: all)
            case .assetIndex: assetIndex = value.varUIntValue(in: all)
            }
        }
    }

    /// One stored value, by the property that holds it.
    public enum Field: Sendable, CaseIterable {
        /// ``ImageRecord/name``.
        case name
        /// ``ImageRecord/parentID``.
        case parentID
        /// ``ImageRecord/x``.
        case x
        /// ``ImageRecord/y``.
        case y
        /// ``ImageRecord/rotation``.
        case rotation
        /// ``ImageRecord/scaleX``.
        case scaleX
        /// ``ImageRecord/scaleY``.
        case scaleY
        /// ``ImageRecord/originX``.
        case originX
        /// ``ImageRecord/originY``.
        case originY
        /// ``ImageRecord/opacity``.
        case opacity
        /// ``ImageRecord/assetIndex``.
        case assetIndex

        /// The property key that stores the value (the main one, for x and y).
        public var key: UInt16 {
            switch self {
            case .name: Schema.PropertyKey.componentName
            case .parentID: Schema.PropertyKey.componentParentId
            case .x: Schema.PropertyKey.nodeX
            case .y: Schema.PropertyKey.nodeY
            case .rotation: Schema.PropertyKey.transformComponentRotation
            case .scaleX: Schema.PropertyKey.transformComponentScaleX
            case .scaleY: Schema.PropertyKey.transformComponentScaleY
            case .originX: Schema.PropertyKey.imageOriginX
            case .originY: Schema.PropertyKey.imageOriginY
            case .opacity: Schema.PropertyKey.worldTransformComponentOpacity
            case .assetIndex: Schema.PropertyKey.imageAssetId
            }
        }

        /// The value `property` stores; nil when it stores none (another key, or the
        /// right key with another field type).
        public init?(_ property: RivProperty) {
            let field: Field? = switch property.key {
            case Schema.PropertyKey.nodeXArtboard: .x
            case Schema.PropertyKey.nodeYArtboard: .y
            default: Self.allCases.first { $0.key == property.key }
            }
            guard let field, property.fieldType == field.fieldType else { return nil }
            self = field
        }

        private var fieldType: FieldType {
            switch self {
            case .name: .bytes
            case .parentID, .assetIndex: .varUInt
            default: .float32
            }
        }
    }

    /// The properties to write: name, parent, position, then each transform value
    /// that differs from its default (rotation, scale, origin, opacity), then the asset index.
    public var properties: [(key: UInt16, value: PropertyValue)] {
        var properties: [(key: UInt16, value: PropertyValue)] = [
            (Field.name.key, .string(name)), (Field.parentID.key, .uint(parentID)), (Field.x.key, .float32(x)), (Field.y.key, .float32(y)),
        ]
        for (field, value, standard) in [(Field.rotation, rotation, Float(0)), (.scaleX, scaleX, 1), (.scaleY, scaleY, 1),
                                         (.originX, originX, 0.5), (.originY, originY, 0.5), (.opacity, opacity, 1)] where value != standard {
            properties.append((field.key, .float32(value)))
        }
        if let assetIndex { properties.append((Field.assetIndex.key, .uint(assetIndex))) }
        return properties
    }
}
