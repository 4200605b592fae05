import RivFormat

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

    /// The kind of a field of a generated type.
    enum FieldType {
        case string, optionalString, bool, number
        /// Where an asset's bytes are: embedded, referenced or hosted.
        case location
    }

    /// A field of a generated type.
    struct Field {
        let name: String
        let type: FieldType
        let doc: String
    }

    /// A generated type: its name, its documentation, its fields (`name` first).
    struct Declaration {
        let name: String
        let doc: String
        let fields: [Field]

        init(_ name: String, _ doc: String, _ more: [Field] = [], first: Field = Field(name: "name", type: .string, doc: "The name the runtime looks it up by.")) {
            self.name = name
            self.doc = doc
            fields = [first] + more
        }
    }

    /// What the `uniqueFilename` of an asset is, in every language.
    static let uniqueFilenameDoc = "`uniqueName.fileExtension`, as a Rive runtime's `FileAsset.uniqueFilename` gives it to an asset loader."

    /// Every generated type, in the order each language declares them.
    static let declarations: [Declaration] = {
        let kind = Field(name: "type", type: .string, doc: "The schema's name for its kind.")
        let start = "Its value when the state machine starts."
        return [
            Declaration("Asset", "One asset of a Rive file: what an app needs to supply it or find it.", [
                Field(name: "uniqueName", type: .string, doc: "The name Rive runtimes look the asset up by, e.g. `logo-12`."),
                Field(name: "type", type: .string, doc: "`image`, `font`, `audio` or `other`."),
                Field(name: "fileExtension", type: .string, doc: "The extension runtimes add to `uniqueName` for a referenced file, e.g. `png`."),
                Field(name: "location", type: .location, doc: "Where the bytes are."),
                Field(name: "cdnUUID", type: .optionalString, doc: "The CDN uuid of a hosted asset."),
            ], first: Field(name: "name", type: .string, doc: "The asset's name in the Rive editor, e.g. `logo.png`.")),
            Declaration("Animation", "A timeline animation an app plays by name."),
            Declaration("BoolInput", "A state machine input holding true or false.", [Field(name: "defaultValue", type: .bool, doc: start)]),
            Declaration("NumberInput", "A state machine input holding a number.", [Field(name: "defaultValue", type: .number, doc: start)]),
            Declaration("TriggerInput", "A state machine input an app fires."),
            Declaration("OtherInput", "A state machine input of a kind this generator does not know.", [kind]),
            Declaration("TextRun", "A text run whose text an app sets by name."),
            Declaration("Event", "An event an artboard reports, with no action of its own."),
            Declaration("OpenURLEvent", "An event that asks the app to open a URL.", [Field(name: "url", type: .string, doc: "The URL it opens.")]),
            Declaration("AudioEvent", "An event that plays an audio asset.",
                        [Field(name: "asset", type: .optionalString, doc: "The unique name of the clip it plays, when it names one.")]),
            Declaration("NestedArtboard", "An artboard shown inside another, addressed by this name in input and text-run paths.",
                        [Field(name: "artboard", type: .optionalString, doc: "The name of the artboard it shows, when it points at one.")]),
            Declaration("ViewModelInstance", "An instance of a view model, as the editor saved it."),
            Declaration("StringProperty", "A view-model property holding text."),
            Declaration("NumberProperty", "A view-model property holding a number."),
            Declaration("BooleanProperty", "A view-model property holding true or false."),
            Declaration("ColorProperty", "A view-model property holding a color."),
            Declaration("TriggerProperty", "A view-model property an app fires."),
            Declaration("EnumProperty", "A view-model property holding one of an enum's values."),
            Declaration("ListProperty", "A view-model property holding a list of view-model instances."),
            Declaration("ViewModelProperty", "A view-model property holding another view model's instance."),
            Declaration("ImageProperty", "A view-model property holding an image."),
            Declaration("ArtboardProperty", "A view-model property holding an artboard."),
            Declaration("OtherProperty", "A view-model property of a kind this generator has no type for.",
                        [Field(name: "type", type: .string, doc: "The schema's name for its kind, e.g. `assetFont`.")]),
        ]
    }()

    /// Every declared type's name.
    static let all = declarations.map(\.name)

    /// The docs of the cases of an asset's location.
    static let locations: [(AssetLocation, String)] = [
        (.embedded, "Inside the .riv file."),
        (.referenced, "Supplied by the app, as a file named `uniqueName.fileExtension`."),
        (.hosted, "On the Rive CDN, under `cdnUUID`."),
    ]
}
