import Foundation
import RivFormat

/// Writes the TypeScript source of ``AssetOperations/codegen(_:)``: one exported
/// interface per kind of name (``APITypes``), each with a `kind` field holding
/// its own name so that the compiler tells the kinds apart, and the namespace as
/// one exported `as const` object (with a type of the same name) holding one
/// object per file: its assets, its artboards (their state machines with typed
/// inputs, animations, text runs, events and nested artboards) and its view
/// models. The strings are what Rive's web runtime takes (`artboard`,
/// `stateMachines`, `stateMachineInputs`, `setTextRunValue`, an `assetLoader`
/// comparing `asset.uniqueFilename`); the file imports nothing.
struct TypeScriptSource: CodegenWriter {
    /// TypeScript's rule: the words JavaScript reserves in strict code and
    /// `eval` and `arguments`, which a strict module cannot bind; Unicode 6.0
    /// letters and combining marks; constants in lowerCamelCase.
    static let identifiers = IdentifierRule(reserved: [
        "break", "case", "catch", "class", "const", "continue", "debugger", "default", "delete", "do", "else", "enum",
        "export", "extends", "false", "finally", "for", "function", "if", "import", "in", "instanceof", "new", "null",
        "return", "super", "switch", "this", "throw", "true", "try", "typeof", "var", "void", "while", "with",
        "implements", "interface", "let", "package", "private", "protected", "public", "static", "yield", "await",
        "eval", "arguments", "undefined", "NaN", "Infinity",
    ], letters: .unicode6(marks: true), constantCase: .lowerCamel)

    private let namespace: String
    /// The asset objects, declared before the namespace so that a file's `all` can list them.
    private var assets = ""
    private var body = ""
    private var assetCount = 0

    init(namespace: String) { self.namespace = namespace }

    /// The interfaces, one per kind of name.
    private static let declarations: String = {
        func named(_ type: String, _ doc: String, _ fields: [(String, String, String)] = []) -> String {
            let members = [("kind", "\"\(type)\"", "The kind of name, for telling kinds apart."),
                           ("name", "string", "The name the runtime looks it up by.")] + fields
            return "\n/** \(doc) */\nexport interface \(type) {\n"
                + members.map { "    /** \($0.2) */\n    readonly \($0.0): \($0.1);\n" }.joined() + "}\n"
        }
        let stringType = ("type", "string", "The schema's name for its kind.")
        return named("Asset", "One asset of a Rive file: what an app needs to supply it or find it.", [
            ("uniqueName", "string", "The name Rive runtimes look the asset up by, e.g. `logo-12`."),
            ("uniqueFilename", "string", "`uniqueName.fileExtension`, as the web runtime's `FileAsset.uniqueFilename` gives it to an `assetLoader`."),
            ("type", "\"image\" | \"font\" | \"audio\" | \"other\"", "The asset's type."),
            ("fileExtension", "string", "The extension runtimes add to `uniqueName` for a referenced file, e.g. `png`."),
            ("location", "\"embedded\" | \"referenced\" | \"hosted\"",
             "Where the bytes are: inside the .riv file, supplied by the app as `uniqueFilename`, or on the Rive CDN under `cdnUUID`."),
            ("cdnUUID", "string | null", "The CDN uuid of a hosted asset."),
        ])
            + named("Animation", "A timeline animation an app plays by name.")
            + named("BoolInput", "A state machine input holding true or false.", [("defaultValue", "boolean", "Its value when the state machine starts.")])
            + named("NumberInput", "A state machine input holding a number.", [("defaultValue", "number", "Its value when the state machine starts.")])
            + named("TriggerInput", "A state machine input an app fires.")
            + named("OtherInput", "A state machine input of a kind this generator does not know.", [stringType])
            + named("TextRun", "A text run whose text an app sets by name (`setTextRunValue`).")
            + named("Event", "An event an artboard reports, with no action of its own.")
            + named("OpenURLEvent", "An event that asks the app to open a URL.", [("url", "string", "The URL it opens.")])
            + named("AudioEvent", "An event that plays an audio asset.", [("asset", "string | null", "The unique name of the clip it plays, when it names one.")])
            + named("NestedArtboard", "An artboard shown inside another, addressed by this name in input and text-run paths.",
                    [("artboard", "string | null", "The name of the artboard it shows, when it points at one.")])
            + named("ViewModelInstance", "An instance of a view model, as the editor saved it.")
            + named("StringProperty", "A view-model property holding text.")
            + named("NumberProperty", "A view-model property holding a number.")
            + named("BooleanProperty", "A view-model property holding true or false.")
            + named("ColorProperty", "A view-model property holding a color.")
            + named("TriggerProperty", "A view-model property an app fires.")
            + named("EnumProperty", "A view-model property holding one of an enum's values.")
            + named("ListProperty", "A view-model property holding a list of view-model instances.")
            + named("ViewModelProperty", "A view-model property holding another view model's instance.")
            + named("ImageProperty", "A view-model property holding an image.")
            + named("ArtboardProperty", "A view-model property holding an artboard.")
            + named("OtherProperty", "A view-model property of a kind this generator has no type for.", [stringType])
    }()

    /// Appends the object of one file.
    mutating func append(_ names: APINames, path: String, numbered: Bool) {
        let fixed = names.fixed
        let fileName = (path as NSString).lastPathComponent
        line(1, "/** The names and assets of \(Self.comment(fileName))."
            + (numbered ? " Numbered: another input's name gives the same identifier. From \(Self.comment(path))." : "") + " */")
        line(1, "\(names.typeName): {")
        line(2, "/** The file's name without `.riv`. */")
        line(2, "\(fixed.fileName): \(Self.literal((fileName as NSString).deletingPathExtension)),")
        var declared: [String] = []
        for (constant, asset) in names.assets {
            let type = switch asset.type {
            case .image: "image"
            case .font: "font"
            case .audio: "audio"
            case .unknown: "other"
            }
            assetCount += 1
            let variable = "asset$\(assetCount)"
            declared.append(variable)
            let uuid = asset.location == .hosted ? asset.cdn.map { Self.literal($0.uuid) } ?? "null" : "null"
            assets += "const \(variable) = { kind: \"Asset\", name: \(Self.literal(asset.name)), uniqueName: \(Self.literal(asset.uniqueName)), "
                + "uniqueFilename: \(Self.literal(asset.uniqueName + "." + asset.fileExtension)), type: \(Self.literal(type)), "
                + "fileExtension: \(Self.literal(asset.fileExtension)), location: \(Self.literal(asset.location.rawValue)), cdnUUID: \(uuid) } as const;\n"
            line(2, "/** \(Self.comment(asset.kind)) \(Self.comment(asset.uniqueName)). */")
            line(2, "\(constant): \(variable),")
        }
        line(2, "/** Every asset of the file, in file order. */")
        line(2, "\(fixed.all): [\(declared.joined(separator: ", "))],")
        for artboard in names.artboards { append(artboard, fixed) }
        if !names.viewModels.isEmpty {
            line(2, "/** The file's view models. */")
            line(2, "ViewModels: {")
            for model in names.viewModels { append(model, fixed) }
            line(2, "},")
        }
        line(1, "},")
    }

    private mutating func append(_ artboard: APINames.Artboard, _ fixed: APINames.Fixed) {
        let inspection = artboard.inspection
        line(2, "/** Artboard \(Self.comment(inspection.name))\(inspection.isDefault ? ", the file's default" : ""). */")
        line(2, "\(artboard.typeName): {")
        line(3, "/** The artboard's name. */")
        line(3, "\(fixed.name): \(Self.literal(inspection.name)),")
        for machine in artboard.stateMachines {
            append(machine, fixed, isDefault: machine.inspection.name == inspection.defaultStateMachine)
        }
        group("Animations", "timeline animations", zip(artboard.animations, inspection.animations).map { constant, animation in
            (constant, animation.name, Self.object("Animation", animation.name))
        })
        group("TextRuns", "text runs", zip(artboard.textRuns, inspection.textRuns).map { constant, run in
            (constant, run.name, Self.object("TextRun", run.name))
        })
        group("Events", "events", zip(artboard.events, inspection.events).map { constant, event in
            let type = APITypes.event(event.type)
            let detail = switch type {
            case "OpenURLEvent": "url: \(Self.literal(event.url ?? ""))"
            case "AudioEvent": "asset: \(event.asset.map(Self.literal) ?? "null")"
            default: ""
            }
            return (constant, event.name, Self.object(type, event.name, detail))
        })
        group("NestedArtboards", "nested artboards", zip(artboard.nestedArtboards, inspection.nestedArtboards).map { constant, nested in
            (constant, nested.name, Self.object("NestedArtboard", nested.name, "artboard: \(nested.artboard.map(Self.literal) ?? "null")"))
        })
        line(2, "},")
    }

    private mutating func append(_ machine: APINames.StateMachine, _ fixed: APINames.Fixed, isDefault: Bool) {
        line(3, "/** State machine \(Self.comment(machine.inspection.name))\(isDefault ? ", the artboard's default" : "") and its inputs. */")
        line(3, "\(machine.typeName): {")
        line(4, "/** The state machine's name. */")
        line(4, "\(fixed.name): \(Self.literal(machine.inspection.name)),")
        for (constant, input) in zip(machine.inputs, machine.inspection.inputs) {
            let value = switch (APITypes.input(input.type), input.defaultValue) {
            case ("BoolInput"?, .bool(let flag)?): Self.object("BoolInput", input.name, "defaultValue: \(flag)")
            case ("BoolInput"?, _): Self.object("BoolInput", input.name, "defaultValue: false")
            case ("NumberInput"?, .number(let number)?): Self.object("NumberInput", input.name, "defaultValue: \(Self.literal(number))")
            case ("NumberInput"?, _): Self.object("NumberInput", input.name, "defaultValue: 0")
            case ("TriggerInput"?, _): Self.object("TriggerInput", input.name)
            default: Self.object("OtherInput", input.name, "type: \(Self.literal(input.type))")
            }
            line(4, "/** Input \(Self.comment(input.name)) (\(Self.comment(input.type))). */")
            line(4, "\(constant): \(value),")
        }
        line(3, "},")
    }

    private mutating func append(_ model: APINames.ViewModel, _ fixed: APINames.Fixed) {
        line(3, "/** View model \(Self.comment(model.inspection.name)): its properties and instances. */")
        line(3, "\(model.typeName): {")
        line(4, "/** The view model's name. */")
        line(4, "\(fixed.name): \(Self.literal(model.inspection.name)),")
        for (constant, property) in zip(model.properties, model.inspection.properties) {
            let value = APITypes.property(property.type).map { Self.object($0, property.name) }
                ?? Self.object("OtherProperty", property.name, "type: \(Self.literal(property.type))")
            line(4, "/** Property \(Self.comment(property.name)) (\(Self.comment(property.type))). */")
            line(4, "\(constant): \(value),")
        }
        if !model.instances.isEmpty {
            line(4, "/** The instances the file holds. */")
            line(4, "Instances: {")
            for (constant, instance) in zip(model.instances, model.inspection.instances) {
                line(5, "\(constant): \(Self.object("ViewModelInstance", instance)),")
            }
            line(4, "},")
        }
        line(3, "},")
    }

    /// An object `name` holding one constant per item, left out when there are none.
    private mutating func group(_ name: String, _ what: String, _ items: [(constant: String, name: String, value: String)]) {
        guard !items.isEmpty else { return }
        line(3, "/** The artboard's \(what). */")
        line(3, "\(name): {")
        for item in items {
            line(4, "/** \(Self.comment(item.name)) */")
            line(4, "\(item.constant): \(item.value),")
        }
        line(3, "},")
    }

    /// An object literal of kind `kind` named `name`, with `detail` (more fields) after.
    private static func object(_ kind: String, _ name: String, _ detail: String = "") -> String {
        "{ kind: \"\(kind)\", name: \(literal(name))\(detail.isEmpty ? "" : ", " + detail) }"
    }

    private mutating func line(_ depth: Int, _ content: String) {
        body += String(repeating: "    ", count: depth) + content + "\n"
    }

    /// The finished source.
    func finished() -> String {
        """
        // Generated by riv-assets codegen. Do not edit: run it again when the .riv files change.
        \(Self.declarations)
        \(assets)
        /**
         * The app's Rive files, one object per file: the names of everything an app
         * addresses in them (artboards, state machines and their inputs, animations,
         * text runs, events, nested artboards, view models) and their assets.
         */
        export const \(namespace) = {
        \(body)} as const;

        /** The type of `\(namespace)`, for naming its parts (`\(namespace)["Hero"]["Main"]`). */
        export type \(namespace) = typeof \(namespace);

        """
    }

    /// A TypeScript string literal of `text`: printable ASCII as itself, everything else as `\uXXXX`.
    static func literal(_ text: String) -> String { SourceText.utf16Literal(text) }

    /// A TypeScript expression of `number`: its shortest decimal form, `NaN` or `±Infinity`.
    static func literal(_ number: Double) -> String {
        if number.isNaN { return "NaN" }
        if number.isInfinite { return number < 0 ? "-Infinity" : "Infinity" }
        return "\(number)"
    }

    /// Text for a JSDoc comment.
    static func comment(_ text: String) -> String { SourceText.comment(text, block: true) }
}
