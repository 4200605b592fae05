/// The stored fields of an `Artboard` record (1) that the project reads and writes,
/// here and nowhere else: ``RivFile/inspect()`` reads its size and default state
/// machine through ``init(reading:in:)``, the fixtures' builder writes it through
/// ``properties``. Each field is nil when the record leaves it out (a runtime then
/// uses the schema's default: no name, a 0×0 artboard, no default state machine).
public struct ArtboardRecord: Sendable, Hashable {
    /// Its name (`Component.name`, 4).
    public var name: String?
    /// Its width (`LayoutComponent.width`, 7).
    public var width: Float?
    /// Its height (`LayoutComponent.height`, 8).
    public var height: Float?
    /// The index of its default state machine among its own (`Artboard.defaultStateMachineId`, 236).
    public var defaultStateMachineID: UInt64?

    /// An artboard with these fields; a field left nil is not written.
    public init(name: String? = nil, width: Float? = nil, height: Float? = nil, defaultStateMachineID: UInt64? = nil) {
        self.name = name
        self.width = width
        self.height = height
        self.defaultStateMachineID = defaultStateMachineID
    }

    /// The fields `object` of `file` stores (the last of a repeated property); a
    /// property of another field type than the format's is passed over.
    public init(reading object: RivObject, in file: RivFile) {
        self.init()
        for property in object.properties {
            guard let field = Field(property) else { continue }
            let value = file.valueBytes(of: property)
            let all = 0..<value.count
            switch field {
            case .name: name = value.stringValue(in: all)
            case .width: width = value.float32Value(in: all)
            case .height: height = value.float32Value(in: all)
            case .defaultStateMachineID: defaultStateMachineID = value.varUIntValue(in: all)
            }
        }
    }

    /// One stored field, by the property that holds it.
    public enum Field: Sendable, CaseIterable {
        /// ``ArtboardRecord/name``.
        case name
        /// ``ArtboardRecord/width``.
        case width
        /// ``ArtboardRecord/height``.
        case height
        /// ``ArtboardRecord/defaultStateMachineID``.
        case defaultStateMachineID

        /// The property key that stores the field.
        public var key: UInt16 {
            switch self {
            case .name: Schema.PropertyKey.componentName
            case .width: Schema.PropertyKey.layoutComponentWidth
            case .height: Schema.PropertyKey.layoutComponentHeight
            case .defaultStateMachineID: Schema.PropertyKey.artboardDefaultStateMachineId
            }
        }

        /// The field `property` stores; nil when it stores none (another key, or the
        /// right key with another field type).
        public init?(_ property: RivProperty) {
            switch (property.key, property.fieldType) {
            case (Schema.PropertyKey.componentName, .bytes): self = .name
            case (Schema.PropertyKey.layoutComponentWidth, .float32): self = .width
            case (Schema.PropertyKey.layoutComponentHeight, .float32): self = .height
            case (Schema.PropertyKey.artboardDefaultStateMachineId, .varUInt): self = .defaultStateMachineID
            default: return nil
            }
        }
    }

    /// The properties to write: name, width, height, default state machine; a nil field is left out.
    public var properties: [(key: UInt16, value: PropertyValue)] {
        let values: [(Field, PropertyValue?)] = [
            (.name, name.map { .string($0) }), (.width, width.map { .float32($0) }), (.height, height.map { .float32($0) }),
            (.defaultStateMachineID, defaultStateMachineID.map { .uint($0) }),
        ]
        return values.compactMap { field, value in value.map { (field.key, $0) } }
    }
}
