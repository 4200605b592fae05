import RivFormat

/// The artboard's data binds the renderer applies (the runtime's first update pass
/// after the scene's first step writes them: a bound value wins over a key frame on
/// that frame): those from the number, colour and boolean values of the instances of
/// the artboard's data context (nested view models' included) straight to a property
/// of the object written before them, in the direction to the target, without a
/// converter (or through an interpolating one, which passes the first value on as it
/// is, or a scripted one, which is not run and passes it on too, with a note); before those, the binds to the source alone write their target's value into
/// the view model value they name; an artboard value sets the artboard a nested
/// artboard shows. The binds on number, colour and boolean key frames
/// give the frames their values. The others are noted.
struct DataBinds {
    typealias PK = Schema.PropertyKey
    typealias TK = Schema.TypeKey

    private var writes: [(object: Int, key: UInt16, source: ViewModelValues.Location, value: ViewModelValues.Value)] = []
    /// The binds to the source only: their target's value is written into the view
    /// model value (the runtime does so before the binds to the target read it).
    private var reads: [(object: Int, key: UInt16, source: ViewModelValues.Location, kind: ViewModelValues.Value)] = []
    /// The values the binds on key frames give them, by the key frame's index among
    /// the artboard's records that take no index (the runtime gives each such frame a
    /// holder its first bind writes into, and the animation instance reads the frame's
    /// value from it): the value bound, or the holder's initial value when the bind
    /// finds no source, and that initial value.
    private var keyFrameValues: [Int: (bound: KeyFrame.Value, initial: KeyFrame.Value)] = [:]
    /// The items each artboard list (`ArtboardComponentList`) shows, by the list's
    /// index: a list value's items, or as many default instances of a view model as
    /// the number a `DataConverterNumberToList` turns into a list. Nothing is made
    /// for them here: the drawing takes them one at a time, within its budget.
    private(set) var lists: [Int: ListSource] = [:]

    /// Where a list's items come from.
    enum ListSource {
        /// Instances of the file's view models, one an item, with the list index each item's
        /// instance holds: the position where the instance last appears, as the runtime
        /// writes each item's index into the instance the item shares with the others naming it.
        case items([ViewModelValues.InstanceID], indices: [Int])
        /// `count` items, each a copy of the view model's default instance.
        case defaults(viewModel: UInt64, count: Int)

        /// How many items the list holds.
        var count: Int {
            switch self {
            case .items(let items, _): items.count
            case .defaults(_, let count): count
            }
        }

        /// The instance item `position` is a copy of.
        func source(at position: Int) -> ViewModelValues.InstanceID {
            switch self {
            case .items(let items, _): items[position]
            case .defaults(let viewModel, _): ViewModelValues.InstanceID(viewModel: viewModel, instance: 0)
            }
        }

        /// The list index item `position`'s instance holds.
        func listIndex(at position: Int) -> Int {
            switch self {
            case .items(_, let indices): indices[position]
            case .defaults: position
            }
        }
    }
    /// What is not applied.
    private(set) var notes: [RenderNote] = []
    /// The index of the artboard bound, which an artboard value cannot nest in itself.
    private let artboardIndex: Int

    /// The binds among `artboard`'s records (those of its state machines, after its first
    /// animation or state machine, are not applied), resolved in `context`.
    init(_ artboard: ArtboardObjects, records: [SceneRecord?], values: ViewModelValues, context: [ViewModelValues.InstanceID], in file: RivFile) {
        artboardIndex = artboard.index
        var skipped = 0, scripted = 0
        var targetIndex = 0
        var animationsBegan = false
        // The last record the runtime builds that is no data bind: a bind targets it.
        var lastBindable: Int?
        for (position, bind) in artboard.otherRecords.enumerated() {
            if Schema.isKind(bind.typeKey, of: TK.linearAnimation) || Schema.isKind(bind.typeKey, of: TK.stateMachine) { animationsBegan = true }
            guard Schema.isKind(bind.typeKey, of: TK.dataBind) else {
                if Schema.type(forKey: bind.typeKey) != nil { lastBindable = position }
                continue
            }
            if animationsBegan, let frame = lastBindable, let holder = Self.holder(of: artboard.otherRecords[frame].typeKey) {
                // The first bind on a key frame gives it its value; the others are never read.
                guard keyFrameValues[frame] == nil, bind.typeKey == TK.dataBindContext else { continue }
                let record = SceneRecord(bind, in: file)
                let flags = record.integer(PK.dataBindFlags, default: 0)
                guard flags & 16 == 0, Self.converterPasses(record, values) else {
                    skipped += 1
                    continue
                }
                if Self.converterIsScripted(record, values) { scripted += 1 }
                let path = bind.property(PK.dataBindContextSourcePathIds).map(file.idListValue(of:)) ?? []
                let toTarget = flags & 1 == 0 || flags & 2 != 0
                let source = toTarget ? values.value(at: path, in: context) : nil
                keyFrameValues[frame] = (source.flatMap { Self.keyFrameValue($0, fitting: holder) } ?? holder, holder)
                continue
            }
            guard !animationsBegan, bind.typeKey == TK.dataBindContext else {
                skipped += 1
                continue
            }
            // The target is the last object written before the bind.
            while targetIndex + 1 < artboard.objects.count, (artboard.objects[targetIndex + 1]?.range.upperBound ?? 0) <= bind.range.lowerBound { targetIndex += 1 }
            let record = SceneRecord(bind, in: file)
            let key = UInt16(truncatingIfNeeded: record.integer(PK.dataBindPropertyKey, default: 0))
            let flags = record.integer(PK.dataBindFlags, default: 0)
            let path = bind.property(PK.dataBindContextSourcePathIds).map(file.idListValue(of:)) ?? []
            let toTarget = flags & 1 == 0 || flags & 2 != 0
            let toSourceOnly = flags & 3 == 1
            if key == PK.artboardComponentListListSource, toTarget, flags & 16 == 0, records[targetIndex]?.type == TK.artboardComponentList,
               let source = Self.list(record, values.value(at: path, in: context), values) {
                lists[targetIndex] = source
                let viewModels: [UInt64] = switch source {
                case .items(let items, _): items.map(\.viewModel)
                case .defaults(let viewModel, _): [viewModel]
                }
                if viewModels.contains(where: values.hasDrawIndex) {
                    notes.append(RenderNote(feature: "list order", objectIndex: targetIndex,
                                            message: "an artboard list whose items have a draw index is drawn in list order, not sorted by it"))
                }
                continue
            }
            guard toTarget || toSourceOnly, flags & 16 == 0, Self.converterPasses(record, values), let source = values.location(at: path, in: context),
                  let target = records[targetIndex], let owner = Schema.property(forKey: key)?.ownerTypeKey, target.isKind(owner),
                  Self.fits(source.value, key, toSource: toSourceOnly) else {
                skipped += 1
                continue
            }
            if Self.converterIsScripted(record, values) { scripted += 1 }
            if toSourceOnly {
                reads.append((targetIndex, key, source.location, source.value))
            } else {
                writes.append((targetIndex, key, source.location, source.value))
            }
        }
        if scripted > 0 {
            notes.append(RenderNote(feature: "data binding", message: "\(scripted) of the artboard's data binds go through a scripted converter, which is not run: the value is passed on as it is, as the runtime without scripting passes it"))
        }
        if skipped > 0 {
            notes.append(RenderNote(feature: "data binding", message: "\(skipped) of the artboard's data binds are not applied (the runtime binds the default view model instance)"))
        }
    }

    /// The items a list bind gives its list from `value`: a list value's, or (through a
    /// `DataConverterNumberToList`) the number's floor of items of its view model, 0 below 1.
    private static func list(_ bind: SceneRecord, _ value: ViewModelValues.Value?, _ values: ViewModelValues) -> ListSource? {
        let id = Int(UInt32(truncatingIfNeeded: bind.integer(PK.dataBindConverterId, default: UInt64(UInt32.max))))
        switch (value, converter(bind, values)) {
        case (.list(let items)?, nil), (.list(let items)?, .some(TK.dataConverterNumberToList)):
            // An item naming no instance shows no artboard (it still counts as an item).
            let shown = items.map { values.hasInstance($0) ? $0 : ViewModelValues.InstanceID(viewModel: UInt64(UInt32.max), instance: $0.instance) }
            var last: [ViewModelValues.InstanceID: Int] = [:]
            for (position, item) in shown.enumerated() { last[item] = position }
            return .items(shown, indices: shown.map { last[$0]! })
        case (.number(let number)?, .some(TK.dataConverterNumberToList)):
            guard let viewModel = values.listConverters[id], values.hasViewModel(viewModel) else { return .items([], indices: []) }
            return .defaults(viewModel: viewModel, count: number >= 1 ? (number < Float(Int32.max) ? Int(number.rounded(.down)) : Int(Int32.max)) : 0)
        default: return nil
        }
    }

    /// The type key of the converter `bind` names; nil without one (a `converterId`
    /// past the file's converters reads as a converter of no known kind).
    private static func converter(_ bind: SceneRecord, _ values: ViewModelValues) -> UInt16? {
        let id = UInt32(truncatingIfNeeded: bind.integer(PK.dataBindConverterId, default: UInt64(UInt32.max)))
        guard id != UInt32.max else { return nil }
        return Int(id) < values.converters.count ? values.converters[Int(id)] : TK.dataConverter
    }

    /// Whether the bind passes its source's value on as it is: without a converter, or
    /// through an interpolating or (not run) scripted one.
    private static func converterPasses(_ bind: SceneRecord, _ values: ViewModelValues) -> Bool {
        converter(bind, values).map { [TK.dataConverterInterpolator, TK.scriptedDataConverter].contains($0) } ?? true
    }

    private static func converterIsScripted(_ bind: SceneRecord, _ values: ViewModelValues) -> Bool {
        converter(bind, values) == TK.scriptedDataConverter
    }

    /// The value a bound key frame of type `type` holds before its bind writes one
    /// (the runtime's bindable property holder at its initial value); nil for the
    /// kinds of key frame the runtime leaves unbound.
    private static func holder(of type: UInt16) -> KeyFrame.Value? {
        switch type {
        case TK.keyFrameDouble: .number(0)
        case TK.keyFrameColor: .color(0xFF1D_1D1D)
        case TK.keyFrameBool: .integer(0)
        default: nil
        }
    }

    /// `value` as a key frame whose holder is `holder` holds it; nil when the holder
    /// is of another kind (the bind writes nothing into it then).
    private static func keyFrameValue(_ value: ViewModelValues.Value, fitting holder: KeyFrame.Value) -> KeyFrame.Value? {
        switch (value, holder) {
        case (.number(let number), .number): .number(number)
        case (.color(let color), .color): .color(color)
        case (.bool(let flag), .integer): .integer(flag ? 1 : 0)
        default: nil
        }
    }

    /// Whether the value's kind is the property's field type (an enum's index only read
    /// from its target, `toSource`: none is written to a target).
    private static func fits(_ value: ViewModelValues.Value, _ key: UInt16, toSource: Bool) -> Bool {
        switch (value, Schema.property(forKey: key)?.fieldType) {
        case (.number, .float32?), (.color, .color?), (.bool, .varUInt?): true
        case (.integer, .varUInt?): toSource
        case (.artboard, _): key == PK.nestedArtboardArtboardId
        default: false
        }
    }

    /// `animations` with the values the binds give their key frames, as the runtime's
    /// animation instances read them (the joysticks apply the animations as stored):
    /// the values bound when `primed` (the scene is a state machine, through which the
    /// runtime binds the instance), else the holders' initial values.
    func bound(_ animations: [LinearAnimation], primed: Bool) -> [LinearAnimation] {
        keyFrameValues.isEmpty ? animations : animations.map { $0.binding(keyFrameValues.mapValues { primed ? $0.bound : $0.initial }) }
    }

    /// The values the binds to the source write into the view model values they name:
    /// their targets' values in `records`.
    func sourceValues(in records: [SceneRecord?]) -> [ViewModelValues.Location: ViewModelValues.Value] {
        var written: [ViewModelValues.Location: ViewModelValues.Value] = [:]
        for (object, key, source, kind) in reads {
            let value: ViewModelValues.Value? = switch kind {
            case .number: records[object]?.number(key).map { .number(Float($0)) }
            case .color: records[object]?.color(key).map { .color($0) }
            case .bool: records[object]?.integer(key).map { .bool($0 != 0) }
            case .integer: records[object]?.integer(key).map { .integer($0) }
            case .string, .instance, .artboard, .list: nil
            }
            if let value { written[source] = value }
        }
        return written
    }

    /// What the binds to the source write at the step numbered `step` of a scene
    /// (``sourceValues(in:)``): nothing at the first, as the instance is bound after it.
    func sourceValues(atStep step: Int) -> ([SceneRecord?]) -> [ViewModelValues.Location: ViewModelValues.Value] {
        guard step > 0 else { return { _ in [:] } }
        return sourceValues(in:)
    }

    /// Writes the bound values into `records`, after the binds to the source wrote
    /// their target's values into the view model values they name.
    func apply(to records: inout [SceneRecord?]) {
        let written = sourceValues(in: records)
        for (object, key, source, stored) in writes {
            switch written[source] ?? stored {
            case .number(let number): records[object]?.setNumber(key, Double(number))
            case .color(let color): records[object]?.setColor(key, color)
            case .bool(let flag): records[object]?.setInteger(key, flag ? 1 : 0)
            case .artboard(let id):
                // None clears the nested artboard; the artboard bound itself (an
                // ancestor, which would nest it in itself) leaves the one shown.
                if id == UInt64(UInt32.max) || id != UInt64(artboardIndex) { records[object]?.setInteger(key, id) }
            case .integer, .string, .instance, .list: break
            }
        }
    }
}
