/// A state machine being played (`StateMachineInstance`): its inputs and layers,
/// advanced and applied in the runtime's order.
struct StateMachineInstance {
    /// The most rounds of "change state, apply again" one step makes (the runtime's 5).
    static let roundLimit = 5

    private(set) var inputs: StateMachineInputs
    private(set) var layers: [LayerInstance]

    /// The machine with its inputs at their stored values, each layer at its entry state.
    init(_ machine: StateMachine, animations: [LinearAnimation]) {
        inputs = StateMachineInputs(machine.inputs)
        layers = machine.layers.enumerated().map { LayerInstance($0.offset, layer: $0.element, animations: animations) }
    }

    /// Sets the input at `index` before the next step.
    mutating func set(_ index: Int, to value: StateMachine.Input.Value) {
        inputs.set(index, to: value)
    }

    /// One `advanceAndApply(seconds)`: every layer advances and applies in order, the
    /// fired triggers reset; then up to 5 rounds in which any layer that can change
    /// state does and every layer advances by 0 again. After each advance the view
    /// model values `written` finds in the records (the binds to the source, which the
    /// runtime's artboard update runs) are what the view model conditions read next.
    mutating func advanceAndApply(_ seconds: Float, state: inout SceneState,
                                  written: ([SceneRecord?]) -> [ViewModelValues.Location: ViewModelValues.Value] = { _ in [:] }) {
        advance(seconds, state: &state)
        inputs.write(written(state.records))
        for _ in 0..<Self.roundLimit {
            var changed = false
            for index in layers.indices where layers[index].updateState(inputs: &inputs, state: &state) { changed = true }
            guard changed else { break }
            advance(0, state: &state)
            inputs.write(written(state.records))
        }
    }

    private mutating func advance(_ seconds: Float, state: inout SceneState) {
        for index in layers.indices { layers[index].advance(seconds, inputs: &inputs, state: &state) }
        inputs.advanced()
    }
}
