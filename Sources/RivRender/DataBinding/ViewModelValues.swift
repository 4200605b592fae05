import RivFormat

/// The file's view models with the values of each of their instances, read from the
/// file-level records: a `ViewModel`, its properties, then its instances with their
/// values (each value names its property by index in the view model; a nested view
/// model's value names an instance of the view model its property refers to).
struct ViewModelValues {
    typealias PK = Schema.PropertyKey
    typealias TK = Schema.TypeKey

    /// A value of an instance.
    enum Value: Equatable {
        case number(Float)
        case color(UInt32)
        case bool(Bool)
        /// An enum's index or an asset's id.
        case integer(UInt64)
        /// Text (compared by transition conditions; never drawn here).
        case string(String)
        /// A nested view model's instance, by its index among that view model's instances.
        case instance(UInt64)
        /// An artboard, by its index among the file's artboards (`UInt32.max`: none).
        case artboard(UInt64)
        /// A list's items (`ViewModelInstanceListItem`), each an instance of a view model.
        case list([InstanceID])
    }

    /// One instance: its view model's index and its index among that view model's instances.
    struct InstanceID: Hashable {
        let viewModel: UInt64
        let instance: UInt64
    }

    /// Where a value lives: its instance and its property id.
    struct Location: Hashable {
        let instance: InstanceID
        let property: UInt64
    }

    /// By view model index: each instance's values by property id.
    private var instances: [[[UInt64: Value]]] = []
    /// By view model index: each instance's name, in the order of ``instances``.
    private var instanceNames: [[String]] = []
    /// By view model index: the view model each nested view model property refers to, by property id.
    private var references: [[UInt64: UInt64]] = []

    /// The type keys of the file's data converters, by the index a bind's `converterId` names.
    private(set) var converters: [UInt16] = []
    /// The indices of the global view models (`viewModelType` 2).
    private var globals: Set<UInt64> = []
    /// By view model index: the ids of its list index properties (`ViewModelPropertySymbolListIndex`).
    private var listIndexProperties: [Set<UInt64>] = []
    /// The view models with a draw index property (`symbolTypeValue` 16), by which a list orders its items.
    private var drawIndexed: Set<UInt64> = []
    /// The view model each `DataConverterNumberToList` makes its items of, by the index a bind's `converterId` names.
    private(set) var listConverters: [Int: UInt64] = [:]

    init(_ file: RivFile) {
        var propertyCount: UInt64 = 0
        // The instances an artboard holds among its objects (a nested artboard's own) are
        // no instances of the file's view models.
        var inArtboard = false
        // The list value the items that follow belong to, and each list's items.
        var openList: Location?
        var items: [Location: [InstanceID]] = [:]
        for object in file.objects {
            let type = object.typeKey
            let list = openList
            openList = nil
            if Schema.isKind(type, of: TK.dataConverter) {
                if type == TK.dataConverterNumberToList {
                    listConverters[converters.count] = SceneRecord(object, in: file).integer(PK.dataConverterNumberToListViewModelId, default: UInt64(UInt32.max))
                }
                converters.append(type)
            }
            if type == TK.artboard {
                inArtboard = true
            } else if type == TK.viewModel {
                inArtboard = false
                if SceneRecord(object, in: file).integer(PK.viewModelViewModelType, default: 0) == 2 { globals.insert(UInt64(instances.count)) }
                instances.append([])
                instanceNames.append([])
                references.append([:])
                listIndexProperties.append([])
                propertyCount = 0
            } else if Schema.isKind(type, of: TK.viewModelProperty), let last = references.indices.last {
                if type == TK.viewModelPropertyViewModel {
                    let record = SceneRecord(object, in: file)
                    references[last][propertyCount] = record.integer(PK.viewModelPropertyViewModelViewModelReferenceId, default: UInt64(UInt32.max))
                }
                if type == TK.viewModelPropertySymbolListIndex { listIndexProperties[last].insert(propertyCount) }
                if SceneRecord(object, in: file).integer(PK.viewModelPropertySymbolTypeValue, default: 0) == 16 { drawIndexed.insert(UInt64(last)) }
                propertyCount += 1
            } else if type == TK.viewModelInstance, !inArtboard, let last = instances.indices.last {
                instances[last].append([:])
                instanceNames[last].append(object.property(PK.componentName).map(file.stringValue(of:)) ?? "")
            } else if Schema.isKind(type, of: TK.viewModelInstanceValue), !inArtboard, let last = instances.indices.last, let open = instances[last].indices.last {
                let record = SceneRecord(object, in: file)
                let text = object.property(PK.viewModelInstanceStringPropertyValue).map(file.stringValue(of:)) ?? ""
                if let (property, value) = Self.value(record, text: text) { instances[last][open][property] = value }
                openList = type == TK.viewModelInstanceList ? Location(instance: InstanceID(viewModel: UInt64(last), instance: UInt64(open)), property: record.integer(PK.viewModelInstanceValueViewModelPropertyId, default: UInt64(UInt32.max))) : nil
            } else if type == TK.viewModelInstanceListItem, !inArtboard, let list {
                // An item belongs to the list value written before it.
                let record = SceneRecord(object, in: file)
                items[list, default: []].append(InstanceID(viewModel: record.integer(PK.viewModelInstanceListItemViewModelId, default: UInt64(UInt32.max)),
                                                           instance: record.integer(PK.viewModelInstanceListItemViewModelInstanceId, default: UInt64(UInt32.max))))
                openList = list
            }
        }
        for (list, held) in items { instances[Int(list.instance.viewModel)][Int(list.instance.instance)][list.property] = .list(held) }
    }

    /// The property id a value record names and the value it holds (`text` for a string);
    /// nil for the kinds not read here.
    private static func value(_ record: SceneRecord, text: @autoclosure () -> String) -> (property: UInt64, value: Value)? {
        let property = record.integer(PK.viewModelInstanceValueViewModelPropertyId, default: UInt64(UInt32.max))
        let value: Value? = switch record.type {
        case TK.viewModelInstanceNumber: .number(Float(record.number(PK.viewModelInstanceNumberPropertyValue, default: 0)))
        case TK.viewModelInstanceColor: .color(record.color(PK.viewModelInstanceColorPropertyValue, default: 0xFF00_0000))
        case TK.viewModelInstanceBoolean: .bool(record.flag(PK.viewModelInstanceBooleanPropertyValue, default: false))
        case TK.viewModelInstanceString: .string(text())
        case TK.viewModelInstanceEnum: .integer(record.integer(PK.viewModelInstanceEnumPropertyValue, default: 0))
        case TK.viewModelInstanceAsset, TK.viewModelInstanceAssetImage: .integer(record.integer(PK.viewModelInstanceAssetPropertyValue, default: UInt64(UInt32.max)))
        case TK.viewModelInstanceViewModel: .instance(record.integer(PK.viewModelInstanceViewModelPropertyValue, default: 0))
        // A list item's index, written as a number (the runtime sets it as a float, or compares it as one).
        case TK.viewModelInstanceSymbolListIndex:
            .number(Float(UInt32(truncatingIfNeeded: record.integer(PK.viewModelInstanceSymbolListIndexPropertyValue, default: 0))))
        case TK.viewModelInstanceArtboard: .artboard(record.integer(PK.viewModelInstanceArtboardPropertyValue, default: UInt64(UInt32.max)))
        case TK.viewModelInstanceList: .list([])
        default: nil
        }
        return value.map { (property, $0) }
    }

    /// Adds the instance an artboard holds as `instance` (a `ViewModelInstance` among its
    /// objects, a nested artboard's stateful instance) with its value records `values`, as
    /// the scene left them (strings are not read); nil when it names no view model, or a
    /// global one (which the runtime appends to the context instead: not bound here).
    mutating func add(_ instance: SceneRecord, values: [SceneRecord]) -> InstanceID? {
        let viewModel = instance.integer(PK.viewModelInstanceViewModelId, default: UInt64(UInt32.max))
        guard viewModel < UInt64(instances.count), !globals.contains(viewModel) else { return nil }
        var held: [UInt64: Value] = [:]
        for record in values {
            if let (property, value) = Self.value(record, text: "") { held[property] = value }
        }
        instances[Int(viewModel)].append(held)
        instanceNames[Int(viewModel)].append("")
        return InstanceID(viewModel: viewModel, instance: UInt64(instances[Int(viewModel)].count - 1))
    }

    /// Whether the view model at index `viewModel` has a draw index property.
    func hasDrawIndex(_ viewModel: UInt64) -> Bool {
        drawIndexed.contains(viewModel)
    }

    /// Whether the file has the instance `id`.
    func hasInstance(_ id: InstanceID) -> Bool {
        values(of: id) != nil
    }

    /// Whether the file has a view model at index `viewModel`.
    func hasViewModel(_ viewModel: UInt64) -> Bool {
        viewModel < UInt64(instances.count)
    }

    /// A list's item `position` as its artboard binds it: a copy of `source` (an instance
    /// of a view model, or one made of its default values when the view model has none)
    /// whose list index properties hold `position` (the runtime writes each item's index
    /// into them as it builds the list).
    mutating func item(_ source: InstanceID, at position: Int) -> InstanceID? {
        guard source.viewModel < UInt64(instances.count) else { return nil }
        let viewModel = Int(source.viewModel)
        var copy = values(of: source) ?? [:]
        for property in listIndexProperties[viewModel] { copy[property] = .number(Float(position)) }
        instances[viewModel].append(copy)
        instanceNames[viewModel].append("")
        return InstanceID(viewModel: source.viewModel, instance: UInt64(instances[viewModel].count - 1))
    }

    /// The data context an artboard whose `viewModelId` is `viewModel` is bound to: the
    /// view model's instance named `name` (the first of that name), or without a name
    /// its first instance (the default one the runtime binds); empty when the id names
    /// no view model. Throws ``RenderError/noViewModelInstanceNamed(_:available:)``
    /// for a name no instance of the view model has.
    func context(viewModel: UInt64?, instanceNamed name: String? = nil) throws(RenderError) -> [InstanceID] {
        let index = viewModel.flatMap { $0 < UInt64(instances.count) ? Int($0) : nil }
        guard let name else { return index.map { [InstanceID(viewModel: UInt64($0), instance: 0)] } ?? [] }
        let names = index.map { instanceNames[$0] } ?? []
        guard let index, let instance = names.firstIndex(of: name) else { throw .noViewModelInstanceNamed(name, available: names) }
        return [InstanceID(viewModel: UInt64(index), instance: UInt64(instance))]
    }

    /// The value a bind's id path names in `context` (`DataContext::getViewModelProperty`):
    /// the first instance of the context, innermost first, whose view model is the
    /// path's first id and that holds the value the rest of the path walks to (each
    /// id but the last naming a nested view model property).
    func value(at path: [UInt64], in context: [InstanceID]) -> Value? {
        location(at: path, in: context)?.value
    }

    /// The value `value(at:in:)` finds, with where it lives.
    func location(at path: [UInt64], in context: [InstanceID]) -> (location: Location, value: Value)? {
        guard path.count >= 2 else { return nil }
        for start in context where start.viewModel == path[0] {
            if let found = walk(path.dropFirst(), from: start) { return (found.location, found.value) }
        }
        return nil
    }

    /// The instance a nested artboard's id path names in `context`
    /// (`DataContext::getViewModelInstance`): every id after the first names a nested
    /// view model property.
    func instance(at path: [UInt64], in context: [InstanceID]) -> InstanceID? {
        guard let first = path.first else { return nil }
        for start in context where start.viewModel == first {
            if path.count == 1 { return start }
            if let found = walk(path.dropFirst(), from: start), case .instance = found.value, let nested = found.nested { return nested }
        }
        return nil
    }

    /// The value at the end of `properties` from `start`, where it lives and the instance
    /// it names when it is a nested view model's; nil when an id names no value of its instance.
    private func walk(_ properties: ArraySlice<UInt64>, from start: InstanceID) -> (value: Value, location: Location, nested: InstanceID?)? {
        var current = start
        var remaining = properties
        while let property = remaining.popFirst() {
            guard let value = values(of: current)?[property] else { return nil }
            var nested: InstanceID?
            if case .instance(let index) = value, let viewModel = references[Int(current.viewModel)][property] {
                nested = InstanceID(viewModel: viewModel, instance: index)
            }
            if remaining.isEmpty { return (value, Location(instance: current, property: property), nested) }
            guard let next = nested else { return nil }
            current = next
        }
        return nil
    }

    private func values(of id: InstanceID) -> [UInt64: Value]? {
        guard id.viewModel < UInt64(instances.count), id.instance < UInt64(instances[Int(id.viewModel)].count) else { return nil }
        return instances[Int(id.viewModel)][Int(id.instance)]
    }
}
