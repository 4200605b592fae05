/// The stored fields of a `LinearAnimation` record (31), read and written here and
/// nowhere else: ``RivFile/inspect()`` reads its timing through ``init(reading:in:)``,
/// the fixtures write it through ``properties``. Each field is nil when the record
/// leaves it out (a runtime then uses the schema's default: 60 fps, 60 frames,
/// speed 1, one shot, no work area).
public struct LinearAnimationRecord: Sendable, Hashable {
    /// Its name (`Animation.name`, 55).
    public var name: String?
    /// Frames per second (`LinearAnimation.fps`, 56).
    public var fps: UInt64?
    /// Its length in frames (`LinearAnimation.duration`, 57).
    public var duration: UInt64?
    /// Its playback speed (`LinearAnimation.speed`, 58).
    public var speed: Float?
    /// How it loops: 0 one shot, 1 loop, 2 ping-pong (`LinearAnimation.loopValue`, 59).
    public var loopValue: UInt64?
    /// The first frame of its work area (`LinearAnimation.workStart`, 60).
    public var workStart: UInt64?
    /// The frame its work area ends at (`LinearAnimation.workEnd`, 61).
    public var workEnd: UInt64?
    /// 1 when the work area is what plays (`LinearAnimation.enableWorkArea`, 62, a bool).
    public var enableWorkArea: UInt64?

    /// An animation with these fields; a field left nil is not written.
    public init(name: String? = nil, fps: UInt64? = nil, duration: UInt64? = nil, speed: Float? = nil, loopValue: UInt64? = nil,
                workStart: UInt64? = nil, workEnd: UInt64? = nil, enableWorkArea: UInt64? = nil) {
        self.name = name
        self.fps = fps
        self.duration = duration
        self.speed = speed
        self.loopValue = loopValue
        self.workStart = workStart
        self.workEnd = workEnd
        self.enableWorkArea = enableWorkArea
    }

    /// The fields `object` of `file` stores (the last of a repeated property); a
    /// property of another field type than the format's is passed over.
    public init(reading object: RivObject, in file: RivFile) {
        self.init()
        for property in object.properties {
            switch (property.key, property.fieldType) {
            case (Schema.PropertyKey.animationName, .bytes): name = file.stringValue(of: property)
            case (Schema.PropertyKey.linearAnimationFps, .varUInt): fps = file.uintValue(of: property)
            case (Schema.PropertyKey.linearAnimationDuration, .varUInt): duration = file.uintValue(of: property)
            case (Schema.PropertyKey.linearAnimationSpeed, .float32): speed = file.floatValue(of: property)
            case (Schema.PropertyKey.linearAnimationLoopValue, .varUInt): loopValue = file.uintValue(of: property)
            case (Schema.PropertyKey.linearAnimationWorkStart, .varUInt): workStart = file.uintValue(of: property)
            case (Schema.PropertyKey.linearAnimationWorkEnd, .varUInt): workEnd = file.uintValue(of: property)
            case (Schema.PropertyKey.linearAnimationEnableWorkArea, .varUInt): enableWorkArea = file.uintValue(of: property)
            default: break
            }
        }
    }

    /// The properties to write, in key order (name, fps, duration, speed, loop,
    /// work start and end, work area switch); a nil field is left out.
    public var properties: [(key: UInt16, value: PropertyValue)] {
        let values: [(UInt16, PropertyValue?)] = [
            (Schema.PropertyKey.animationName, name.map { .string($0) }), (Schema.PropertyKey.linearAnimationFps, fps.map { .uint($0) }),
            (Schema.PropertyKey.linearAnimationDuration, duration.map { .uint($0) }), (Schema.PropertyKey.linearAnimationSpeed, speed.map { .float32($0) }),
            (Schema.PropertyKey.linearAnimationLoopValue, loopValue.map { .uint($0) }), (Schema.PropertyKey.linearAnimationWorkStart, workStart.map { .uint($0) }),
            (Schema.PropertyKey.linearAnimationWorkEnd, workEnd.map { .uint($0) }),
            (Schema.PropertyKey.linearAnimationEnableWorkArea, enableWorkArea.map { .uint($0) }),
        ]
        return values.compactMap { key, value in value.map { (key, $0) } }
    }
}
