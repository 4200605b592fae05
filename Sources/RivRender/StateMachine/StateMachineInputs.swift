/// The values of a state machine's inputs while it plays (`SMIBool`, `SMINumber`,
/// `SMITrigger`): stored values first, then what the caller set.
struct StateMachineInputs {
    private var values: [StateMachine.Input.Value?]
    /// Triggers fired in this frame, with the layers that used them in a transition.
    private var fired: [Int: Set<Int>] = [:]
    /// The view model values the scene's binds to the source wrote while it plays, which
    /// stand for the values bound when the machine was read.
    private var viewModel: [ViewModelValues.Location: ViewModelValues.Value] = [:]

    init(_ inputs: [StateMachine.Input?]) {
        values = inputs.map { $0?.value }
    }

    /// The value of the bool input at `index`.
    func bool(_ index: Int) -> Bool? {
        if case .bool(let value) = values[index] { value } else { nil }
    }

    /// The value of the number input at `index`.
    func number(_ index: Int) -> Float? {
        if case .number(let value) = values[index] { value } else { nil }
    }

    /// Whether the trigger at `index` fired and `layer` has not used it yet.
    func isFired(_ index: Int, forLayer layer: Int) -> Bool {
        fired[index].map { !$0.contains(layer) } ?? false
    }

    /// Sets the input at `index` (of the same kind) to `value`; fires a trigger.
    mutating func set(_ index: Int, to value: StateMachine.Input.Value) {
        if case .trigger = value {
            fired[index] = []
        } else {
            values[index] = value
        }
    }

    /// The view model value the scene wrote at `location`; nil when it wrote none there.
    func viewModelValue(at location: ViewModelValues.Location?) -> ViewModelValues.Value? {
        location.flatMap { viewModel[$0] }
    }

    /// Takes the view model values the scene's binds to the source wrote.
    mutating func write(_ values: [ViewModelValues.Location: ViewModelValues.Value]) {
        viewModel.merge(values) { $1 }
    }

    /// Marks the triggers `conditions` read as used by `layer` (a transition was taken).
    mutating func use(_ conditions: [StateMachine.Condition], inLayer layer: Int) {
        for case .trigger(let input) in conditions { fired[input]?.insert(layer) }
    }

    /// The end of a frame: fired triggers are reset.
    mutating func advanced() { fired = [:] }
}
