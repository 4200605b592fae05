import RivFormat

/// The artboard's joysticks (`Joystick`), as the runtime's update pass applies them:
/// each, in object order, applies its x animation at the time its `x` picks
/// ((x + 1) / 2 of the animation's length: −1 the start, 1 the end; `x` negated
/// with the invert-x flag) and its y animation likewise, at full mix. They apply
/// after the scene's layers and data binds, so they win over both, at rest too.
/// A joystick driven by a handle (`handleSourceId`, a transform component) first
/// takes its x and y from where the handle stands in its box (`width` × `height`
/// about its origin, at `posX`, `posY` under its parent), on the pose the
/// joysticks before it left.
struct Joysticks {
    typealias PK = Schema.PropertyKey
    typealias TK = Schema.TypeKey

    /// Each joystick's object index, in object order, with its handle's index when it has one.
    private let joysticks: [(index: Int, handle: Int?)]
    /// The artboard's structure, on which a handle's place is measured.
    private let hierarchy: SceneHierarchy
    /// The artboard's animations, which the joysticks name by index.
    private let animations: [LinearAnimation]
    /// What was not reproduced.
    private(set) var notes: [RenderNote] = []
    /// How many joysticks follow their handle; past it, the rest use their stored x and y.
    static let handleLimit = 16

    /// The joysticks of `hierarchy`, naming `animations`.
    init(hierarchy: SceneHierarchy, animations: [LinearAnimation]) {
        let records = hierarchy.records
        var handled = 0
        var joysticks: [(index: Int, handle: Int?)] = []
        for index in records.indices where records[index]?.type == TK.joystick {
            var handle = records[index]?.integer(PK.joystickHandleSourceId).flatMap { $0 < UInt64(records.count) ? Int($0) : nil }
            if let candidate = handle, records[candidate]?.isKind(TK.transformComponent) != true { handle = nil }
            if handle != nil {
                handled += 1
                if handled > Self.handleLimit { handle = nil }
            }
            joysticks.append((index, handle))
        }
        self.joysticks = joysticks
        self.hierarchy = hierarchy
        self.animations = animations
        if handled > Self.handleLimit {
            notes.append(RenderNote(feature: "joystick", message: "past \(Self.handleLimit) joysticks driven by a handle, the rest are applied with their stored x and y"))
        }
    }

    /// Whether `records` hold a joystick (the animations need reading only then).
    static func any(in records: [SceneRecord?]) -> Bool {
        records.contains { $0?.type == TK.joystick }
    }

    /// Applies every joystick's animations to `state`; with `followsHandles`, a joystick
    /// driven by a handle first takes its x and y from the handle.
    func apply(to state: inout SceneState, followsHandles: Bool) {
        for (index, handle) in joysticks {
            if followsHandles, let handle { follow(handle, joystick: index, in: &state.records) }
            guard let record = state.records[index] else { continue }
            let flags = record.integer(PK.joystickJoystickFlags, default: 0)
            apply(record.integer(PK.joystickXId), position: Float(record.number(PK.joystickX, default: 0)), inverted: flags & 1 != 0, to: &state)
            apply(record.integer(PK.joystickYId), position: Float(record.number(PK.joystickY, default: 0)), inverted: flags & 2 != 0, to: &state)
        }
    }

    /// `Joystick::update`: the handle's world translation in the joystick's box, as −1...1
    /// on each axis (a side of 0 gives 0 across it, as `AABB::factorFrom`; a value that is
    /// not a number leaves the stored one).
    private func follow(_ handle: Int, joystick index: Int, in records: inout [SceneRecord?]) {
        var current = hierarchy
        current.records = records
        let pose = SetupPose(current)
        guard let record = records[index] else { return }
        var world = RenderTransform.translation(record.number(PK.joystickPosX, default: 0), record.number(PK.joystickPosY, default: 0))
        if let parent = hierarchy.parents[index], hierarchy.records[parent]?.isKind(TK.worldTransformComponent) == true {
            world = pose.world[parent].concatenating(world)
        }
        let handleWorld = pose.world[handle]
        let point = world.invertedOrIdentityInFloat().apply(RenderPoint(x: handleWorld.tx, y: handleWorld.ty))
        let width = Float(record.number(PK.joystickWidth, default: 100)), height = Float(record.number(PK.joystickHeight, default: 100))
        let left = -width * Float(record.number(PK.joystickOriginX, default: 0.5)), top = -height * Float(record.number(PK.joystickOriginY, default: 0.5))
        let x = width == 0 ? 0 : (Float(point.x) - left) * 2 / width - 1
        let y = (height == 0 ? 0 : Float(point.y) - top) * 2 / height - 1
        if x.isFinite { records[index]?.setNumber(PK.joystickX, Double(x)) }
        if y.isFinite { records[index]?.setNumber(PK.joystickY, Double(y)) }
    }

    /// Applies the animation `id` names (an index of the artboard's animations; none
    /// when it names none) at the time `position` (−1...1) picks along it.
    private func apply(_ id: UInt64?, position: Float, inverted: Bool, to state: inout SceneState) {
        guard let id, id < UInt64(animations.count) else { return }
        let animation = animations[Int(id)]
        state.apply(animation, at: ((inverted ? -position : position) + 1) / 2 * animation.durationSeconds, mix: 1)
    }
}
