import RivFormat

/// Reads an artboard's linear animations from its records that take no index, as the
/// runtime's importers attach them: each keyed object to the latest animation, each
/// keyed property to the latest keyed object, each key frame to the latest keyed
/// property; then the runtime's load-time pruning (a keyed object whose object is
/// missing, a keyed property its object's type does not have, a key frame naming
/// something that is no interpolator: the whole keyed object).
struct AnimationParser {
    typealias PK = Schema.PropertyKey
    typealias TK = Schema.TypeKey

    /// The artboard's animations in file order (their index is the runtime's animation index).
    private(set) var animations: [LinearAnimation] = []
    /// The number of key frames read (bounded by the file's size).
    private(set) var frameCount = 0

    /// Parses `records` (the artboard's ``ArtboardObjects/otherRecords``) against the
    /// artboard's objects `objects` (interpolators and key targets by index).
    init(_ records: [RivObject], objects: [SceneRecord?], in file: RivFile) {
        // Keyed objects under construction: target, properties, whether a key frame failed.
        var keyedObjects: [(object: Int?, properties: [(key: UInt16, frames: [KeyFrame])], failed: Bool)] = []
        var animation: LinearAnimation?
        func finish() {
            guard var done = animation else { return }
            done.keyedObjects = keyedObjects.compactMap { keyed in
                guard let object = keyed.object, !keyed.failed, let target = objects[object] else { return nil }
                let properties = keyed.properties.compactMap { property -> KeyedProperty? in
                    guard !property.frames.isEmpty, let owner = Schema.property(forKey: property.key)?.ownerTypeKey,
                          target.isKind(owner) else { return nil }
                    return KeyedProperty(key: property.key, frames: property.frames)
                }
                return (object, properties)
            }
            animations.append(done)
            keyedObjects = []
            animation = nil
        }
        for (position, object) in records.enumerated() {
            let type = object.typeKey
            if Schema.isKind(type, of: TK.linearAnimation) {
                finish()
                animation = Self.animation(object, in: file)
            } else if type == TK.keyedObject {
                guard animation != nil else { continue }
                let id = object.property(PK.keyedObjectObjectId).map(file.uintValue(of:))
                let index = id.flatMap { $0 < UInt64(objects.count) ? Int($0) : nil }
                keyedObjects.append((index.flatMap { objects[$0] == nil ? nil : $0 }, [], false))
            } else if type == TK.keyedProperty {
                guard animation != nil, !keyedObjects.isEmpty else { continue }
                let key = object.property(PK.keyedPropertyPropertyKey).map(file.uintValue(of:)) ?? 0
                keyedObjects[keyedObjects.count - 1].properties.append((UInt16(truncatingIfNeeded: key), []))
            } else if Schema.isKind(type, of: TK.keyFrame) {
                guard let fps = animation?.fps, let last = keyedObjects.indices.last, !keyedObjects[last].properties.isEmpty else { continue }
                let record = SceneRecord(object, in: file)
                guard let value = Self.value(of: record) else { continue }
                var interpolator: KeyFrameInterpolator?
                let id = UInt32(truncatingIfNeeded: record.integer(PK.interpolatingKeyFrameInterpolatorId, default: UInt64(UInt32.max)))
                if id != UInt32.max {
                    interpolator = Int(id) < objects.count ? objects[Int(id)].flatMap(KeyFrameInterpolator.init) : nil
                    if interpolator == nil { keyedObjects[last].failed = true }
                }
                let frame = Float(UInt32(truncatingIfNeeded: record.integer(PK.keyFrameFrame, default: 0)))
                let holds = record.integer(PK.interpolatingKeyFrameInterpolationType, default: 0) == 0
                keyedObjects[last].properties[keyedObjects[last].properties.count - 1].frames
                    .append(KeyFrame(seconds: frame / fps, holds: holds, interpolator: interpolator, value: value, record: position))
                frameCount += 1
            } else if Schema.isKind(type, of: TK.stateMachine) {
                finish()
            }
        }
        finish()
    }

    private static func animation(_ object: RivObject, in file: RivFile) -> LinearAnimation {
        let record = SceneRecord(object, in: file)
        var animation = LinearAnimation()
        animation.name = object.property(PK.animationName).map(file.stringValue(of:)) ?? ""
        func frames(_ key: UInt16, _ fallback: UInt64) -> Float { Float(UInt32(truncatingIfNeeded: record.integer(key, default: fallback))) }
        animation.fps = frames(PK.linearAnimationFps, 60)
        animation.duration = frames(PK.linearAnimationDuration, 60)
        animation.speed = Float(record.number(PK.linearAnimationSpeed, default: 1))
        animation.loop = switch record.integer(PK.linearAnimationLoopValue, default: 0) {
        case 1: .loop
        case 2: .pingPong
        default: .oneShot
        }
        animation.workStart = frames(PK.linearAnimationWorkStart, UInt64(UInt32.max))
        animation.workEnd = frames(PK.linearAnimationWorkEnd, UInt64(UInt32.max))
        animation.enableWorkArea = record.flag(PK.linearAnimationEnableWorkArea, default: false)
        animation.quantize = record.flag(PK.linearAnimationQuantize, default: false)
        return animation
    }

    /// The value a key frame record sets; nil for those that set none the drawing reads
    /// (callbacks, strings).
    private static func value(of record: SceneRecord) -> KeyFrame.Value? {
        switch record.type {
        case TK.keyFrameDouble: .number(Float(record.number(PK.keyFrameDoubleValue, default: 0)))
        case TK.keyFrameColor: .color(record.color(PK.keyFrameColorValue, default: 0))
        case TK.keyFrameId: .integer(record.integer(PK.keyFrameIdValue, default: 0))
        case TK.keyFrameBool: .integer(record.integer(PK.keyFrameBoolValue, default: 0))
        case TK.keyFrameUint: .integer(record.integer(PK.keyFrameUintValue, default: 0))
        case TK.keyFrameInt: .integer(record.integer(PK.keyFrameIntValue, default: 0))
        default: nil
        }
    }
}
