/// The values a transition with a duration restores before each application
/// (`AnimationReset`): for every number and colour property the from and to states'
/// animations key, its value when the transition was taken (the first animation to key
/// a property wins). Colours pass through single precision, as the runtime stores
/// them, so a colour above 2²⁴ loses its low bits.
struct AnimationReset {
    private var values: [(object: Int, key: UInt16, value: Value)] = []

    private enum Value {
        case number(Float)
        case color(UInt32)
    }

    /// The reset for `animations` over `records` as they stand.
    init(_ animations: [LinearAnimation], records: [SceneRecord?]) {
        var seen: Set<[Int]> = []
        for animation in animations {
            for (object, properties) in animation.keyedObjects {
                guard let record = records[object] else { continue }
                for property in properties {
                    guard let first = property.frames.first, seen.insert([object, Int(property.key)]).inserted else { continue }
                    switch first.value {
                    case .number: values.append((object, property.key, .number(record.currentNumber(property.key))))
                    case .color: values.append((object, property.key, .color(Self.throughFloat(record.currentColor(property.key)))))
                    case .integer: break
                    }
                }
            }
        }
    }

    /// `color` stored as a single-precision number and read back (the top of the range clamps).
    private static func throughFloat(_ color: UInt32) -> UInt32 {
        let stored = Float(color)
        return stored >= 4_294_967_296 ? UInt32.max : UInt32(stored)
    }

    /// Writes the recorded values back (within the state's budget).
    func apply(to state: inout SceneState) {
        guard state.spend(values.count) else { return }
        for (object, key, value) in values {
            switch value {
            case .number(let number): state.records[object]?.write(number: number, key, mix: 1)
            case .color(let color): state.records[object]?.write(color: color, key, mix: 1)
            }
        }
    }
}
