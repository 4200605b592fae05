/// A state of a layer being played (the runtime's `StateInstance` kinds).
struct StateInstance {
    /// The state's index in its layer.
    let state: Int
    /// Its animations with their own mixes: one for an animation state, one per blend
    /// animation for a blend state, none for entry, any, exit and unknown states.
    private(set) var animations: [(instance: LinearAnimationInstance, mix: Float)] = []
    private let kind: StateMachine.State.Kind
    private let speed: Float

    /// The instance of `layer`'s state at `index`, its animations at their start.
    init(_ index: Int, in layer: StateMachine.Layer, animations all: [LinearAnimation]) {
        state = index
        let state = layer.states[index]
        kind = state.kind
        speed = state.speed
        switch state.kind {
        case .animation(let animation):
            animations = [(LinearAnimationInstance(animation.map { all[$0] } ?? LinearAnimation(), speedMultiplier: state.speed), 1)]
        case .blend1D(_, let list):
            animations = list.compactMap { $0.animation }.map { (LinearAnimationInstance(all[$0]), 0) }
        case .blendDirect(let list):
            animations = list.compactMap { $0.animation }.map { (LinearAnimationInstance(all[$0]), 0) }
        case .entry, .any, .exit, .empty:
            break
        }
    }

    /// Whether it is an animation state (the only kind an exit time reads).
    var isAnimationState: Bool {
        if case .animation = kind { true } else { false }
    }

    /// The animation an exit time or a held transition reads: an animation state's.
    var animationInstance: LinearAnimationInstance? { isAnimationState ? animations.first?.instance : nil }

    /// The animations an animation reset records.
    var resetAnimations: [LinearAnimation] { animations.map(\.instance.animation) }

    /// Moves its animations on by `seconds` and, for a blend, recomputes their mixes
    /// from `inputs`.
    mutating func advance(_ seconds: Float, inputs: StateMachineInputs) {
        switch kind {
        case .animation:
            animations[0].instance.advance(seconds * speed)
        case .blend1D(let input, let list):
            for index in animations.indices where animations[index].instance.keepsGoing { animations[index].instance.advance(seconds) }
            mixBlend1D(value: input.flatMap(inputs.number) ?? 0, values: list.filter { $0.animation != nil }.map(\.value))
        case .blendDirect(let list):
            for index in animations.indices where animations[index].instance.keepsGoing { animations[index].instance.advance(seconds) }
            for (index, entry) in list.filter({ $0.animation != nil }).enumerated() {
                let source: Float? = switch entry.source {
                case .input(let input): input.flatMap(inputs.number) ?? 0
                case .mixValue(let value): value
                case .bound: nil
                }
                if let source { animations[index].mix = min(1, max(0, source / 100)) }
            }
        case .entry, .any, .exit, .empty:
            break
        }
    }

    /// The 1D blend's mixes at `value`: the runtime's binary search over the values in
    /// list order (unsorted lists give its answer), the two neighbours mixed linearly.
    private mutating func mixBlend1D(value: Float, values: [Float]) {
        var index = 0, start = 0, end = values.count - 1
        while start <= end {
            let middle = (start + end) >> 1
            if values[middle] < value {
                start = middle + 1
            } else if values[middle] > value {
                end = middle - 1
            } else {
                index = middle
                break
            }
            index = start
        }
        let to: Float? = index < values.count ? values[index] : nil
        let from: Float? = index >= 1 && index - 1 < values.count ? values[index - 1] : nil
        var mix: Float = 1, mixFrom: Float = 1
        if let to, let from, to != from {
            mix = (value - from) / (to - from)
            mixFrom = 1 - mix
        }
        for position in animations.indices {
            let own = values[position]
            animations[position].mix = if let to, own == to { mix } else if let from, own == from { mixFrom } else { 0 }
        }
    }

    /// Applies its animations at `mix` × each one's own mix: an animation state's even
    /// at 0, which still sets its ids, booleans and integers outright
    /// (`AnimationStateInstance::apply`); a blend state's skipping those at 0.
    func apply(to state: inout SceneState, mix: Float) {
        for (instance, own) in animations {
            let weight = mix * own
            if weight != 0 || isAnimationState { instance.apply(to: &state, mix: weight) }
        }
    }

    /// Drops the time spilled past an animation's end in the last advance.
    mutating func clearSpilledTime() {
        if isAnimationState { animations[0].instance.clearSpilledTime() }
    }

    /// Sets the held animation's time (a pause on exit).
    mutating func hold(at seconds: Float) {
        if isAnimationState { animations[0].instance.setTime(seconds) }
    }
}
