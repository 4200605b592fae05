/// The types every generated file declares, one per kind of name an app
/// addresses (an asset, a number input, an open-URL event, a string property,
/// ...), so that the compiler tells the kinds apart; the same names in every
/// language (``SwiftAPITypes``, ``KotlinSource``, ``TypeScriptSource``).
enum APITypes {
    /// The generated type for a state machine input of inspection type `type`
    /// (`bool`, `number`, `trigger`), nil for a kind without one.
    static func input(_ type: String) -> String? {
        switch type {
        case "bool": "BoolInput"
        case "number": "NumberInput"
        case "trigger": "TriggerInput"
        default: nil
        }
    }

    /// The generated type for an event of schema type `type`.
    static func event(_ type: String) -> String {
        switch type {
        case "OpenUrlEvent": "OpenURLEvent"
        case "AudioEvent": "AudioEvent"
        default: "Event"
        }
    }

    /// The generated type for a view-model property of inspection type `type`, nil for a kind without one.
    static func property(_ type: String) -> String? {
        switch type {
        case "string": "StringProperty"
        case "number": "NumberProperty"
        case "boolean": "BooleanProperty"
        case "color": "ColorProperty"
        case "trigger": "TriggerProperty"
        case "enum", "enumCustom", "enumSystem": "EnumProperty"
        case "list": "ListProperty"
        case "viewModel": "ViewModelProperty"
        case "assetImage": "ImageProperty"
        case "artboard": "ArtboardProperty"
        default: nil
        }
    }

    /// Every declared type's name.
    static let all = [
        "Asset", "Animation", "BoolInput", "NumberInput", "TriggerInput", "OtherInput", "TextRun", "Event", "OpenURLEvent", "AudioEvent",
        "NestedArtboard", "ViewModelInstance", "StringProperty", "NumberProperty", "BooleanProperty", "ColorProperty", "TriggerProperty",
        "EnumProperty", "ListProperty", "ViewModelProperty", "ImageProperty", "ArtboardProperty", "OtherProperty",
    ]

}
