import Foundation
import RivFormat

/// How a key frame (or an animation reset) writes a value into a record at a mix,
/// as the runtime's key frames write through its setters: numbers in single
/// precision, colours channel by channel, everything else set outright.
extension SceneRecord {
    typealias PK = Schema.PropertyKey

    /// The values a record holds when its file leaves them out, for the drawn
    /// properties whose default is not 0 (the readers use the same values).
    private static let numberDefaults: [UInt16: Double] = [
        PK.featherStrength: 12, PK.imageOriginX: 0.5, PK.imageOriginY: 0.5, PK.linearGradientOpacity: 1,
        PK.parametricPathOriginX: 0.5, PK.parametricPathOriginY: 0.5, PK.starInnerRadius: 0.5, PK.strokeThickness: 1,
        PK.transformComponentScaleX: 1, PK.transformComponentScaleY: 1, PK.worldTransformComponentOpacity: 1,
    ]
    private static let colorDefaults: [UInt16: UInt32] = [PK.gradientStopColorValue: 0xFFFF_FFFF, PK.solidColorColorValue: 0xFF74_7474]

    /// The current single-precision value of `key`.
    func currentNumber(_ key: UInt16) -> Float {
        Float(number(key, default: Self.numberDefaults[key] ?? 0))
    }

    /// The current colour of `key`.
    func currentColor(_ key: UInt16) -> UInt32 {
        color(key, default: Self.colorDefaults[key] ?? 0)
    }

    /// Writes `value` at weight `mix` over the current value.
    mutating func write(number value: Float, _ key: UInt16, mix: Float) {
        let mixed = mix == 1 ? value : currentNumber(key) * (1 - mix) + value * mix
        setNumber(key, Double(mixed))
    }

    /// Writes `value` at weight `mix` over the current colour, channel by channel.
    mutating func write(color value: UInt32, _ key: UInt16, mix: Float) {
        setColor(key, mix == 1 ? value : Self.lerp(currentColor(key), value, mix))
    }

    /// Two colours mixed channel by channel, each rounded and clamped to a byte.
    static func lerp(_ from: UInt32, _ to: UInt32, _ factor: Float) -> UInt32 {
        var result: UInt32 = 0
        for shift in stride(from: 24, through: 0, by: -8) {
            let a = Float((from >> UInt32(shift)) & 0xFF), b = Float((to >> UInt32(shift)) & 0xFF)
            let mixed = max(0, min(255, a * (1 - factor) + b * factor))
            // NaN (from a NaN factor) counts as 0 rather than trapping.
            result |= UInt32(mixed.isNaN ? 0 : mixed.rounded(.toNearestOrAwayFromZero)) << UInt32(shift)
        }
        return result
    }
}
