/// An object the runtime built, with the few values the import model checks.
struct RuntimeObject {
    /// Its type key.
    let type: UInt16
    /// The offset of its type key.
    let offset: Int
    /// `Component.parentId` (0, the artboard, when absent).
    var parentId: UInt64 = 0
    /// `StateTransition.stateToId`; absent, it is the runtime's initial value -1,
    /// read as a uint32, which names no state.
    var stateTo = UInt64(UInt32.max)
    /// `Drawable.blendModeValue`, when the object sets it.
    var blendMode: UInt64?
    /// `DrawTarget.drawableId`; absent, the runtime's initial value -1 as a uint32.
    var drawableId = UInt64(UInt32.max)
    /// `Tendon.boneId`; absent, the runtime's initial value -1 as a uint32.
    var boneId = UInt64(UInt32.max)
    /// `TargetedConstraint.targetId`; absent, the runtime's initial value -1 as a uint32.
    var targetId = UInt64(UInt32.max)
    /// `TrimPath.modeValue`; absent, 0 (which no trim mode is).
    var trimMode: UInt64 = 0

    /// Keeps `value` when `key` is one of the checked properties.
    mutating func note(_ key: UInt64, _ value: UInt64) {
        switch key {
        case UInt64(Schema.PropertyKey.componentParentId): parentId = value
        case UInt64(Schema.PropertyKey.stateTransitionStateToId): stateTo = value
        case UInt64(Schema.PropertyKey.drawableBlendModeValue): blendMode = value
        case UInt64(Schema.PropertyKey.drawTargetDrawableId): drawableId = value
        case UInt64(Schema.PropertyKey.tendonBoneId): boneId = value
        case UInt64(Schema.PropertyKey.trimPathModeValue): trimMode = value
        case UInt64(Schema.PropertyKey.targetedConstraintTargetId): targetId = value
        default: break
        }
    }
}
