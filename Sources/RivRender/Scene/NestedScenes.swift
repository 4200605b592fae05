import RivFormat

/// Plays the animations and state machines a nested artboard instance runs (its
/// `NestedStateMachine` and `NestedSimpleAnimation` children: each names one of
/// the shown artboard's machines or animations), with the host's steps, on a copy of
/// the shown artboard's records; a remapped one is applied at the time it names.
struct NestedScenes {
    typealias PK = Schema.PropertyKey
    typealias TK = Schema.TypeKey

    /// The shown artboards' animations and joysticks, parsed once each.
    private var parsed: [Int: (animations: [LinearAnimation], joysticks: Joysticks)] = [:]
    /// The shown artboards' machines (with those the runtime rejects), parsed once for
    /// each data context they read their bound values in.
    private var parsedMachines: [MachineKey: (machines: [StateMachine], problems: Set<Int>)] = [:]

    private struct MachineKey: Hashable {
        let shown: Int, context: [ViewModelValues.InstanceID], hasDataContext: Bool
    }
    /// Finds a bindable's bound value and where it lives, in a nested instance's data context.
    typealias Bound = ([UInt64]) -> (location: ViewModelValues.Location, value: ViewModelValues.Value)?
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
    /// its view model conditions evaluated only with a data `context`, reading the
    /// values `bound` finds there and, from the second step, what `binds` write to
    /// the source; notes what was not played.
    mutating func play(_ hierarchy: inout SceneHierarchy, shown: Int, artboard: ArtboardObjects, host: SceneHierarchy, index: Int,
                       binds: DataBinds, primed: Bool, context: [ViewModelValues.InstanceID], bound: Bound, in file: RivFile) -> [RenderNote] {
        let (stored, joysticks) = parse(shown, artboard: artboard, hierarchy: hierarchy, in: file)
        let (machines, problems) = parseMachines(shown, artboard: artboard, hierarchy: hierarchy, animationCount: stored.count,
                                                 context: context, hasDataContext: !context.isEmpty, bound: bound, in: file)
        let animations = binds.bound(stored, primed: primed)
        var notes = joysticks.notes
        var players: [Player] = []
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
        return notes + run(players, speed: speed, host: host, on: &hierarchy, binds: binds, joysticks: joysticks)
    }

    /// `hierarchy` (the shown artboard `shown`, from `artboard`) after the scene of an
    /// artboard list's item played with the host's steps: the shown artboard's default
    /// state machine (its `defaultStateMachineId`, else its first; none without one),
    /// as `ArtboardComponentList` makes one for each item, its view model conditions
    /// reading the values `bound` finds in the item's data `context` and, from the second
    /// step, what `binds` write to the source, with `binds` applied after the first step;
    /// notes what was not played.
    mutating func playItem(_ hierarchy: inout SceneHierarchy, shown: Int, artboard: ArtboardObjects, binds: DataBinds,
                           context: [ViewModelValues.InstanceID], bound: Bound, in file: RivFile) -> [RenderNote] {
        let (stored, joysticks) = parse(shown, artboard: artboard, hierarchy: hierarchy, in: file)
        let (machines, problems) = parseMachines(shown, artboard: artboard, hierarchy: hierarchy, animationCount: stored.count,
                                                 context: context, hasDataContext: true, bound: bound, in: file)
        var notes = joysticks.notes
        var players: [Player] = []
        let chosen = Int(UInt32(truncatingIfNeeded: hierarchy.records[0]?.integer(PK.artboardDefaultStateMachineId, default: UInt64(UInt32.max)) ?? UInt64(UInt32.max)))
        let machine = chosen < machines.count ? chosen : 0
        if machine < machines.count {
            if problems.contains(machine) {
                notes.append(RenderNote(feature: "nested scene", message: "a list item's state machine is one the runtime rejects; its artboard is drawn without it"))
            } else {
                players.append((StateMachineInstance(machines[machine], animations: binds.bound(stored, primed: true)), [], nil))
            }
        }
        return notes + run(players, speed: 1, host: nil, on: &hierarchy, binds: binds, joysticks: joysticks)
    }

    /// A nested artboard's player: a state machine with its inputs (its slot and the host's
    /// nested input record setting it, set again before each step), or an animation with
    /// its speed, whether it plays and its mix.
    private typealias Player = (machine: StateMachineInstance?, inputs: [(slot: Int, record: Int)],
                                animation: (instance: LinearAnimationInstance, speed: Float, playing: Bool, mix: Float)?)

    /// Runs `players` with the host's steps times `speed` on `hierarchy`'s records (their
    /// inputs as `host`'s nested input records stand at each step, the machines reading
    /// what `binds` write to the source), `binds` applied after the first step and the
    /// joysticks after each.
    private func run(_ players: [Player], speed: Float, host: SceneHierarchy?, on hierarchy: inout SceneHierarchy, binds: DataBinds,
                     joysticks: Joysticks) -> [RenderNote] {
        var players = players
        var state = SceneState(records: hierarchy.records, writeLimit: SceneOptions.writeLimit)
        for (number, step) in steps.enumerated() {
            for position in players.indices {
                if players[position].machine != nil {
                    for (slot, input) in players[position].inputs {
                        guard let host, let record = host.records[input], let value = host.inputSteps.value(of: record, at: input, afterStep: number) else { continue }
                        players[position].machine!.set(slot, to: value)
                    }
                    players[position].machine!.advanceAndApply(step * speed, state: &state, written: binds.sourceValues(atStep: number))
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
        hierarchy.records = state.records
        guard state.exhausted else { return [] }
        return [RenderNote(feature: "limit", message: "a nested scene wrote more than \(SceneOptions.writeLimit) property values; the rest was skipped")]
    }

    /// `hierarchy` (the shown artboard `shown`, from `artboard`) after the update pass of
    /// an instance that plays nothing: its joysticks applied; notes what was not.
    mutating func applyJoysticks(_ hierarchy: inout SceneHierarchy, shown: Int, artboard: ArtboardObjects, in file: RivFile) -> [RenderNote] {
        guard Joysticks.any(in: hierarchy.records) else { return [] }
        let joysticks = parse(shown, artboard: artboard, hierarchy: hierarchy, in: file).joysticks
        var state = SceneState(records: hierarchy.records, writeLimit: SceneOptions.writeLimit)
        joysticks.apply(to: &state, followsHandles: true)
        hierarchy.records = state.records
        return joysticks.notes
    }

    /// The shown artboard's animations and joysticks, read once.
    private mutating func parse(_ shown: Int, artboard: ArtboardObjects, hierarchy: SceneHierarchy, in file: RivFile)
        -> (animations: [LinearAnimation], joysticks: Joysticks) {
        if let done = parsed[shown] { return done }
        let animations = AnimationParser(artboard.otherRecords, objects: hierarchy.records, in: file).animations
        let done = (animations, Joysticks(hierarchy: hierarchy, animations: animations))
        parsed[shown] = done
        return done
    }

    /// The shown artboard's machines and those the runtime rejects, read once for each
    /// data `context` (`bound` finds their bound values there).
    private mutating func parseMachines(_ shown: Int, artboard: ArtboardObjects, hierarchy: SceneHierarchy, animationCount: Int,
                                        context: [ViewModelValues.InstanceID], hasDataContext: Bool, bound: Bound, in file: RivFile)
        -> (machines: [StateMachine], problems: Set<Int>) {
        let key = MachineKey(shown: shown, context: context, hasDataContext: hasDataContext)
        if let done = parsedMachines[key] { return done }
        let machines = StateMachineParser(artboard.otherRecords, objects: hierarchy.records, animationCount: animationCount,
                                          bound: bound, hasDataContext: hasDataContext, in: file)
        let done = (machines.machines, Set(machines.problems.keys))
        parsedMachines[key] = done
        return done
    }
}
