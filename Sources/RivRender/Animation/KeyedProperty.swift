/// The key frames of one property of one object, in file order (the runtime does not
/// sort them: its binary search assumes they are, and so does this one).
struct KeyedProperty {
    /// The property key written.
    let key: UInt16
    /// Never empty.
    let frames: [KeyFrame]

    /// The index the runtime's search gives for `seconds`: past the end when after
    /// the last frame, an exact match's index, else where `seconds` would go.
    func frameIndex(at seconds: Float) -> Int {
        var start = 0, end = frames.count - 1
        if seconds > frames[end].seconds { return end + 1 }
        while start <= end {
            let middle = (start + end) >> 1
            let candidate = frames[middle].seconds
            if candidate < seconds {
                start = middle + 1
            } else if candidate > seconds {
                end = middle - 1
            } else {
                return middle
            }
        }
        return start
    }

    /// Writes the property's value at `seconds` into `record` at weight `mix`.
    func apply(to record: inout SceneRecord, at seconds: Float, mix: Float) {
        let index = frameIndex(at: seconds)
        if index == 0 { return set(frames[0].value, into: &record, mix: mix) }
        guard index < frames.count else { return set(frames[index - 1].value, into: &record, mix: mix) }
        let from = frames[index - 1], to = frames[index]
        if seconds == to.seconds { return set(to.value, into: &record, mix: mix) }
        if from.holds { return set(from.value, into: &record, mix: mix) }
        let factor = (seconds - from.seconds) / (to.seconds - from.seconds)
        switch (from.value, to.value) {
        case (.number(let a), .number(let b)):
            let value = from.interpolator?.value(from: a, to: b, factor: factor) ?? a + (b - a) * factor
            record.write(number: value, key, mix: mix)
        case (.color(let a), .color(let b)):
            record.write(color: SceneRecord.lerp(a, b, from.interpolator?.transform(factor) ?? factor), key, mix: mix)
        default:
            set(from.value, into: &record, mix: mix)
        }
    }

    private func set(_ value: KeyFrame.Value, into record: inout SceneRecord, mix: Float) {
        switch value {
        case .number(let number): record.write(number: number, key, mix: mix)
        case .color(let color): record.write(color: color, key, mix: mix)
        case .integer(let integer): record.setInteger(key, integer)
        }
    }
}
