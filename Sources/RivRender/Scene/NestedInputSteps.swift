import RivFormat

/// The values a scene gave an artboard's nested inputs (`NestedBool`, `NestedNumber`:
/// the inputs of the machines its nested artboards run) after each of its steps.
/// The runtime hands a nested input's value to the nested machine as soon as the
/// host's key frame writes it, so the nested machine's step reads what the host's
/// same step left, not what its last step leaves.
struct NestedInputSteps {
    typealias PK = Schema.PropertyKey
    typealias TK = Schema.TypeKey

    /// The indices of the nested inputs among the records.
    private let inputs: [Int]
    /// Each input's position in `inputs`, by its index among the records.
    private let positions: [Int: Int]
    /// Each step's values, in the order of `inputs`.
    private var steps: [[StateMachine.Input.Value?]] = []

    /// Steps of the nested inputs among `records`, none recorded yet.
    init(_ records: [SceneRecord?]) {
        inputs = records.indices.filter { [TK.nestedBool, TK.nestedNumber].contains(records[$0]?.type) }
        positions = Dictionary(uniqueKeysWithValues: inputs.enumerated().map { ($0.element, $0.offset) })
    }

    /// Records the inputs' values in `records` at the end of one step.
    mutating func record(_ records: [SceneRecord?]) {
        guard !inputs.isEmpty else { return }
        steps.append(inputs.map { Self.value(records[$0]) })
    }

    /// The value of the nested input `record` (at `index`) after step `step`; its value
    /// in `record` when the scene took fewer steps (a setup pose takes none).
    func value(of record: SceneRecord, at index: Int, afterStep step: Int) -> StateMachine.Input.Value? {
        if step < steps.count, let position = positions[index], let value = steps[step][position] { return value }
        return Self.value(record)
    }

    /// The value a nested input record holds; nil for other records.
    private static func value(_ record: SceneRecord?) -> StateMachine.Input.Value? {
        switch record?.type {
        case TK.nestedBool?: .bool(record!.flag(PK.nestedBoolNestedValue, default: false))
        case TK.nestedNumber?: .number(Float(record!.number(PK.nestedNumberNestedValue, default: 0)))
        default: nil
        }
    }
}
