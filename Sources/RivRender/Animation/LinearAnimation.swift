import Foundation

/// A linear animation of an artboard (`LinearAnimation`): its timing and the
/// properties it keys, as the runtime keeps them after import.
struct LinearAnimation {
    /// How the animation continues past its end.
    enum Loop: Equatable {
        case oneShot, loop, pingPong
    }

    var name = ""
    var fps: Float = 60
    /// In frames.
    var duration: Float = 60
    var speed: Float = 1
    var loop = Loop.oneShot
    var workStart: Float = -1
    var workEnd: Float = -1
    var enableWorkArea = false
    /// Floors the applied time to a whole frame.
    var quantize = false
    /// Each keyed object's artboard index and its keyed properties, in file order.
    var keyedObjects: [(object: Int, properties: [KeyedProperty])] = []

    /// The first frame played: the work area's start when enabled, else 0.
    var startFrame: Float { enableWorkArea ? workStart : 0 }
    /// The last frame played: the work area's end when enabled, else the duration.
    var endFrame: Float { enableWorkArea ? workEnd : duration }
    var startSeconds: Float { startFrame / fps }
    var endSeconds: Float { endFrame / fps }
    /// The length played, in seconds.
    var durationSeconds: Float { abs(endSeconds - startSeconds) }

    /// The time in the animation `seconds` from its start reach, wrapped as it loops or
    /// reflected as it ping-pongs (`LinearAnimation::globalToLocalSeconds`).
    func localSeconds(atGlobal seconds: Float) -> Float {
        let length = durationSeconds
        var local = fmodf(seconds, length)
        if local < 0 { local += length }
        switch loop {
        case .oneShot: return seconds + startSeconds
        case .loop: return local + startSeconds
        case .pingPong:
            let quotient = seconds / length
            let even = quotient.isFinite && abs(quotient) < 1e9 ? Int(quotient) % 2 == 0 : true
            return even ? local + startSeconds : endSeconds - local
        }
    }

    /// How many property writes one application makes.
    var propertyCount: Int { keyedObjects.reduce(0) { $0 + $1.properties.count } }

    /// Writes every keyed property's value at `seconds` into `records` at weight `mix`.
    func apply(to records: inout [SceneRecord?], at seconds: Float, mix: Float) {
        let time = quantize ? floorf(seconds * fps) / fps : seconds
        for (object, properties) in keyedObjects where records.indices.contains(object) && records[object] != nil {
            for property in properties { property.apply(to: &records[object]!, at: time, mix: mix) }
        }
    }

    /// The animation with the key frames `values` names (by their record's index) holding those values.
    func binding(_ values: [Int: KeyFrame.Value]) -> LinearAnimation {
        var bound = self
        bound.keyedObjects = keyedObjects.map { keyed in
            (keyed.object, keyed.properties.map { property in
                KeyedProperty(key: property.key, frames: property.frames.map { frame in
                    var frame = frame
                    if let value = values[frame.record] { frame.value = value }
                    return frame
                })
            })
        }
        return bound
    }
}
