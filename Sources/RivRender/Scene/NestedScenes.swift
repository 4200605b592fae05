import RivFormat

/// Plays the animations and state machines a nested artboard instance runs (its
/// `NestedStateMachine` and `NestedSimpleAnimation` children: each names one of
/// the shown artboard's machines or animations), with the host's steps, on a copy of
/// the shown artboard's records; a remapped one is applied at the time it names.
struct NestedScenes {
    typealias PK = Schema.PropertyKey
    typealias TK = Schema.TypeKey

    /// The shown artboards' animations, machines and joysticks, parsed once each (by
    /// artboard, and whether the instance has a data context).
    private var parsed: [Pair: (animations: [LinearAnimation], machines: [StateMachine], problems: Set<Int>, joysticks: Joysticks)] = [:]

    private struct Pair: Hashable {
        let shown: Int, hasDataContext: Bool
    }
    private let steps: [Float]

    /// Players for the host's `steps` (none: one step of 0).
    init(steps: [Double]) {
        self.steps = (steps.isEmpty ? [0] : steps).map { Float($0) }
    }

    /// Whether the nested artboard at `index` of `host` runs any animation or machine.
    static func runs(_ host: SceneHierarchy, _ index: Int) -> Bool {
        host.children[index].contains { host.records[$0]?.isKind(TK.nestedAnimation) == true }
    }

    /// `hierarchy` (the shown artboard `shown`, from `artboard`) after the nested
    /// animations under `index` of `host` played, `binds` applied after the first step
    /// (and to the key frames they bind when `primed`: ``DataBinds/bound(_:primed:)``),
    /// its view model conditions evaluated only when it `hasDataContext`; notes what was
    /// not played.
    mutating func play(_ hierarchy: inout SceneHierarchy, shown: Int, artboard: ArtboardObjects, host: SceneHierarchy, index: Int,
                       binds: DataBinds, primed: Bool, hasDataContext: Bool, in file: RivFile) -> [RenderNote] {
        let (stored, machines, problems, joysticks) = parse(shown, artboard: artboard, hierarchy: hierarchy, hasDataContext: hasDataContext, in: file)
        let animations = binds.bound(stored, primed: primed)
        var state = SceneState(records: hierarchy.records, writeLimit: SceneOptions.writeLimit)
        var notes = joysticks.notes
        // A machine's inputs: its slot and the host's nested input record setting it, set again before each step.
        var players: [(machine: StateMachineInstance?, inputs: [(slot: Int, record: Int)],
                       animation: (instance: LinearAnimationInstance, speed: Float, playing: Bool, mix: Float)?)] = []
        let speed = Float(host.records[index]?.number(PK.nestedArtboardSpeed, default: 1) ?? 1)
        for child in host.children[index] {
            guard let record = host.records[child], record.isKind(TK.nestedAnimation) else { continue }
            let id = Int(UInt32(truncatingIfNeeded: record.integer(PK.nestedAnimationAnimationId, default: UInt64(UInt32.max))))
            if record.type == TK.nestedStateMachine, id < machines.count, !problems.contains(id) {
                var inputs: [(slot: Int, record: Int)] = []
                for input in host.children[child] {
                    guard let value = host.records[input], let slot = value.integer(PK.nestedInputInputId).map(Int.init),
                          slot < machines[id].inputs.count, let declared = machines[id].inputs[slot] else { continue }
                    switch (declared.value, value.type) {
                    case (.bool, TK.nestedBool), (.number, TK.nestedNumber): inputs.append((slot, input))
                    default: break
                    }
                }
                players.append((StateMachineInstance(machines[id], animations: animations), inputs, nil))
            } else if record.type == TK.nestedSimpleAnimation, id < animations.count {
                players.append((nil, [], (LinearAnimationInstance(animations[id]), Float(record.number(PK.nestedSimpleAnimationSpeed, default: 1)),
                                      record.flag(PK.nestedSimpleAnimationIsPlaying, default: false), Float(record.number(PK.nestedLinearAnimationMix, default: 1)))))
            } else if record.type == TK.nestedRemapAnimation, id < animations.count {
                // A remapped animation stands at its `time`, a fraction of its length, and is applied without advancing.
                var instance = LinearAnimationInstance(animations[id])
                instance.setTime(animations[id].localSeconds(atGlobal: instance.animation.durationSeconds * Float(record.number(PK.nestedRemapAnimationTime, default: 0))))
                players.append((nil, [], (instance, 0, false, Float(record.number(PK.nestedLinearAnimationMix, default: 1)))))
            } else {
                notes.append(RenderNote(feature: "nested scene", objectIndex: child, message: "a nested \(Schema.typeName(record.type)) is not played; its artboard is drawn without it"))
            }
        }
        for (number, step) in steps.enumerated() {
            for position in players.indices {
                if players[position].machine != nil {
                    for (slot, input) in players[position].inputs {
                        guard let record = host.records[input], let value = host.inputSteps.value(of: record, at: input, afterStep: number) else { continue }
                        players[position].machine!.set(slot, to: value)
                    }
                    players[position].machine!.advanceAndApply(step * speed, state: &state)
                } else if var animation = players[position].animation {
                    if animation.playing { animation.instance.advance(step * speed * animation.speed) }
                    if animation.mix != 0 { animation.instance.apply(to: &state, mix: animation.mix) }
                    players[position].animation = animation
                }
            }
            if number == 0 { binds.apply(to: &state.records) }
            joysticks.apply(to: &state, followsHandles: number == steps.count - 1)
            hierarchy.inputSteps.record(state.records)
        }
        if state.exhausted { notes.append(RenderNote(feature: "limit", message: "a nested scene wrote more than \(SceneOptions.writeLimit) property values; the rest was skipped")) }
        hierarchy.records = state.records
        return notes
    }

    /// `hierarchy` (the shown artboard `shown`, from `artboard`) after the update pass of
    /// an instance that plays nothing: its joysticks applied; notes what was not.
    mutating func applyJoysticks(_ hierarchy: inout SceneHierarchy, shown: Int, artboard: ArtboardObjects, in file: RivFile) -> [RenderNote] {
        guard Joysticks.any(in: hierarchy.records) else { return [] }
        let joysticks = parse(shown, artboard: artboard, hierarchy: hierarchy, hasDataContext: false, in: file).joysticks
        var state = SceneState(records: hierarchy.records, writeLimit: SceneOptions.writeLimit)
        joysticks.apply(to: &state, followsHandles: true)
        hierarchy.records = state.records
        return joysticks.notes
    }

    /// The shown artboard's animations, machines (with those the runtime rejects) and joysticks, read once.
    private mutating func parse(_ shown: Int, artboard: ArtboardObjects, hierarchy: SceneHierarchy, hasDataContext: Bool, in file: RivFile)
        -> (animations: [LinearAnimation], machines: [StateMachine], problems: Set<Int>, joysticks: Joysticks) {
        let key = Pair(shown: shown, hasDataContext: hasDataContext)
        if let done = parsed[key] { return done }
        let animations = AnimationParser(artboard.otherRecords, objects: hierarchy.records, in: file).animations
        let machines = StateMachineParser(artboard.otherRecords, objects: hierarchy.records, animationCount: animations.count,
                                          hasDataContext: hasDataContext, in: file)
        let done = (animations, machines.machines, Set(machines.problems.keys), Joysticks(hierarchy: hierarchy, animations: animations))
        parsed[key] = done
        return done
    }
}
