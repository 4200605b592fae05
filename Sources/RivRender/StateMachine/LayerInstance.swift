/// One layer of a playing state machine (`StateMachineLayerInstance`): its current
/// state, the state it is leaving while a transition mixes, and the order in which
/// it applies them, which the drawing depends on (a mix under 1 applied twice
/// compounds).
struct LayerInstance {
    /// The most state changes one advance makes (the runtime's cap: it stops there).
    static let changeLimit = 100

    let index: Int
    private let layer: StateMachine.Layer
    private let animations: [LinearAnimation]
    private let anyState: StateInstance?
    private(set) var current: StateInstance?
    private var from: StateInstance?
    private var transition: StateMachine.Transition?
    private var mix: Float = 1
    private var mixFrom: Float = 1
    private var transitionCompleted = true
    private var reset: AnimationReset?
    private var held: (animation: LinearAnimation, time: Float)?
    private var holdFrom = false
    /// Whether the change cap was reached, and a random choice was met.
    private(set) var hitChangeLimit = false
    private(set) var metRandom = false
    private(set) var metUnsupported: String?
    /// The states entered, by index in the layer.
    private(set) var entered: Set<Int> = []

    /// The layer at `index`, entering its entry state.
    init(_ index: Int, layer: StateMachine.Layer, animations: [LinearAnimation]) {
        self.index = index
        self.layer = layer
        self.animations = animations
        anyState = layer.firstIndex { if case .any = $0 { true } else { false } }.map { StateInstance($0, in: layer, animations: animations) }
        current = layer.firstIndex { if case .entry = $0 { true } else { false } }.map { StateInstance($0, in: layer, animations: animations) }
    }

    private var duration: UInt32 { transition?.duration ?? 0 }

    private var mixTime: Float {
        guard let transition, transition.duration != 0 else { return 0 }
        guard transition.durationIsPercentage else { return Float(transition.duration) / 1000 }
        let seconds = from?.isAnimationState == true ? from?.animationInstance?.animation.durationSeconds ?? 0 : 0
        return Float(transition.duration) / 100 * seconds
    }

    private mutating func updateMix(_ seconds: Float) {
        guard transition != nil, from != nil, duration != 0 else {
            mix = 1
            return
        }
        let time = mixTime
        mix = time == 0 ? 1 : min(1, max(0, mix + seconds / time))
        if mix == 1 && !transitionCompleted {
            transitionCompleted = true
            reset = nil
        }
    }

    /// Advances the current (and mixing) state by `seconds`, applies, then takes
    /// transitions while they are allowed, applying after each.
    mutating func advance(_ seconds: Float, inputs: inout StateMachineInputs, state: inout SceneState) {
        current?.advance(seconds, inputs: inputs)
        updateMix(seconds)
        if from != nil && mix < 1 && !holdFrom { from?.advance(seconds, inputs: inputs) }
        apply(to: &state)
        var changes = 0
        while updateState(inputs: &inputs, state: &state) {
            apply(to: &state)
            if changes == Self.changeLimit {
                hitChangeLimit = true
                return
            }
            changes += 1
        }
        current?.clearSpilledTime()
    }

    private var isTransitioning: Bool { transition != nil && from != nil && duration != 0 && mix < 1 }

    /// Takes the first allowed transition of the any state, else of the current state.
    mutating func updateState(inputs: inout StateMachineInputs, state: inout SceneState) -> Bool {
        if isTransitioning && transition?.enableEarlyExit != true { return false }
        if let anyState, tryChange(from: anyState, inputs: &inputs, budget: &state) { return true }
        guard let current else { return false }
        return tryChange(from: current, inputs: &inputs, budget: &state)
    }

    private mutating func allowed(_ transition: StateMachine.Transition, from source: StateInstance, inputs: StateMachineInputs) -> Bool {
        if transition.isDisabled { return false }
        for condition in transition.conditions {
            switch condition {
            case .bool(let input, let op):
                let value = inputs.bool(input) ?? false
                if !((value && op == 0) || (!value && op == 1)) { return false }
            case .number(let input, let op, let target):
                let value = inputs.number(input) ?? 0
                let holds = switch op {
                case 0: value == target
                case 1: value != target
                case 2: value <= target
                case 3: value >= target
                case 4: value < target
                case 5: value > target
                default: false
                }
                if !holds { return false }
            case .trigger(let input):
                if !inputs.isFired(input, forLayer: index) { return false }
            case .always:
                continue
            case .never:
                return false
            case .viewModel(let op, let left?, let right?, let sources):
                let live = sources.map { inputs.viewModelValue(at: $0) }
                if !Self.compare(live.first.flatMap { $0 } ?? left, live.dropFirst().first.flatMap { $0 } ?? right, op: op) { return false }
            case .viewModel:
                metUnsupported = metUnsupported ?? "view model condition on a value kind not compared here"
                return false
            case .unsupported(let name):
                metUnsupported = metUnsupported ?? name
                return false
            }
        }
        if transition.enableExitTime, let animation = source.animationInstance {
            let length = animation.animation.durationSeconds
            var exit = transition.exitTimeIsPercentage ? Float(transition.exitTime) / 100 * length : Float(transition.exitTime) / 1000
            if exit <= length && animation.animation.loop != .oneShot && length > 0 {
                exit += (animation.lastTotalTime / length).rounded(.down) * length
            }
            if animation.totalTime < exit { return false }
        }
        return true
    }

    /// A view model condition's comparison: numbers by every operator, other kinds
    /// equal or not equal.
    private static func compare(_ left: ViewModelValues.Value, _ right: ViewModelValues.Value, op: UInt64) -> Bool {
        if case .number(let a) = left, case .number(let b) = right {
            return switch op {
            case 0: a == b
            case 1: a != b
            case 2: a <= b
            case 3: a >= b
            case 4: a < b
            case 5: a > b
            default: false
            }
        }
        switch op {
        case 0: return left == right
        case 1: return left != right
        default: return false
        }
    }

    private mutating func tryChange(from source: StateInstance, inputs: inout StateMachineInputs, budget: inout SceneState) -> Bool {
        let state = layer.states[source.state]
        // Looking through the transitions counts against the budget too, so that a file
        // cannot make the steps' cycles of changes cost more than it allows.
        guard budget.spend(state.transitions.count) else { return false }
        guard let chosen = state.transitions.first(where: { candidate in
            candidate.target != current?.state && allowed(candidate, from: source, inputs: inputs)
        }) else { return false }
        // The runtime draws lots among the allowed transitions here; the first is taken, and noted.
        if state.isRandom { metRandom = true }
        inputs.use(chosen.conditions, inLayer: index)
        let outgoing = current
        current = StateInstance(chosen.target, in: layer, animations: animations)
        entered.insert(chosen.target)
        transition = chosen
        transitionCompleted = chosen.duration == 0
        reset = nil
        from = outgoing
        if !transitionCompleted {
            let animations = (from?.resetAnimations ?? []) + (current?.resetAnimations ?? [])
            // Recording reads each keyed property once: it counts against the budget as writes do.
            if budget.spend(animations.reduce(0) { $0 + $1.propertyCount }) { reset = AnimationReset(animations, records: budget.records) }
        }
        if var outgoing, chosen.enableExitTime, outgoing.isAnimationState {
            if chosen.pauseOnExit {
                let animation = outgoing.animationInstance!.animation
                let exit = chosen.exitTimeIsPercentage ? animation.startSeconds + Float(chosen.exitTime) / 100 * animation.durationSeconds
                    : Float(chosen.exitTime) / 1000
                outgoing.hold(at: exit)
                from = outgoing
            }
            let instance = outgoing.animationInstance!
            held = (instance.animation, instance.time)
        }
        mixFrom = mix
        if mix != 0 { holdFrom = chosen.pauseOnExit }
        let spilled = from?.animationInstance?.spilledTime ?? 0
        current?.advance(spilled, inputs: inputs)
        mix = 0
        updateMix(0)
        return true
    }

    /// Applies the reset, the held animation, the state being left (at the mix it had
    /// when the transition was taken) and the current state at the layer's mix.
    mutating func apply(to state: inout SceneState) {
        reset?.apply(to: &state)
        if let held {
            state.apply(held.animation, at: held.time, mix: mixFrom)
            self.held = nil
        }
        let interpolator = transition?.interpolator
        if let from, mix < 1 { from.apply(to: &state, mix: interpolator?.transform(mixFrom) ?? mixFrom) }
        current?.apply(to: &state, mix: interpolator?.transform(mix) ?? mix)
    }
}
