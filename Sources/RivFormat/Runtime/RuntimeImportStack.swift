/// The part of the runtime's import stack that matters to a prediction: which importer
/// receives a dropped object, the objects of the artboard being read, the objects the
/// backboard's importer holds on to, and what each importer does when it is resolved.
struct RuntimeImportStack {
    /// The stack types of the importers that matter here, in the order they were made
    /// latest (the runtime's `m_lastAdded`): dropped objects go to the newest taker, and
    /// at the end of the file they are resolved newest first.
    private var lastAdded: [UInt16] = []
    /// True once a Backboard was imported: artboards, file assets and the objects that
    /// use them need its importer.
    private var hasBackboard = false
    /// An object the backboard's importer holds that the runtime freed when its own
    /// import failed: resolving the backboard then calls through the freed object.
    private var freedReferencer: RuntimePrediction.Issue?
    /// The objects of the artboard being read, in import order (nil for dropped ones).
    private var artboard: [RuntimeObject?]?
    /// The artboard's state machines, checked when the artboard initialises.
    private var artboardMachines: [RuntimeArtboardInitialization.StateMachine] = []
    /// The first component whose parent id names no container of its artboard.
    private(set) var danglingParent: RuntimePrediction.Issue?
    /// The first crash or hang, when no refusal came first.
    private(set) var crash: RuntimePrediction.Issue?
    /// A crash when the file is destroyed (`~Artboard`), which happens whatever the verdict.
    private(set) var destructorCrash: RuntimePrediction.Issue?
    /// How many artboards were imported so far.
    private var artboardCount = 0
    /// For the newest ViewModelInstance: the number of the artboard it was read in
    /// (0: before any artboard, at file level); nil before any.
    private var viewModelInstanceArtboard: Int?
    /// Why the import fails: the first importer that did not resolve.
    private(set) var refusal: RuntimePrediction.Issue?
    /// The states of the state machine layer being read (nil: a placeholder for a
    /// dropped object), its transitions' target state ids, and the index of its state
    /// machine in `artboardMachines`.
    private var layer: (states: [UInt16?], targets: [(stateTo: UInt64, offset: Int)], offset: Int, machine: Int)?
    /// True once the layer being read was checked by its artboard's initialisation.
    private var layerChecked = false
    /// The offset of the state machine being read.
    private var machine: Int?
    /// True once a state of the current layer was imported (transitions attach to it).
    private var hasState = false
    /// True once a file asset was imported: its importer (the newest one) takes the
    /// contents records that follow, whatever objects come in between.
    private var hasFileAssetImporter = false
    /// The offsets of the contents records the runtime skips: read while no file
    /// asset's importer is on the stack, `FileAssetContents::import` fails, and the
    /// runtime deletes the record and reads on ("Failed to import object of type 106").
    private(set) var skippedContents: [Int] = []

    /// The file assets that get an importer: every kind of the kind table
    /// (`FileAssetImporter`, or for scripts, script modules and shaders the
    /// scripting build's text-asset importer).
    private static let fileAssetImporterTypes = Set(AssetKind.allCases.map(\.typeKey))

    /// Importers whose `readNullObject` accepts a dropped object.
    private static let nullTakers: Set<UInt16> = [
        Schema.TypeKey.artboard, Schema.TypeKey.keyedProperty,
        Schema.TypeKey.stateMachine, Schema.TypeKey.stateMachineLayer,
    ]

    /// Components whose `import` hands them to the backboard's importer before
    /// `Component::import` looks for an artboard (`Image::import`, `TextStyle::import`,
    /// `AudioEvent::import`, `ScriptedObject` imports; checked against the runtime).
    private static let backboardReferencers: [UInt16] = [
        Schema.TypeKey.image, Schema.TypeKey.textStyle, Schema.TypeKey.audioEvent,
        Schema.TypeKey.scriptedDrawable, Schema.TypeKey.scriptedPathEffect,
    ]

    /// State machine objects whose `import` hands them to the backboard's importer
    /// before it looks for the state machine's importer (`ScriptedListenerAction::import`,
    /// `ScriptedTransitionCondition::import`; checked against the runtime).
    private static let scriptedStateMachineReferencers: [UInt16] = [
        Schema.TypeKey.scriptedListenerAction, Schema.TypeKey.scriptedTransitionCondition,
    ]

    /// A dropped object: the newest importer that takes one gets it; the artboard
    /// keeps a hole in its object list so that later ids still line up.
    mutating func readNullObject(at offset: Int) {
        guard let taker = lastAdded.last(where: Self.nullTakers.contains) else { return }
        if taker == Schema.TypeKey.artboard { artboard?.append(nil) }
        if taker == Schema.TypeKey.stateMachineLayer { layer?.states.append(nil) }
        // A state machine of an artboard already initialised keeps its null input unused.
        if taker == Schema.TypeKey.stateMachine, let last = artboardMachines.indices.last, artboardMachines[last].nullInput == nil {
            artboardMachines[last].nullInput = offset
        }
    }

    /// An object the runtime built: a backboard, artboard, state machine or layer first
    /// resolves the previous one of its kind; components join the artboard being read
    /// (and are dropped without one), states and transitions the layer being read.
    mutating func importObject(_ object: RuntimeObject) {
        let type = object.type, offset = object.offset
        if type == Schema.TypeKey.fileAssetContents {
            if !hasFileAssetImporter { skippedContents.append(offset) }
            return
        }
        if Self.fileAssetImporterTypes.contains(type) {
            // `FileAsset::import` needs the backboard's importer; without it the asset is
            // deleted and the file asset importer on the stack, if any, stays the newest.
            if hasBackboard { hasFileAssetImporter = true }
            return
        }
        if type == Schema.TypeKey.viewModelInstance {
            viewModelInstanceArtboard = artboard == nil ? 0 : artboardCount
        } else if RuntimeTypes.isKind(type, of: Schema.TypeKey.viewModelInstanceValue) {
            // `ViewModelInstanceValue::import` needs the newest ViewModelInstance's
            // importer and gives the value to it, and, inside an artboard, to the
            // artboard too. When that instance was read in an earlier artboard, both
            // artboards delete the value when the file is destroyed.
            guard let owner = viewModelInstanceArtboard else { return }
            if artboard != nil, owner > 0, owner != artboardCount, destructorCrash == nil {
                destructorCrash = .init(code: "crash-shared-view-model-value",
                                        message: "\(Schema.typeName(type)) is read in artboard \(artboardCount) but belongs to a view model instance of artboard \(owner): both artboards own it, and the runtime deletes it twice when it releases the file",
                                        offset: offset)
            }
        }
        if type == Schema.TypeKey.backboard {
            makeLatest(type)
            hasBackboard = true
        } else if type == Schema.TypeKey.stateMachine {
            // `StateMachine::import` needs the artboard's importer.
            guard artboard != nil else { return }
            makeLatest(type)
            machine = offset
            artboardMachines.append(.init(offset: offset))
        } else if type == Schema.TypeKey.stateMachineLayer {
            guard machine != nil else { return }
            makeLatest(type)
            layer = ([], [], offset, artboardMachines.count - 1)
            layerChecked = false
            hasState = false
        } else if RuntimeTypes.isKind(type, of: Schema.TypeKey.layerState) {
            guard layer != nil else { return }
            layer?.states.append(type)
            hasState = true
        } else if RuntimeTypes.isKind(type, of: Schema.TypeKey.stateTransition) {
            if hasState { layer?.targets.append((object.stateTo, offset)) }
        } else if type == Schema.TypeKey.artboard {
            // `Artboard::import` needs the backboard's importer; without it the
            // artboard, and everything read into it, is dropped.
            guard hasBackboard else { return }
            makeLatest(type)
            artboard = [object]
            artboardCount += 1
        } else if RuntimeTypes.isKind(type, of: Schema.TypeKey.component) {
            if artboard != nil {
                artboard?.append(object)
            } else if hasBackboard, freedReferencer == nil, Self.backboardReferencers.contains(where: { RuntimeTypes.isKind(type, of: $0) }) {
                freedReferencer = .init(code: "crash-freed-referencer",
                                        message: "\(Schema.typeName(type)) comes before any artboard: the backboard's importer keeps it, the runtime frees it when it finds no artboard to add it to, and resolving the backboard then uses the freed object",
                                        offset: offset)
            }
        } else if Self.scriptedStateMachineReferencers.contains(where: { RuntimeTypes.isKind(type, of: $0) }) {
            // `registerReferencer` hands it to the backboard's importer; the rest of its
            // import needs a state machine's importer, and without one the runtime frees it.
            if hasBackboard, machine == nil, freedReferencer == nil {
                freedReferencer = .init(code: "crash-freed-referencer",
                                        message: "\(Schema.typeName(type)) comes where no state machine is being read: the backboard's importer keeps it, the runtime frees it when it finds no state machine to add it to, and resolving the backboard then uses the freed object",
                                        offset: offset)
            }
        } else if Self.nullTakers.contains(type) {
            makeLatest(type)
        }
    }

    /// Resolves what is still on the stack at the end of the file (or after a failed
    /// read: the runtime resolves before it looks at the reader's error), newest
    /// first, stopping at the first importer that does not resolve.
    mutating func resolveAll() {
        for type in lastAdded.reversed() where refusal == nil {
            resolve(type)
        }
        lastAdded.removeAll()
    }

    /// `ImportStack::makeLatest`: the previous importer of the same kind is resolved first.
    private mutating func makeLatest(_ stackType: UInt16) {
        if lastAdded.contains(stackType) { resolve(stackType) }
        lastAdded.removeAll { $0 == stackType }
        lastAdded.append(stackType)
    }

    private mutating func resolve(_ stackType: UInt16) {
        switch stackType {
        case Schema.TypeKey.backboard: resolveBackboard()
        case Schema.TypeKey.artboard: resolveArtboard()
        case Schema.TypeKey.stateMachineLayer: resolveLayer()
        case Schema.TypeKey.stateMachine: machine = nil
        default: break
        }
    }

    private mutating func noteCrash(_ issue: RuntimePrediction.Issue) {
        if crash == nil && refusal == nil { crash = issue }
    }

    /// `BackboardImporter::resolve`: it calls every object it was handed, freed or not.
    private mutating func resolveBackboard() {
        if let freedReferencer { noteCrash(freedReferencer) }
        freedReferencer = nil
    }

    /// `StateMachineLayerImporter::resolve`: every transition must target a state of its layer.
    private mutating func resolveLayer() {
        guard let current = layer else { return }
        layer = nil
        if !layerChecked, artboardMachines.indices.contains(current.machine) {
            artboardMachines[current.machine].layers.append((current.states, current.offset))
        }
        guard refusal == nil else { return }
        if let bad = current.targets.first(where: { $0.stateTo >= UInt64(current.states.count) }) {
            refusal = .init(code: "runtime-missing-state",
                            message: "a state transition targets state \(bad.stateTo) of a layer with \(current.states.count) states: the layer does not resolve and the import fails",
                            offset: bad.offset)
        }
    }

    /// `ArtboardImporter::resolve`, which runs `Artboard::initialize` (see
    /// ``RuntimeArtboardInitialization``). Each component whose parent id names no
    /// container (past the list, a dropped object, or a leaf) is a dangling parent: the
    /// runtime takes it out and still loads the file, but such a hierarchy is where
    /// its crashes and hangs on damaged files come from, so the first one is kept.
    private mutating func resolveArtboard() {
        guard let objects = artboard else { return }
        artboard = nil
        var machines = artboardMachines
        artboardMachines = []
        if let layer, !layerChecked, machines.indices.contains(layer.machine) {
            machines[layer.machine].layers.append((layer.states, layer.offset))
            layerChecked = true
        }
        if refusal == nil && crash == nil {
            let initialization = RuntimeArtboardInitialization(objects: objects, stateMachines: machines)
            if let crash = initialization.crash { noteCrash(crash) }
            refusal = initialization.refusal
        }
        guard danglingParent == nil else { return }
        for case let object? in objects.dropFirst() {
            let parent = object.parentId < UInt64(objects.count) ? objects[Int(object.parentId)] : nil
            if let parent, RuntimeTypes.isKind(parent.type, of: Schema.TypeKey.containerComponent) { continue }
            let why = object.parentId >= UInt64(objects.count) ? "past the artboard's \(objects.count) objects"
                : parent == nil ? "an object the runtime dropped" : "a \(Schema.typeName(parent!.type)), which holds no children"
            danglingParent = .init(code: "runtime-dangling-parent",
                                   message: "\(Schema.typeName(object.type)) names parent \(object.parentId), \(why): Rive's runtime loads the file with the component detached from its artboard",
                                   offset: object.offset)
            return
        }
    }
}
