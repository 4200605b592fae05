import RivFormat

/// The artboard's data binds the renderer applies (the runtime's first update pass
/// after the scene's first step writes them: a bound value wins over a key frame on
/// that frame): those from the number, colour and boolean values of the instances of
/// the artboard's data context (nested view models' included) straight to a property
/// of the object written before them, in the direction to the target, without a
/// converter (or through an interpolating one, which passes the first value on as it
/// is, or a scripted one, which is not run and passes it on too, with a note); before those, the binds to the source alone write their target's value into
/// the view model value they name. The others are noted.
struct DataBinds {
    typealias PK = Schema.PropertyKey
    typealias TK = Schema.TypeKey

    private var writes: [(object: Int, key: UInt16, source: ViewModelValues.Location, value: ViewModelValues.Value)] = []
    /// The binds to the source only: their target's value is written into the view
    /// model value (the runtime does so before the binds to the target read it).
    private var reads: [(object: Int, key: UInt16, source: ViewModelValues.Location, kind: ViewModelValues.Value)] = []
    /// What is not applied.
    private(set) var notes: [RenderNote] = []

    /// The binds among `artboard`'s records (those of its state machines, after its first
    /// animation or state machine, are not applied), resolved in `context`.
    init(_ artboard: ArtboardObjects, records: [SceneRecord?], values: ViewModelValues, context: [ViewModelValues.InstanceID], in file: RivFile) {
        var skipped = 0, scripted = 0
        var targetIndex = 0
        var animationsBegan = false
        for bind in artboard.otherRecords {
            if Schema.isKind(bind.typeKey, of: TK.linearAnimation) || Schema.isKind(bind.typeKey, of: TK.stateMachine) { animationsBegan = true }
            guard Schema.isKind(bind.typeKey, of: TK.dataBind) else { continue }
            guard !animationsBegan, bind.typeKey == TK.dataBindContext else {
                skipped += 1
                continue
            }
            // The target is the last object written before the bind.
            while targetIndex + 1 < artboard.objects.count, (artboard.objects[targetIndex + 1]?.range.upperBound ?? 0) <= bind.range.lowerBound { targetIndex += 1 }
            let record = SceneRecord(bind, in: file)
            let key = UInt16(truncatingIfNeeded: record.integer(PK.dataBindPropertyKey, default: 0))
            let flags = record.integer(PK.dataBindFlags, default: 0)
            let converter = UInt32(truncatingIfNeeded: record.integer(PK.dataBindConverterId, default: UInt64(UInt32.max)))
            let path = bind.property(PK.dataBindContextSourcePathIds).map(file.idListValue(of:)) ?? []
            let toTarget = flags & 1 == 0 || flags & 2 != 0
            let toSourceOnly = flags & 3 == 1
            let converterType = converter == UInt32.max ? nil : Int(converter) < values.converters.count ? values.converters[Int(converter)] : TK.dataConverter
            let converterPasses = converterType.map { [TK.dataConverterInterpolator, TK.scriptedDataConverter].contains($0) } ?? true
            guard toTarget || toSourceOnly, flags & 16 == 0, converterPasses, let source = values.location(at: path, in: context),
                  let target = records[targetIndex], let owner = Schema.property(forKey: key)?.ownerTypeKey, target.isKind(owner),
                  Self.fits(source.value, key) else {
                skipped += 1
                continue
            }
            if converterType == TK.scriptedDataConverter { scripted += 1 }
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

    /// Whether the value's kind is the property's field type.
    private static func fits(_ value: ViewModelValues.Value, _ key: UInt16) -> Bool {
        switch (value, Schema.property(forKey: key)?.fieldType) {
        case (.number, .float32?), (.color, .color?), (.bool, .varUInt?): true
        default: false
        }
    }

    /// Writes the bound values into `records`, after the binds to the source wrote
    /// their target's values into the view model values they name.
    func apply(to records: inout [SceneRecord?]) {
        var written: [ViewModelValues.Location: ViewModelValues.Value] = [:]
        for (object, key, source, kind) in reads {
            let value: ViewModelValues.Value? = switch kind {
            case .number: records[object]?.number(key).map { .number(Float($0)) }
            case .color: records[object]?.color(key).map { .color($0) }
            case .bool: records[object]?.integer(key).map { .bool($0 != 0) }
            case .integer, .string, .instance: nil
            }
            if let value { written[source] = value }
        }
        for (object, key, source, stored) in writes {
            switch written[source] ?? stored {
            case .number(let number): records[object]?.setNumber(key, Double(number))
            case .color(let color): records[object]?.setColor(key, color)
            case .bool(let flag): records[object]?.setInteger(key, flag ? 1 : 0)
            case .integer, .string, .instance: break
            }
        }
    }
}
