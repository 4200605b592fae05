/// The stored fields of a `DrawRules` record (49), the rules that move its parent's
/// drawables next to a ``DrawTargetRecord``'s drawable in the draw order, read and
/// written here and nowhere else: ``RivEditor/placeImage(_:named:_:)`` writes one to
/// put an image in front.
public struct DrawRulesRecord: Sendable, Hashable {
    /// The index of the component whose drawables it orders (`Component.parentId`, 5).
    public var parentID: UInt64
    /// The index of its active draw target (`DrawRules.drawTargetId`, 121); nil when the record has none.
    public var drawTargetID: UInt64?

    /// Rules with these fields; a nil field is not written.
    public init(parentID: UInt64, drawTargetID: UInt64? = nil) {
        self.parentID = parentID
        self.drawTargetID = drawTargetID
    }

    /// The fields `object` of `file` stores (the last of a repeated property); a
    /// property that is not a uint is passed over.
    public init(reading object: RivObject, in file: RivFile) {
        self.init(parentID: 0)
        for property in object.properties where property.fieldType == .varUInt {
            switch property.key {
            case Schema.PropertyKey.componentParentId: parentID = file.uintValue(of: property)
            case Schema.PropertyKey.drawRulesDrawTargetId: drawTargetID = file.uintValue(of: property)
            default: break
            }
        }
    }

    /// The properties to write: parent, then the draw target when set.
    public var properties: [(key: UInt16, value: PropertyValue)] {
        [(Schema.PropertyKey.componentParentId, .uint(parentID))] + (drawTargetID.map { [(Schema.PropertyKey.drawRulesDrawTargetId, .uint($0))] } ?? [])
    }
}
