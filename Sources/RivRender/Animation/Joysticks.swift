import RivFormat

/// The artboard's joysticks (`Joystick`), as the runtime's update pass applies them:
/// each, in object order, applies its x animation at the time its `x` picks
/// ((x + 1) / 2 of the animation's length: −1 the start, 1 the end; `x` negated
/// with the invert-x flag) and its y animation likewise, at full mix. They apply
/// after the scene's layers and data binds, so they win over both, at rest too.
/// A joystick driven by a handle (`handleSourceId`) takes its x and y from where
/// the handle stands, which needs the pose: it is noted and applied with its stored
/// values.
struct Joysticks {
    typealias PK = Schema.PropertyKey
    typealias TK = Schema.TypeKey

    /// Each joystick's object index, in object order.
    private let indices: [Int]
    /// The artboard's animations, which the joysticks name by index.
    private let animations: [LinearAnimation]
    /// What was not reproduced.
    private(set) var notes: [RenderNote] = []

    /// The joysticks of `records`, naming `animations`.
    init(records: [SceneRecord?], animations: [LinearAnimation]) {
        indices = records.indices.filter { records[$0]?.type == TK.joystick }
        self.animations = animations
        if let handled = indices.first(where: { records[$0]?.integer(PK.joystickHandleSourceId).map { UInt32(truncatingIfNeeded: $0) != UInt32.max } ?? false }) {
            notes.append(RenderNote(feature: "joystick", objectIndex: handled,
                                    message: "a joystick driven by a handle is applied with its stored x and y, not where its handle stands"))
        }
    }

    /// Whether `records` hold a joystick (the animations need reading only then).
    static func any(in records: [SceneRecord?]) -> Bool {
        records.contains { $0?.type == TK.joystick }
    }

    /// Applies every joystick's animations to `state`.
    func apply(to state: inout SceneState) {
        for index in indices {
            guard let record = state.records[index] else { continue }
            let flags = record.integer(PK.joystickJoystickFlags, default: 0)
            apply(record.integer(PK.joystickXId), position: Float(record.number(PK.joystickX, default: 0)), inverted: flags & 1 != 0, to: &state)
            apply(record.integer(PK.joystickYId), position: Float(record.number(PK.joystickY, default: 0)), inverted: flags & 2 != 0, to: &state)
        }
    }

    /// Applies the animation `id` names (an index of the artboard's animations; none
    /// when it names none) at the time `position` (−1...1) picks along it.
    private func apply(_ id: UInt64?, position: Float, inverted: Bool, to state: inout SceneState) {
        guard let id, id < UInt64(animations.count) else { return }
        let animation = animations[Int(id)]
        state.apply(animation, at: ((inverted ? -position : position) + 1) / 2 * animation.durationSeconds, mix: 1)
    }
}
