/// Rive's `Artboard::initialize` as a model, run when the artboard's importer is
/// resolved: which components survive `validateObjects`, and the refusals, crashes
/// and hangs of the passes that follow (SPEC.md §13, rule 5 and rule 7).
struct RuntimeArtboardInitialization {
    /// The artboard's objects in import order (index 0 is the artboard; nil for dropped ones).
    let objects: [RuntimeObject?]
    /// Why the artboard fails to initialise, and the import with it.
    private(set) var refusal: RuntimePrediction.Issue?
    /// Why the runtime crashes or hangs while initialising it.
    private(set) var crash: RuntimePrediction.Issue?

    /// A state machine of the artboard as its initialisation sees it.
    struct StateMachine {
        /// Where the state machine's record starts.
        let offset: Int
        /// Where the first object dropped inside it starts: the runtime adds it as an
        /// empty (null) input.
        var nullInput: Int?
        /// Its layers: each layer's state types (nil for a dropped object) and offset.
        var layers: [(states: [UInt16?], offset: Int)] = []

        init(offset: Int) {
            self.offset = offset
        }
    }

    /// Initialises `objects` and then `stateMachines`, in the runtime's order: the
    /// components' `onAddedDirty`, each state machine's (its inputs, then its layers),
    /// the components' `onAddedClean`, their dependencies, and the draw order.
    init(objects: [RuntimeObject?], stateMachines: [StateMachine]) {
        self.objects = objects
        let survivors = validateObjects()
        if let crash = nullParent(survivors) {
            self.crash = crash
            return
        }
        // The components' `onAddedDirty` runs in object order: the first failure wins.
        let dirtyFailures = [invalidBlendMode(survivors), doublePaintMutator(survivors), wrongParentKind(survivors, phase: Self.dirtyParentKinds)]
        if let refusal = dirtyFailures.compactMap({ $0 }).min(by: { $0.offset < $1.offset }) {
            self.refusal = refusal
            return
        }
        for machine in stateMachines {
            if let crash = nullInput(machine) {
                self.crash = crash
                return
            }
            if let refusal = missingState(machine) {
                self.refusal = refusal
                return
            }
        }
        // The components' `onAddedClean` runs in object order too: a parent check
        // there fails the import unless a walk of a parent loop hangs first.
        let cycle = parentCycle(survivors)
        let cleanFailures = [wrongParentKind(survivors, phase: Self.cleanParentKinds), invalidTrimMode(survivors)]
        if let refusal = cleanFailures.compactMap({ $0 }).min(by: { $0.offset < $1.offset }), refusal.offset < cycle?.offset ?? Int.max {
            self.refusal = refusal
            return
        }
        crash = cycle ?? nullBone(survivors) ?? nullDrawable(survivors)
    }

    /// The blend modes Rive's runtime accepts on a drawable: source-over (3) and
    /// screen (14) through luminosity (28).
    static let blendModes: Set<UInt64> = Set([3] + Array(14...28))

    /// The object at `id` when it exists and survived validation (the runtime's `Artboard::resolve`).
    private func resolve(_ id: UInt64, in survivors: [Bool]) -> RuntimeObject? {
        guard id < UInt64(objects.count), survivors[Int(id)] else { return nil }
        return objects[Int(id)]
    }

    /// `Component::validate`: the parent id names a container of the artboard; a text
    /// style (`TextStyle::validate`) also needs a Text as its parent.
    private func isValid(_ index: Int, among survivors: [Bool]) -> Bool {
        guard let object = objects[index], let parent = resolve(object.parentId, in: survivors),
              RuntimeTypes.isKind(parent.type, of: Schema.TypeKey.containerComponent) else { return false }
        return !RuntimeTypes.isKind(object.type, of: Schema.TypeKey.textStyle) || RuntimeTypes.isKind(parent.type, of: Schema.TypeKey.text)
    }

    /// `Artboard::validateObjects`: it takes invalid components out only when a pass
    /// changes some component's validity, so when every component fails the first
    /// pass none is taken out (the first-pass hole, nil here). Otherwise the invalid
    /// ones go, then those whose parent went, until nothing changes.
    private func validateObjects() -> [Bool] {
        var survivors = objects.map { $0 != nil }
        let firstPass = objects.indices.dropFirst().filter { objects[$0] != nil && !isValid($0, among: survivors) }
        guard firstPass.count < objects.indices.dropFirst().count(where: { objects[$0] != nil }) else { return survivors }
        var children: [Int: [Int]] = [:]
        for index in objects.indices.dropFirst() {
            if let object = objects[index], object.parentId < UInt64(objects.count) { children[Int(object.parentId), default: []].append(index) }
        }
        var removed = firstPass
        while let index = removed.popLast() {
            guard survivors[index] else { continue }
            survivors[index] = false
            removed += children[index, default: []].filter { $0 != 0 && survivors[$0] }
        }
        return survivors
    }

    /// `Component::onAddedDirty` of a component left in by the first-pass hole: its
    /// parent resolves to nothing, and the runtime dereferences it.
    private func nullParent(_ survivors: [Bool]) -> RuntimePrediction.Issue? {
        // A parent that exists but holds no children is cast and written to, not
        // dereferenced as null: undefined behaviour the runtime survives in our trials.
        for index in objects.indices.dropFirst() where survivors[index] && !isValid(index, among: survivors) {
            let object = objects[index]!
            guard resolve(object.parentId, in: survivors) == nil else { continue }
            return .init(code: "crash-null-parent",
                         message: "every component of the artboard names a parent that is not a container of it, and \(Schema.typeName(object.type)) names \(object.parentId), which is no object of the artboard: the runtime's validation removes none of them, and it dereferences the missing parent when it sets the artboard up",
                         offset: object.offset)
        }
        return nil
    }

    /// A drawable with a blend mode outside ``blendModes`` fails the initialisation.
    private func invalidBlendMode(_ survivors: [Bool]) -> RuntimePrediction.Issue? {
        for index in objects.indices where survivors[index] {
            guard let object = objects[index], let mode = object.blendMode, !Self.blendModes.contains(mode) else { continue }
            return .init(code: "runtime-invalid-blend-mode",
                         message: "\(Schema.typeName(object.type)) has blend mode \(mode), which Rive's runtime does not know: the artboard fails to initialise and the import fails",
                         offset: object.offset)
        }
        return nil
    }

    /// `StateMachine::onAddedDirty` walks its inputs first: a null one is dereferenced.
    private func nullInput(_ machine: StateMachine) -> RuntimePrediction.Issue? {
        guard let offset = machine.nullInput else { return nil }
        return .init(code: "crash-null-input",
                     message: "an object the runtime drops inside the state machine at offset \(machine.offset) becomes an empty (null) input, which the runtime dereferences when it sets the state machine up",
                     offset: offset)
    }

    /// Then its layers (`StateMachineLayer::onAddedDirty`): every layer needs its
    /// entry, exit and any state.
    private func missingState(_ machine: StateMachine) -> RuntimePrediction.Issue? {
        let needed = [Schema.TypeKey.entryState, Schema.TypeKey.exitState, Schema.TypeKey.anyState]
        guard let layer = machine.layers.first(where: { layer in !needed.allSatisfy(layer.states.contains) }) else { return nil }
        return .init(code: "runtime-missing-state",
                     message: "a state machine layer lacks its entry, exit or any state: the state machine does not initialise when its artboard does, and the import fails",
                     offset: layer.offset)
    }

    /// `ShapePaintMutator::onAddedDirty`: a Fill or Stroke takes one paint mutator
    /// (solid colour or gradient); a second one on the same paint fails the
    /// initialisation (checked against the runtime), before any later pass can hang.
    private func doublePaintMutator(_ survivors: [Bool]) -> RuntimePrediction.Issue? {
        var mutated = Set<UInt64>()
        for index in objects.indices.dropFirst() where survivors[index] {
            let object = objects[index]!
            guard RuntimeTypes.isKind(object.type, of: Schema.TypeKey.solidColor) || RuntimeTypes.isKind(object.type, of: Schema.TypeKey.linearGradient),
                  let paint = resolve(object.parentId, in: survivors), RuntimeTypes.isKind(paint.type, of: Schema.TypeKey.shapePaint) else { continue }
            if !mutated.insert(object.parentId).inserted {
                return .init(code: "runtime-double-paint",
                             message: "\(Schema.typeName(object.type)) is a second colour or gradient on the \(Schema.typeName(paint.type)) at object \(object.parentId): the artboard fails to initialise and the import fails",
                             offset: object.offset)
            }
        }
        return nil
    }

    /// Components whose `onAddedDirty` needs a parent of a given kind and fails the
    /// initialisation without one: a constraint (`Constraint::onAddedDirty`) needs a
    /// transform component (some only once their target is one: ``targetFirstConstraints``); a font axis or feature (`TextStyleAxis`, `TextStyleFeature`)
    /// a text style; a text background (`TextStyleBackground`) a text style paint.
    static let dirtyParentKinds: [(child: UInt16, parents: [UInt16])] = [
        (Schema.TypeKey.constraint, [Schema.TypeKey.transformComponent]),
        (Schema.TypeKey.textStyleAxis, [Schema.TypeKey.textStyle]),
        (Schema.TypeKey.textStyleFeature, [Schema.TypeKey.textStyle]),
        (Schema.TypeKey.textStyleBackground, [Schema.TypeKey.textStylePaint]),
    ]

    /// Constraints whose `onAddedDirty` stops (without failing) before the parent
    /// check when their target is no transform component (checked against the
    /// runtime; rotation, translation, scale and scroll constraints check their
    /// parent regardless).
    static let targetFirstConstraints: [UInt16] = [
        Schema.TypeKey.ikConstraint, Schema.TypeKey.distanceConstraint,
        Schema.TypeKey.transformConstraint, Schema.TypeKey.followPathConstraint,
    ]

    /// The same checks in `onAddedClean`: a trim path, dash path, target effect or
    /// scripted path effect needs an effects container (`EffectsContainer::from`: a
    /// fill, a stroke or a group effect), a dash its dash path.
    static let cleanParentKinds: [(child: UInt16, parents: [UInt16])] = {
        let effectsContainers = [Schema.TypeKey.shapePaint, Schema.TypeKey.groupEffect]
        return [
            (Schema.TypeKey.trimPath, effectsContainers),
            (Schema.TypeKey.dashPath, effectsContainers),
            (Schema.TypeKey.targetEffect, effectsContainers),
            (Schema.TypeKey.scriptedPathEffect, effectsContainers),
            (Schema.TypeKey.dash, [Schema.TypeKey.dashPath]),
        ]
    }()

    /// The first surviving component whose parent is not of the kind `phase` needs.
    private func wrongParentKind(_ survivors: [Bool], phase: [(child: UInt16, parents: [UInt16])]) -> RuntimePrediction.Issue? {
        for index in objects.indices.dropFirst() where survivors[index] {
            let object = objects[index]!
            guard let rule = phase.first(where: { RuntimeTypes.isKind(object.type, of: $0.child) }),
                  let parent = resolve(object.parentId, in: survivors),
                  !rule.parents.contains(where: { RuntimeTypes.isKind(parent.type, of: $0) }) else { continue }
            if Self.targetFirstConstraints.contains(where: { RuntimeTypes.isKind(object.type, of: $0) }),
               !(resolve(object.targetId, in: survivors).map { RuntimeTypes.isKind($0.type, of: Schema.TypeKey.transformComponent) } ?? false) { continue }
            return .init(code: "runtime-invalid-parent",
                         message: "\(Schema.typeName(object.type))'s parent is a \(Schema.typeName(parent.type)), where Rive's runtime needs a \(rule.parents.map(Schema.typeName).joined(separator: " or ")): the artboard fails to initialise and the import fails",
                         offset: object.offset)
        }
        return nil
    }

    /// A trim path whose mode is neither sequential (1) nor synchronized (2) fails
    /// the initialisation (checked against the runtime; an absent mode is 0).
    private func invalidTrimMode(_ survivors: [Bool]) -> RuntimePrediction.Issue? {
        for index in objects.indices.dropFirst() where survivors[index] {
            let object = objects[index]!
            guard object.type == Schema.TypeKey.trimPath, object.trimMode != 1, object.trimMode != 2 else { continue }
            return .init(code: "runtime-invalid-trim-mode",
                         message: "a TrimPath has mode \(object.trimMode), which Rive's runtime does not know: the artboard fails to initialise and the import fails",
                         offset: object.offset)
        }
        return nil
    }

    /// A loop of parents that survives validation hangs or crashes `onAddedClean`
    /// only where something walks the parents: a Path (`Path::onAddedClean`) or a
    /// Drawable (a Shape's deformer lookup, the draw-rules lookup), in the loop or
    /// below it.
    private func parentCycle(_ survivors: [Bool]) -> RuntimePrediction.Issue? {
        // 0: not visited, 1: on the current chain, 2: reaches the artboard or a dead end, 3: reaches a loop.
        var state = [UInt8](repeating: 0, count: objects.count)
        if !state.isEmpty { state[0] = 2 }
        for start in objects.indices.dropFirst() where survivors[start] && state[start] == 0 {
            var chain: [Int] = []
            var at = start
            var ending: UInt8 = 2
            while true {
                if state[at] == 1 { ending = 3; break }
                if state[at] != 0 { ending = state[at]; break }
                state[at] = 1
                chain.append(at)
                guard resolve(objects[at]!.parentId, in: survivors) != nil else { break }
                at = Int(objects[at]!.parentId)
            }
            for index in chain { state[index] = ending }
        }
        for index in objects.indices.dropFirst() where state[index] == 3 {
            let object = objects[index]!
            guard RuntimeTypes.isKind(object.type, of: Schema.TypeKey.path) || RuntimeTypes.isKind(object.type, of: Schema.TypeKey.drawable) else { continue }
            return .init(code: "crash-parent-cycle",
                         message: "\(Schema.typeName(object.type))'s parents lead into a loop (parent id \(object.parentId)): the runtime follows the loop forever or crashes when it sets the artboard up",
                         offset: object.offset)
        }
        return nil
    }

    /// `Skin::buildDependencies`: a Tendon of a Skin whose bone id names no Bone
    /// still joins the skin, and the runtime dereferences its missing bone.
    private func nullBone(_ survivors: [Bool]) -> RuntimePrediction.Issue? {
        for index in objects.indices.dropFirst() where survivors[index] && objects[index]!.type == Schema.TypeKey.tendon {
            let tendon = objects[index]!
            guard let skin = resolve(tendon.parentId, in: survivors), skin.type == Schema.TypeKey.skin else { continue }
            if let bone = resolve(tendon.boneId, in: survivors), RuntimeTypes.isKind(bone.type, of: Schema.TypeKey.bone) { continue }
            return .init(code: "crash-null-bone",
                         message: "a Tendon of the Skin at object \(tendon.parentId) names bone \(tendon.boneId), which is not a bone of the artboard: the runtime dereferences the missing bone when it sets the skin up",
                         offset: tendon.offset)
        }
        return nil
    }

    /// The draw-order pass of `Artboard::initialize`: each DrawTarget of a DrawRules
    /// whose own parent resolves needs its drawable; one whose drawable id names no
    /// Drawable (`DrawTarget::onAddedDirty` only reports it) is dereferenced.
    private func nullDrawable(_ survivors: [Bool]) -> RuntimePrediction.Issue? {
        for index in objects.indices.dropFirst() where survivors[index] && objects[index]!.type == Schema.TypeKey.drawTarget {
            let target = objects[index]!
            guard let rules = resolve(target.parentId, in: survivors), rules.type == Schema.TypeKey.drawRules,
                  resolve(rules.parentId, in: survivors) != nil else { continue }
            if let drawable = resolve(target.drawableId, in: survivors), RuntimeTypes.isKind(drawable.type, of: Schema.TypeKey.drawable) { continue }
            return .init(code: "crash-null-drawable",
                         message: "a DrawTarget names drawable \(target.drawableId), which is not a drawable of the artboard: the runtime dereferences the missing drawable when it orders the artboard's drawing",
                         offset: target.offset)
        }
        return nil
    }
}
