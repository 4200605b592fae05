/// The stored fields of a `DrawTarget` record (48), the drawable that a
/// ``DrawRulesRecord`` draws its drawables next to, read and written here and
/// nowhere else: ``RivEditor/placeImage(_:named:_:)`` writes one to put an image in front.
public struct DrawTargetRecord: Sendable, Hashable {
    /// Where the rules' drawables go, next to the target's drawable (`DrawTarget.placementValue`, 120).
    public enum Placement: UInt64, Sendable, Hashable {
        /// Before it in the runtime's list, so drawn after it: on top.
        case before = 0
        /// After it in the list, so drawn before it: underneath.
        case after = 1
    }

    /// The index of the rules it belongs to (`Component.parentId`, 5).
    public var parentID: UInt64
    /// The index of the drawable it names (`DrawTarget.drawableId`, 119); nil when the record has none.
    public var drawableID: UInt64?
    /// The stored placement value (`DrawTarget.placementValue`, 120); nil when the record
    /// has none. ``placement`` reads it.
    public var placementValue: UInt64?

    /// A target with these fields; a nil field is not written.
    public init(parentID: UInt64, drawableID: UInt64? = nil, placement: Placement? = nil) {
        self.parentID = parentID
        self.drawableID = drawableID
        placementValue = placement?.rawValue
    }

    /// The fields `object` of `file` stores (the last of a repeated property); a
    /// property that is not a uint is passed over.
    public init(reading object: RivObject, in file: RivFile) {
        self.init(parentID: 0)
        for property in object.properties where property.fieldType == .varUInt {
            switch property.key {
            case Schema.PropertyKey.componentParentId: parentID = file.uintValue(of: property)
            case Schema.PropertyKey.drawTargetDrawableId: drawableID = file.uintValue(of: property)
            case Schema.PropertyKey.drawTargetPlacementValue: placementValue = file.uintValue(of: property)
            default: break
            }
        }
    }

    /// The placement the stored value names (``Placement/before`` when it is absent,
    /// the schema's default); nil for a value that names none.
    public var placement: Placement? { Placement(rawValue: placementValue ?? 0) }

    /// The properties to write: parent, then the drawable and the placement when set.
    public var properties: [(key: UInt16, value: PropertyValue)] {
        [(Schema.PropertyKey.componentParentId, .uint(parentID))]
            + (drawableID.map { [(Schema.PropertyKey.drawTargetDrawableId, .uint($0))] } ?? [])
            + (placementValue.map { [(Schema.PropertyKey.drawTargetPlacementValue, .uint($0))] } ?? [])
    }
}
