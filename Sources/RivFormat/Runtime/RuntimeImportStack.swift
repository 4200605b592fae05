/// The part of the runtime's import stack that matters to a prediction: which importer
/// receives a dropped object, the objects of the artboard being read, and the
/// parents its initialisation resolves when its importer is resolved.
struct RuntimeImportStack {
    /// The stack types of the importers that take a dropped object (`readNullObject`), newest last.
    private var lastAdded: [UInt16] = []
    /// The objects of the artboard being read, in import order (nil for dropped ones).
    private var artboard: [RuntimeObject?]?
    /// The first component whose parent id names no container of its artboard.
    private(set) var danglingParent: RuntimePrediction.Issue?
    /// The first component whose chain of parents loops.
    private(set) var parentCycle: RuntimePrediction.Issue?
    /// The first dropped object that a state machine takes as a null input.
    private(set) var nullInput: RuntimePrediction.Issue?
    /// Why the import fails: the first importer that did not resolve.
    private(set) var refusal: RuntimePrediction.Issue?
    /// The states of the state machine layer being read (nil: a placeholder for a
    /// dropped object) and its transitions' target state ids.
    private var layer: (states: [UInt16?], targets: [(stateTo: UInt64, offset: Int)], offset: Int)?
    /// The state types of each layer of the state machine being read.
    private var machine: (layers: [(states: [UInt16?], offset: Int)], offset: Int)?
    /// True once a state of the current layer was imported (transitions attach to it).
    private var hasState = false

    /// Importers whose `readNullObject` accepts a dropped object.
    private static let nullTakers: Set<UInt16> = [
        Schema.TypeKey.artboard, Schema.TypeKey.keyedProperty,
        Schema.TypeKey.stateMachine, Schema.TypeKey.stateMachineLayer,
    ]

    /// A dropped object: the newest importer that takes one gets it; the artboard
    /// keeps a hole in its object list so that later ids still line up.
    mutating func readNullObject(at offset: Int) {
        guard let taker = lastAdded.last(where: Self.nullTakers.contains) else { return }
        if taker == Schema.TypeKey.artboard { artboard?.append(nil) }
        if taker == Schema.TypeKey.stateMachineLayer { layer?.states.append(nil) }
        if taker == Schema.TypeKey.stateMachine, nullInput == nil, let machine {
            nullInput = .init(code: "crash-null-input",
                              message: "an object the runtime drops inside the state machine at offset \(machine.offset) becomes an empty (null) input, which the runtime dereferences when it sets the state machine up",
                              offset: offset)
        }
    }

    /// An object the runtime built: components join the artboard being read (and are
    /// dropped without one), states and transitions the state machine layer being read;
    /// an artboard, state machine or layer first resolves the previous one of its kind.
    mutating func importObject(_ object: RuntimeObject) {
        let type = object.type, offset = object.offset
        if type == Schema.TypeKey.stateMachine {
            resolveLayer()
            resolveMachine()
            machine = ([], offset)
            layer = nil
            makeLatest(type)
        } else if type == Schema.TypeKey.stateMachineLayer {
            guard machine != nil else { return }
            resolveLayer()
            layer = ([], [], offset)
            hasState = false
            makeLatest(type)
        } else if RuntimeTypes.isKind(type, of: Schema.TypeKey.layerState) {
            guard layer != nil else { return }
            layer?.states.append(type)
            hasState = true
        } else if RuntimeTypes.isKind(type, of: Schema.TypeKey.stateTransition) {
            if hasState { layer?.targets.append((object.stateTo, offset)) }
        } else if type == Schema.TypeKey.artboard {
            resolveArtboard()
            artboard = [object]
            makeLatest(type)
        } else if RuntimeTypes.isKind(type, of: Schema.TypeKey.component) {
            artboard?.append(object)
        } else if Self.nullTakers.contains(type) {
            makeLatest(type)
        }
    }

    /// Resolves what is still on the stack at the end of the file.
    mutating func resolveAll() {
        resolveArtboard()
        resolveLayer()
        resolveMachine()
    }

    /// `StateMachineLayerImporter::resolve`: every transition must target a state of its layer.
    private mutating func resolveLayer() {
        guard let current = layer else { return }
        layer = nil
        machine?.layers.append((current.states, current.offset))
        guard refusal == nil else { return }
        if let bad = current.targets.first(where: { $0.stateTo >= UInt64(current.states.count) }) {
            refusal = .init(code: "runtime-missing-state",
                            message: "a state transition targets state \(bad.stateTo) of a layer with \(current.states.count) states: the layer does not resolve and the import fails",
                            offset: bad.offset)
        }
    }

    /// The state machine's initialisation: every layer needs its entry, exit and any state.
    private mutating func resolveMachine() {
        guard let current = machine else { return }
        machine = nil
        guard refusal == nil else { return }
        let needed = [Schema.TypeKey.entryState, Schema.TypeKey.exitState, Schema.TypeKey.anyState]
        for layer in current.layers where !needed.allSatisfy(layer.states.contains) {
            refusal = .init(code: "runtime-missing-state",
                            message: "a state machine layer lacks its entry, exit or any state: the state machine does not initialise and the import fails",
                            offset: layer.offset)
            return
        }
    }

    private mutating func makeLatest(_ stackType: UInt16) {
        lastAdded.removeAll { $0 == stackType }
        lastAdded.append(stackType)
    }

    /// The index of a component whose chain of container parents never reaches the
    /// artboard (index 0): each step goes to the parent id's object while that object
    /// exists and is a container; a chain longer than the artboard is a loop.
    static func parentCycle(in objects: [RuntimeObject?]) -> Int? {
        var safe = Set<Int>([0])
        for index in objects.indices.dropFirst() where objects[index] != nil {
            var chain: [Int] = []
            var at = index
            var looped = false
            while let object = objects[at], !safe.contains(at) {
                chain.append(at)
                guard object.parentId < UInt64(objects.count), let parent = objects[Int(object.parentId)],
                      RuntimeTypes.isKind(parent.type, of: Schema.TypeKey.containerComponent) else { break }
                at = Int(object.parentId)
                if chain.count > objects.count { looped = true; break }
            }
            if looped { return index }
            safe.formUnion(chain)
        }
        return nil
    }

    /// The blend modes Rive's runtime accepts on a drawable: source-over (3) and
    /// screen (14) through luminosity (28).
    static let blendModes: Set<UInt64> = Set([3] + Array(14...28))

    /// `Artboard::initialize`, run when the artboard's importer is resolved. A drawable
    /// with a blend mode outside ``blendModes`` fails it, and with it the import.
    /// Each component's parent id is resolved to an object of the same artboard
    /// (index 0 is the artboard itself); one that names no container (past the list,
    /// a dropped object, or a leaf) leaves the component without a parent: the runtime
    /// still loads the file, but such a hierarchy is where its crashes and hangs on
    /// damaged files come from, so the first one is kept.
    private mutating func resolveArtboard() {
        guard let objects = artboard else { return }
        artboard = nil
        if refusal == nil, let drawable = objects.lazy.compactMap({ $0 }).first(where: { $0.blendMode.map { !Self.blendModes.contains($0) } ?? false }) {
            refusal = .init(code: "runtime-invalid-blend-mode",
                            message: "\(Schema.typeName(drawable.type)) has blend mode \(drawable.blendMode!), which Rive's runtime does not know: the artboard fails to initialise and the import fails",
                            offset: drawable.offset)
        }
        if parentCycle == nil, let start = Self.parentCycle(in: objects), let object = objects[start] {
            parentCycle = .init(code: "crash-parent-cycle",
                                message: "\(Schema.typeName(object.type))'s parents lead back to it (parent id \(object.parentId)): the runtime follows the loop forever or crashes when it sets the artboard up",
                                offset: object.offset)
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
