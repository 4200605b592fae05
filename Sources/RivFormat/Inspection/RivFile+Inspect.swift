extension RivFile {
    /// Everything ``RivInspection`` describes, read in one walk over the objects
    /// (``placedObjects``; the file's bytes are mapped, if they were not yet). The
    /// rules that tie objects together are the runtime's: objects belong to the
    /// artboard before them, inputs and layers to the state machine before them,
    /// view model properties to the view model before them; a text run's style, a
    /// nested artboard's artboard and an object's parent are indices (an artboard's
    /// objects as ``ObjectPlacement`` numbers them, the file's artboards).
    public func inspect() -> RivInspection {
        var builder = InspectionBuilder(file: self)
        for placed in placedObjects { builder.add(placed.object, placed.placement) }
        return builder.finish()
    }
}

/// Builds a ``RivInspection`` one object at a time.
struct InspectionBuilder {
    private typealias TK = Schema.TypeKey
    private typealias PK = Schema.PropertyKey

    /// What a text run or a child needs of an object it points at by index.
    private struct IndexedObject {
        let name: String
        /// A `TextStyle`'s `fontAssetId`; nil for other objects.
        let fontReference: UInt64?
    }

    /// An artboard being read, with the objects it addresses by index.
    private struct OpenArtboard {
        var inspection: ArtboardInspection
        /// Each indexed object's name and, for a text style, the font it refers to
        /// (what text runs resolve through it); nil for a null (unknown) object.
        var indexed: [IndexedObject?]
        var defaultStateMachineIndex: UInt64?
        /// Text runs by their style index, resolved when the artboard ends.
        var textRuns: [(run: TextRunInspection, styleIndex: UInt64?, parentIndex: UInt64?)] = []
        var nested: [(name: String, artboardIndex: UInt64?)] = []
    }

    private let file: RivFile
    /// How many assets the inspection lists (manifests left out): the runtime's asset list.
    private let listedAssetCount: Int
    private var finished: [ArtboardInspection] = []
    private var current: OpenArtboard?
    /// The nested artboards of each finished artboard, with the artboard index each points at.
    private var nestedByArtboard: [[(name: String, artboardIndex: UInt64?)]] = []
    private var viewModels: [ViewModelInspection] = []
    private var instances: [(viewModelIndex: UInt64, name: String)] = []

    init(file: RivFile) {
        self.file = file
        listedAssetCount = file.assets.count(where: \.isListed)
    }

    private func string(_ object: RivObject, _ key: UInt16) -> String? {
        object.properties.last { $0.key == key && $0.fieldType == .bytes }.map(file.stringValue(of:))
    }

    private func uint(_ object: RivObject, _ key: UInt16) -> UInt64? {
        object.properties.last { $0.key == key && $0.fieldType == .varUInt }.map(file.uintValue(of:))
    }

    private func float(_ object: RivObject, _ key: UInt16) -> Double? {
        object.properties.last { $0.key == key && $0.fieldType == .float32 }.map { Double(file.floatValue(of: $0)) }
    }

    private func isKind(_ object: RivObject, _ ancestor: UInt16) -> Bool {
        Schema.isKind(object.typeKey, of: ancestor)
    }

    /// `index` when it is a position in the asset list (the inspection's assets), else nil.
    private func assetPosition(atListIndex index: UInt64?) -> Int? {
        guard let index, index < UInt64(listedAssetCount) else { return nil }
        return Int(index)
    }

    mutating func add(_ object: RivObject, _ placement: ObjectPlacement) {
        let type = object.typeKey
        if placement.role == .artboard {
            startArtboard(object, index: placement.artboardIndex ?? finished.count)
            return
        }
        if placement.objectIndex != nil {
            // Whatever else the record is, so that the indices are the ones ids name.
            let indexed = placement.role == .null ? nil : IndexedObject(
                name: string(object, PK.componentName) ?? "", fontReference: isKind(object, TK.textStyle) ? uint(object, PK.textStyleFontAssetId) : nil)
            current?.indexed.append(indexed)
        }
        if isKind(object, TK.viewModel) {
            viewModels.append(ViewModelInspection(name: string(object, PK.viewModelComponentName) ?? "", properties: [], instances: []))
            return
        }
        if isKind(object, TK.viewModelProperty), !viewModels.isEmpty {
            let typeName = Schema.typeName(type)
            let short = typeName.hasPrefix("ViewModelProperty") ? String(typeName.dropFirst("ViewModelProperty".count)) : typeName
            viewModels[viewModels.count - 1].properties.append(ViewModelPropertyInspection(
                name: string(object, PK.viewModelComponentName) ?? "", type: short.prefix(1).lowercased() + short.dropFirst()))
            return
        }
        if type == TK.viewModelInstance {
            instances.append((uint(object, PK.viewModelInstanceViewModelId) ?? 0, string(object, PK.componentName) ?? ""))
        }
        guard var artboard = current else { return }
        // Taken out while it grows, so that its arrays have one owner and append in place.
        current = nil
        defer { current = artboard }
        if isKind(object, TK.linearAnimation) {
            artboard.inspection.animations.append(animation(object))
        } else if isKind(object, TK.stateMachine) {
            artboard.inspection.stateMachines.append(StateMachineInspection(name: string(object, PK.animationName) ?? "", inputs: [], layers: [], listenerCount: 0))
        } else if isKind(object, TK.stateMachineInput), !artboard.inspection.stateMachines.isEmpty {
            let typeName = Schema.typeName(type)
            let short = typeName.hasPrefix("StateMachine") ? String(typeName.dropFirst("StateMachine".count)) : typeName
            let value: StateMachineInputInspection.InputValue? = switch type {
            case TK.stateMachineBool: .bool((uint(object, PK.stateMachineBoolValue) ?? 0) != 0)
            case TK.stateMachineNumber: .number(float(object, PK.stateMachineNumberValue) ?? 0)
            default: nil
            }
            artboard.inspection.stateMachines[artboard.inspection.stateMachines.count - 1].inputs.append(StateMachineInputInspection(
                name: string(object, PK.stateMachineComponentName) ?? "", type: short.prefix(1).lowercased() + short.dropFirst(), defaultValue: value))
        } else if isKind(object, TK.stateMachineLayer), !artboard.inspection.stateMachines.isEmpty {
            artboard.inspection.stateMachines[artboard.inspection.stateMachines.count - 1].layers.append(string(object, PK.stateMachineComponentName) ?? "")
        } else if isKind(object, TK.stateMachineListener), !artboard.inspection.stateMachines.isEmpty {
            artboard.inspection.stateMachines[artboard.inspection.stateMachines.count - 1].listenerCount += 1
        } else if isKind(object, TK.textValueRun) {
            let name = string(object, PK.componentName) ?? ""
            if !name.isEmpty {
                artboard.textRuns.append((TextRunInspection(name: name, text: string(object, PK.textValueRunText) ?? ""),
                                          uint(object, PK.textValueRunStyleId), uint(object, PK.componentParentId)))
            }
        } else if isKind(object, TK.nestedArtboard) {
            artboard.nested.append((string(object, PK.componentName) ?? "", uint(object, PK.nestedArtboardArtboardId)))
        } else if isKind(object, TK.event) {
            artboard.inspection.events.append(EventInspection(
                name: string(object, PK.componentName) ?? "", type: Schema.typeName(type),
                url: isKind(object, TK.openUrlEvent) ? string(object, PK.openUrlEventUrl) ?? "" : nil,
                asset: nil, assetIndex: isKind(object, TK.audioEvent) ? assetPosition(atListIndex: uint(object, PK.audioEventAssetId)) : nil))
        }
    }

    private func animation(_ object: RivObject) -> AnimationInspection {
        let record = LinearAnimationRecord(reading: object, in: file)
        let fps = record.fps ?? InspectionDefaults.fps
        let duration = record.duration ?? InspectionDefaults.durationFrames
        let loopValue = record.loopValue ?? InspectionDefaults.loopValue
        var frames = Double(duration)
        var workArea: AnimationInspection.WorkArea?
        if (record.enableWorkArea ?? 0) != 0 {
            // The runtime plays the work area when it is enabled (unset ends mean the whole timeline).
            let start = record.workStart.flatMap { $0 <= UInt64(UInt32.max / 2) ? $0 : nil } ?? 0
            let end = record.workEnd.flatMap { $0 <= UInt64(UInt32.max / 2) ? $0 : nil } ?? duration
            frames = Double(end) - Double(start)
            workArea = AnimationInspection.WorkArea(start: Int(clamping: start), end: Int(clamping: end))
        }
        let loop = switch loopValue {
        case 0: "oneShot"
        case 1: "loop"
        case 2: "pingPong"
        default: "loop \(loopValue)"
        }
        return AnimationInspection(name: record.name ?? "", fps: Int(clamping: fps), durationFrames: Int(clamping: duration),
                                   durationSeconds: fps == 0 ? 0 : frames / Double(fps),
                                   speed: record.speed.map(Double.init) ?? InspectionDefaults.speed, loop: loop, workArea: workArea)
    }

    private mutating func startArtboard(_ object: RivObject, index: Int) {
        closeArtboard()
        let name = file.artboardName(at: index)
        let record = ArtboardRecord(reading: object, in: file)
        current = OpenArtboard(
            inspection: ArtboardInspection(index: index, name: name,
                                           width: record.width.map(Double.init) ?? InspectionDefaults.artboardSide,
                                           height: record.height.map(Double.init) ?? InspectionDefaults.artboardSide,
                                           isDefault: index == 0, objectCount: 1, defaultStateMachine: nil, animations: [], stateMachines: [],
                                           textRuns: [], nestedArtboards: [], events: []),
            indexed: [IndexedObject(name: name, fontReference: nil)],
            defaultStateMachineIndex: record.defaultStateMachineID)
    }

    /// Resolves what the open artboard's objects point at by index.
    private mutating func closeArtboard() {
        guard var artboard = current else { return }
        current = nil
        artboard.inspection.objectCount = artboard.indexed.count
        if let index = artboard.defaultStateMachineIndex, index < UInt64(artboard.inspection.stateMachines.count) {
            artboard.inspection.defaultStateMachine = artboard.inspection.stateMachines[Int(index)].name
        }
        let indexed = artboard.indexed
        func object(at index: UInt64?) -> IndexedObject? {
            guard let index, index < UInt64(indexed.count) else { return nil }
            return indexed[Int(index)]
        }
        // Each text object is named once, however many runs it holds.
        var textObjectPositions: [UInt64: Int] = [:]
        for (run, styleIndex, parentIndex) in artboard.textRuns {
            var resolved = run
            if let parentIndex, let parent = object(at: parentIndex) {
                resolved.textObjectIndex = textObjectPositions[parentIndex] ?? {
                    artboard.inspection.textObjects.append(parent.name)
                    textObjectPositions[parentIndex] = artboard.inspection.textObjects.count - 1
                    return artboard.inspection.textObjects.count - 1
                }()
            }
            resolved.fontAssetIndex = assetPosition(atListIndex: object(at: styleIndex)?.fontReference)
            artboard.inspection.textRuns.append(resolved)
        }
        nestedByArtboard.append(artboard.nested)
        finished.append(artboard.inspection)
    }

    mutating func finish() -> RivInspection {
        closeArtboard()
        // Nested artboards point at the file's artboards by index, all known only now.
        let count = UInt64(finished.count)
        for (index, nested) in nestedByArtboard.enumerated() {
            finished[index].nestedArtboards = nested.map { item in
                NestedArtboardInspection(name: item.name, artboard: nil, artboardIndex: item.artboardIndex.flatMap { $0 < count ? Int($0) : nil })
            }
        }
        for instance in instances where instance.viewModelIndex < UInt64(viewModels.count) {
            viewModels[Int(instance.viewModelIndex)].instances.append(instance.name)
        }
        var assets: [InspectedAsset] = []
        for (asset, users) in zip(file.assets, file.referencersByAsset) where asset.isListed {
            assets.append(InspectedAsset(uniqueName: asset.uniqueName, type: asset.type, location: asset.location,
                                         usedBy: users.map { InspectedUse(artboard: nil, artboardIndex: $0.artboardIndex, type: $0.type,
                                                                          name: $0.name, objectIndex: $0.objectIndex) }))
            for index in Set(users.compactMap(\.artboardIndex)) where finished.indices.contains(index) {
                finished[index].assetIndices.append(assets.count - 1)
            }
        }
        // The builder sets only indices; the names beside them are filled the way a decoder fills them.
        var inspection = RivInspection(schemaVersion: RivInspection.currentSchemaVersion, defaultArtboard: finished.first?.name,
                                       artboards: finished, viewModels: viewModels, assets: assets,
                                       unusedAssets: assets.filter(\.usedBy.isEmpty).map(\.uniqueName))
        inspection.resolveReferences()
        return inspection
    }
}
