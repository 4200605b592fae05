import RivFormat

/// The file's view models with the values of each one's first instance (the default
/// instance the runtime binds), read from the file-level records: a `ViewModel`,
/// its properties, then its instances with their values (each value names its
/// property by index in the view model).
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
    }

    /// By view model index: the first instance's values by property id; nil for a view
    /// model without instances.
    private(set) var defaults: [[UInt64: Value]?] = []

    /// The type keys of the file's data converters, by the index a bind's `converterId` names.
    private(set) var converters: [UInt16] = []

    init(_ file: RivFile) {
        var instanceOpen = false
        for object in file.objects {
            let type = object.typeKey
            if Schema.isKind(type, of: TK.dataConverter) { converters.append(type) }
            if type == TK.viewModel {
                defaults.append(nil)
                instanceOpen = false
            } else if type == TK.viewModelInstance {
                guard let last = defaults.indices.last else { continue }
                // Only the first instance is the default one.
                instanceOpen = defaults[last] == nil
                if instanceOpen { defaults[last] = [:] }
            } else if Schema.isKind(type, of: TK.viewModelInstanceValue), instanceOpen, let last = defaults.indices.last {
                let record = SceneRecord(object, in: file)
                let text = object.property(PK.viewModelInstanceStringPropertyValue).map(file.stringValue(of:)) ?? ""
                let property = record.integer(PK.viewModelInstanceValueViewModelPropertyId, default: UInt64(UInt32.max))
                let value: Value? = switch type {
                case TK.viewModelInstanceNumber: .number(Float(record.number(PK.viewModelInstanceNumberPropertyValue, default: 0)))
                case TK.viewModelInstanceColor: .color(record.color(PK.viewModelInstanceColorPropertyValue, default: 0xFF00_0000))
                case TK.viewModelInstanceBoolean: .bool(record.flag(PK.viewModelInstanceBooleanPropertyValue, default: false))
                case TK.viewModelInstanceString: .string(text)
                case TK.viewModelInstanceEnum: .integer(record.integer(PK.viewModelInstanceEnumPropertyValue, default: 0))
                case TK.viewModelInstanceAsset, TK.viewModelInstanceAssetImage: .integer(record.integer(PK.viewModelInstanceAssetPropertyValue, default: UInt64(UInt32.max)))
                default: nil
                }
                if let value { defaults[last]?[property] = value }
            }
        }
    }

    /// The default instance's value a bind's id path names: `[view model, property]`,
    /// the view model being the artboard's (`viewModel`); nil for longer paths, another
    /// view model, or a value the instance lacks.
    func value(at path: [UInt64], viewModel: UInt64?) -> Value? {
        guard path.count == 2, let viewModel, path[0] == viewModel, viewModel < UInt64(defaults.count) else { return nil }
        return defaults[Int(viewModel)]?[path[1]]
    }
}
