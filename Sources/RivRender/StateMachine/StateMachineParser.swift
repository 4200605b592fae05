import RivFormat

/// Reads an artboard's state machines from its records that take no index, as the
/// runtime's importers attach them (each part to the latest open parent of its kind),
/// with the runtime's import checks: a condition on an input out of range or of the
/// wrong kind is dropped; a layer without its entry, any and exit states or a
/// transition to a state the layer does not have make the file one the runtime
/// rejects (``problems``).
struct StateMachineParser {
    typealias PK = Schema.PropertyKey
    typealias TK = Schema.TypeKey

    private(set) var machines: [StateMachine] = []
    /// Why the runtime would reject the file, by machine index.
    private(set) var problems: [Int: String] = [:]

    /// Parses `records` against the artboard's objects (interpolators by index) and its
    /// `animationCount` animations; `bound` finds a bindable's bound value and where it
    /// lives, and a view model condition comparing a bindable never holds without `hasDataContext`.
    init(_ records: [RivObject], objects: [SceneRecord?], animationCount: Int,
         bound: ([UInt64]) -> (location: ViewModelValues.Location, value: ViewModelValues.Value)? = { _ in nil },
         hasDataContext: Bool = true, in file: RivFile) {
        var machine: StateMachine?
        // The latest bindable property's value (bound or stored), and the sides of the
        // view model condition being read.
        var bindable: ViewModelValues.Value?
        var bindableSource: ViewModelValues.Location?
        var bindableHasBind = false
        var sides: [ViewModelValues.Value?] = []
        var sources: [ViewModelValues.Location?] = []
        func finish() {
            guard let done = machine else { return }
            let index = machines.count
            for layer in done.layers {
                let hasAll = [{ if case .entry = $0 { true } else { false } }, { if case .any = $0 { true } else { false } },
                              { if case .exit = $0 { true } else { false } }].allSatisfy { (kind: (StateMachine.State.Kind) -> Bool) in layer.firstIndex(where: kind) != nil }
                if !hasAll { problems[index] = "layer \"\(layer.name)\" lacks its entry, any or exit state" }
                if layer.states.contains(where: { $0.transitions.contains { $0.target < 0 || $0.target >= layer.states.count } }) {
                    problems[index] = "a transition of layer \"\(layer.name)\" goes to a state the layer does not have"
                }
            }
            machines.append(done)
            machine = nil
        }
        func string(_ object: RivObject, _ key: UInt16) -> String { object.property(key).map(file.stringValue(of:)) ?? "" }
        for object in records {
            let type = object.typeKey
            if Schema.isKind(type, of: TK.stateMachine) {
                finish()
                machine = StateMachine(name: string(object, PK.animationName))
                continue
            }
            if Schema.isKind(type, of: TK.linearAnimation) { finish() }
            guard machine != nil else { continue }
            let record = SceneRecord(object, in: file)
            if Schema.isKind(type, of: TK.stateMachineInput) {
                let name = string(object, PK.stateMachineComponentName)
                let value: StateMachine.Input.Value? = switch type {
                case TK.stateMachineBool: .bool(record.flag(PK.stateMachineBoolValue, default: false))
                case TK.stateMachineNumber: .number(Float(record.number(PK.stateMachineNumberValue, default: 0)))
                case TK.stateMachineTrigger: .trigger
                default: nil
                }
                machine!.inputs.append(value.map { StateMachine.Input(name: name, value: $0) })
            } else if type == TK.stateMachineLayer {
                machine!.layers.append(StateMachine.Layer(name: string(object, PK.stateMachineComponentName)))
            } else if Schema.isKind(type, of: TK.layerState) {
                guard !machine!.layers.isEmpty else { continue }
                machine!.layers[machine!.layers.count - 1].states.append(Self.state(record, inputs: machine!.inputs, animationCount: animationCount))
            } else if type == TK.stateTransition {
                guard var layer = machine!.layers.last, !layer.states.isEmpty else { continue }
                var transition = StateMachine.Transition(target: Int(UInt32(truncatingIfNeeded: record.integer(PK.stateTransitionStateToId, default: UInt64(UInt32.max)))))
                transition.flags = record.integer(PK.stateTransitionFlags, default: 0)
                transition.duration = UInt32(truncatingIfNeeded: record.integer(PK.stateTransitionDuration, default: 0))
                transition.exitTime = UInt32(truncatingIfNeeded: record.integer(PK.stateTransitionExitTime, default: 0))
                let id = Int(UInt32(truncatingIfNeeded: record.integer(PK.stateTransitionInterpolatorId, default: UInt64(UInt32.max))))
                transition.interpolator = id < objects.count ? objects[id].flatMap(KeyFrameInterpolator.init) : nil
                layer.states[layer.states.count - 1].transitions.append(transition)
                machine!.layers[machine!.layers.count - 1] = layer
            } else if Schema.isKind(type, of: TK.transitionCondition) {
                guard var layer = machine!.layers.last, var state = layer.states.last, !state.transitions.isEmpty,
                      let condition = Self.condition(record, inputs: machine!.inputs) else { continue }
                sides = []
                sources = []
                state.transitions[state.transitions.count - 1].conditions.append(condition)
                layer.states[layer.states.count - 1] = state
                machine!.layers[machine!.layers.count - 1] = layer
            } else if Schema.isKind(type, of: TK.bindableProperty) {
                bindable = type == TK.bindablePropertyString ? .string(string(object, PK.bindablePropertyStringPropertyValue)) : Self.stored(record)
                bindableHasBind = false
                bindableSource = nil
            } else if type == TK.dataBindContext {
                bindableHasBind = true
                if let found = bound(object.property(PK.dataBindContextSourcePathIds).map(file.idListValue(of:)) ?? []) {
                    bindable = found.value
                    bindableSource = found.location
                }
            } else if Schema.isKind(type, of: TK.transitionComparator) {
                guard sides.count < 2, var layer = machine!.layers.last, var state = layer.states.last, var transition = state.transitions.last,
                      case .viewModel(let op, _, _, _)? = transition.conditions.last else { continue }
                if type == TK.transitionPropertyViewModelComparator && !hasDataContext {
                    transition.conditions[transition.conditions.count - 1] = .never
                    state.transitions[state.transitions.count - 1] = transition
                    layer.states[layer.states.count - 1] = state
                    machine!.layers[machine!.layers.count - 1] = layer
                    continue
                }
                let side: ViewModelValues.Value? = switch type {
                case TK.transitionPropertyViewModelComparator: bindable
                case TK.transitionValueStringComparator: .string(string(object, PK.transitionValueStringComparatorValue))
                default: Self.stored(record)
                }
                sides.append(side)
                sources.append(type == TK.transitionPropertyViewModelComparator ? bindableSource : nil)
                transition.conditions[transition.conditions.count - 1] = .viewModel(op: op, left: sides[0], right: sides.count > 1 ? sides[1] : nil, sources: sources)
                state.transitions[state.transitions.count - 1] = transition
                layer.states[layer.states.count - 1] = state
                machine!.layers[machine!.layers.count - 1] = layer
            } else if Schema.isKind(type, of: TK.blendAnimation) {
                guard var layer = machine!.layers.last, var state = layer.states.last else { continue }
                let id = Int(UInt32(truncatingIfNeeded: record.integer(PK.blendAnimationAnimationId, default: UInt64(UInt32.max))))
                let animation = id < animationCount ? id : nil
                switch (state.kind, type) {
                case (.blend1D(let input, var animations), TK.blendAnimation1D):
                    animations.append((animation, Float(record.number(PK.blendAnimation1DValue, default: 0))))
                    state.kind = .blend1D(input: input, animations: animations)
                case (.blendDirect(var animations), TK.blendAnimationDirect):
                    let source: StateMachine.State.DirectSource = switch record.integer(PK.blendAnimationDirectBlendSource, default: 0) {
                    case 1: .mixValue(Float(record.number(PK.blendAnimationDirectMixValue, default: 100)))
                    // Bound: the latest bindable number's value when a bind follows it (the bound value, else
                    // its stored one), as a mix value; without a bind the runtime makes no instance of it.
                    case 2: if bindableHasBind, case .number(let value)? = bindable { .mixValue(value) } else { .bound }
                    default: .input(Self.input(record.integer(PK.blendAnimationDirectInputId), in: machine!.inputs, kind: .number(0)))
                    }
                    animations.append((animation, source))
                    state.kind = .blendDirect(animations)
                    if case .bound = source { state.readsViewModel = true }
                default: continue
                }
                layer.states[layer.states.count - 1] = state
                machine!.layers[machine!.layers.count - 1] = layer
            }
        }
        finish()
    }

    private static func state(_ record: SceneRecord, inputs: [StateMachine.Input?], animationCount: Int) -> StateMachine.State {
        let kind: StateMachine.State.Kind
        switch record.type {
        case TK.entryState: kind = .entry
        case TK.anyState: kind = .any
        case TK.exitState: kind = .exit
        case TK.animationState:
            let id = Int(UInt32(truncatingIfNeeded: record.integer(PK.animationStateAnimationId, default: UInt64(UInt32.max))))
            kind = .animation(id < animationCount ? id : nil)
        case TK.blendState1D, TK.blendState1DInput:
            kind = .blend1D(input: input(record.integer(PK.blendState1DInputInputId), in: inputs, kind: .number(0)), animations: [])
        case TK.blendState1DViewModel: kind = .blend1D(input: nil, animations: [])
        case TK.blendStateDirect: kind = .blendDirect([])
        default: kind = .empty
        }
        var state = StateMachine.State(kind: kind, flags: record.integer(PK.layerStateFlags, default: 0), speed: Float(record.number(PK.advanceableStateSpeed, default: 1)))
        state.readsViewModel = record.type == TK.blendState1DViewModel
        return state
    }

    /// The input at `id` when it exists and is of `kind`'s kind.
    private static func input(_ id: UInt64?, in inputs: [StateMachine.Input?], kind: StateMachine.Input.Value) -> Int? {
        guard let id, id < UInt64(inputs.count), let input = inputs[Int(id)] else { return nil }
        switch (input.value, kind) {
        case (.bool, .bool), (.number, .number), (.trigger, .trigger): return Int(id)
        default: return nil
        }
    }

    /// The condition `record` states; nil when the runtime's import drops it.
    private static func condition(_ record: SceneRecord, inputs: [StateMachine.Input?]) -> StateMachine.Condition? {
        let kind: StateMachine.Input.Value
        switch record.type {
        case TK.transitionBoolCondition: kind = .bool(false)
        case TK.transitionNumberCondition: kind = .number(0)
        case TK.transitionTriggerCondition: kind = .trigger
        case TK.transitionViewModelCondition: return .viewModel(op: record.integer(PK.transitionViewModelConditionOpValue, default: 0), left: nil, right: nil, sources: [])
        default: return .unsupported(Schema.typeName(record.type))
        }
        let id = record.integer(PK.transitionInputConditionInputId, default: UInt64(UInt32.max))
        guard id < UInt64(inputs.count) else { return nil }
        guard inputs[Int(id)] != nil else { return .always }
        guard let input = input(id, in: inputs, kind: kind) else { return nil }
        let op = record.integer(PK.transitionValueConditionOpValue, default: 0)
        switch kind {
        case .bool: return .bool(input: input, op: op)
        case .number: return .number(input: input, op: op, value: Float(record.number(PK.transitionNumberConditionValue, default: 0)))
        case .trigger: return .trigger(input: input)
        }
    }

    /// The value a bindable property or a constant comparator stores; nil for the kinds
    /// not compared here (triggers, lists, artboards, view models; strings are read apart).
    private static func stored(_ record: SceneRecord) -> ViewModelValues.Value? {
        switch record.type {
        case TK.bindablePropertyNumber: .number(Float(record.number(PK.bindablePropertyNumberPropertyValue, default: 0)))
        // An integer is compared as a number (the runtime's `NumberFromUint` comparand).
        case TK.bindablePropertyInteger: .number(Float(UInt32(truncatingIfNeeded: record.integer(PK.bindablePropertyIntegerPropertyValue, default: 0))))
        case TK.bindablePropertyBoolean: .bool(record.flag(PK.bindablePropertyBooleanPropertyValue, default: false))
        case TK.bindablePropertyColor: .color(record.color(PK.bindablePropertyColorPropertyValue, default: 0xFF1D_1D1D))
        case TK.bindablePropertyEnum: .integer(record.integer(PK.bindablePropertyEnumPropertyValue, default: 0))
        case TK.bindablePropertyAsset, TK.bindablePropertyId: .integer(record.integer(PK.bindablePropertyIdPropertyValue, default: UInt64(UInt32.max)))
        case TK.transitionValueNumberComparator: .number(Float(record.number(PK.transitionValueNumberComparatorValue, default: 0)))
        case TK.transitionValueBooleanComparator: .bool(record.flag(PK.transitionValueBooleanComparatorValue, default: false))
        case TK.transitionValueColorComparator: .color(record.color(PK.transitionValueColorComparatorValue, default: 0xFF1D_1D1D))
        case TK.transitionValueEnumComparator, TK.transitionValueIdComparator, TK.transitionValueAssetComparator:
            .integer(record.integer(PK.transitionValueIdComparatorValue, default: 0))
        default: nil
        }
    }
}
