/// A state machine of an artboard as the runtime keeps it after import: its inputs
/// (a slot for each, nil where the runtime builds none) and its layers.
struct StateMachine {
    /// One input with its stored value.
    struct Input {
        /// The kind of input and its value before anything sets it.
        enum Value: Equatable {
            case bool(Bool)
            case number(Float)
            case trigger
        }

        let name: String
        let value: Value
    }

    /// A layer: its states in file order (a transition's `stateToId` indexes them).
    struct Layer {
        var name = ""
        var states: [State] = []

        /// The first state of `kind`'s kind.
        func firstIndex(where matches: (State.Kind) -> Bool) -> Int? { states.firstIndex { matches($0.kind) } }
    }

    /// A state of a layer.
    struct State {
        /// What the state plays.
        enum Kind {
            case entry, any, exit
            /// A state type the runtime cannot build: it keeps its slot and plays nothing.
            case empty
            /// An animation state: the artboard animation at this index (nil: an empty animation).
            case animation(Int?)
            /// A 1D blend: animations by value, mixed by a number input (nil: by a view
            /// model property, read as 0 here).
            case blend1D(input: Int?, animations: [(animation: Int?, value: Float)])
            /// An additive blend: each animation at its own mix.
            case blendDirect([(animation: Int?, source: DirectSource)])
        }

        /// Where a direct blend's animation takes its mix from.
        enum DirectSource {
            /// A number input (0...100).
            case input(Int?)
            /// Its own `mixValue` (0...100).
            case mixValue(Float)
            /// A view model property: not bound here.
            case bound
        }

        var kind: Kind
        /// `LayerState.flags`: bit 0 random transitions, bit 1 reset (blend 1D).
        var flags: UInt64 = 0
        /// An animation or blend state's speed multiplier.
        var speed: Float = 1
        var transitions: [Transition] = []
        /// A blend whose value or mixes come from a view model property (read here as
        /// the state's stored defaults, not as the bound values).
        var readsViewModel = false

        var isRandom: Bool { flags & 1 != 0 }
        /// A blend 1D that restores its first animation's first values before applying.
        var resets: Bool { flags & 2 != 0 }
    }

    /// A transition to another state of the layer.
    struct Transition {
        /// Index of the target in the layer's states.
        var target: Int
        var flags: UInt64 = 0
        /// Milliseconds, or a percentage of the from animation's duration.
        var duration: UInt32 = 0
        /// Milliseconds, or a percentage of the from animation's duration.
        var exitTime: UInt32 = 0
        var interpolator: KeyFrameInterpolator?
        var conditions: [Condition] = []

        var isDisabled: Bool { flags & 1 != 0 }
        var durationIsPercentage: Bool { flags & 2 != 0 }
        var enableExitTime: Bool { flags & 4 != 0 }
        var exitTimeIsPercentage: Bool { flags & 8 != 0 }
        var pauseOnExit: Bool { flags & 16 != 0 }
        var enableEarlyExit: Bool { flags & 32 != 0 }
    }

    /// A condition on a transition.
    enum Condition {
        /// A bool input equal (op 0) or not equal (op 1) to true.
        case bool(input: Int, op: UInt64)
        /// A number input compared with `value` (ops: equal, notEqual, ≤, ≥, <, >... as the runtime numbers them).
        case number(input: Int, op: UInt64, value: Float)
        /// A trigger fired and not yet used by this layer.
        case trigger(input: Int)
        /// A view model condition comparing two sides (`TransitionViewModelCondition`):
        /// a property's value (the default instance's when bound, else the stored one) or
        /// a constant; nil for a side this renderer does not read (the condition is then
        /// false, noted). `sources` names, for each side bound to a view model value, where
        /// that value lives: a value the scene writes there while it plays stands for it.
        case viewModel(op: UInt64, left: ViewModelValues.Value?, right: ViewModelValues.Value?, sources: [ViewModelValues.Location?])
        /// On an input slot the runtime left empty: always true.
        case always
        /// A view model condition with a bound property on a side, in a machine without a
        /// data context, which the runtime does not evaluate
        /// (`TransitionViewModelCondition::canEvaluate`): always false.
        case never
        /// A kind this renderer does not evaluate (view model, artboard, focus, scripted...): false, noted.
        case unsupported(String)
    }

    var name = ""
    var inputs: [Input?] = []
    var layers: [Layer] = []
}
