import Foundation
import RivFormat

/// The value of one field of a generated constant.
enum CodeValue {
    case string(String)
    case optionalString(String?)
    case bool(Bool)
    case number(Double)
    case location(AssetLocation)
}

/// The generated code of one file as a tree, the same for every language: each
/// writer (``SwiftSource``, ``KotlinSource``, ``TypeScriptSource``) only spells
/// the nodes. Documentation is raw text (one line per `\n`); each writer makes
/// it safe for its comments.
indirect enum CodeNode {
    /// A scope (an enum, an object, an object literal) and its members.
    case scope(name: String, doc: String, members: [CodeNode])
    /// A string constant holding a name the runtime looks up (a file's, artboard's, state machine's, view model's).
    case text(name: String, doc: String, value: String)
    /// A constant of a generated type (``APITypes``), with its fields in declaration order.
    case value(name: String, doc: String?, type: String, fields: [(label: String, value: CodeValue)])
    /// A list of the constants `items` of the same scope, all of type `type`.
    case list(name: String, doc: String, type: String, items: [String])
}

extension APINames {
    /// The tree of the file at `path`; `numbered` when its type got a numeric
    /// suffix, which its documentation then explains, naming the path.
    func outline(path: String, numbered: Bool) -> CodeNode {
        let fileName = (path as NSString).lastPathComponent
        var members: [CodeNode] = [.text(name: fixed.fileName, doc: "The file's name without `.riv`, as the app looks the file up.",
                                         value: (fileName as NSString).deletingPathExtension)]
        for (constant, asset) in assets {
            let type = switch asset.type.kind {
            case .image: "image"
            case .font: "font"
            case .audio: "audio"
            case .script, .scriptModule, .shader, .blob, .manifest, nil: "other"
            }
            members.append(.value(name: constant, doc: "\(asset.kind) \(asset.uniqueName).", type: "Asset", fields: [
                ("name", .string(asset.name)), ("uniqueName", .string(asset.uniqueName)), ("type", .string(type)),
                ("fileExtension", .string(asset.fileExtension)), ("location", .location(asset.location)),
                ("cdnUUID", .optionalString(asset.location == .hosted ? asset.cdn?.uuid : nil)),
            ]))
        }
        members.append(.list(name: fixed.all, doc: "Every asset of the file, in file order.", type: "Asset", items: assets.map(\.constant)))
        members += artboards.map(outline)
        if !viewModels.isEmpty {
            members.append(.scope(name: "ViewModels", doc: "The file's view models.", members: viewModels.map(outline)))
        }
        let doc = "The names and assets of \(fileName)."
            + (numbered ? "\nNumbered: another input's name gives the same identifier. From \(path)." : "")
        return .scope(name: typeName, doc: doc, members: members)
    }

    private func outline(_ artboard: Artboard) -> CodeNode {
        let inspection = artboard.inspection
        var members: [CodeNode] = [.text(name: fixed.name, doc: "The artboard's name.", value: inspection.name)]
        for machine in artboard.stateMachines {
            let isDefault = machine.inspection.name == inspection.defaultStateMachine
            let inputs: [CodeNode] = zip(machine.inputs, machine.inspection.inputs).map { constant, input in
                let (type, detail): (String, [(label: String, value: CodeValue)]) = switch (APITypes.input(input.type), input.defaultValue) {
                case ("BoolInput"?, .bool(let flag)?): ("BoolInput", [("defaultValue", .bool(flag))])
                case ("BoolInput"?, _): ("BoolInput", [("defaultValue", .bool(false))])
                case ("NumberInput"?, .number(let number)?): ("NumberInput", [("defaultValue", .number(number))])
                case ("NumberInput"?, _): ("NumberInput", [("defaultValue", .number(0))])
                case ("TriggerInput"?, _): ("TriggerInput", [])
                default: ("OtherInput", [("type", .string(input.type))])
                }
                return .value(name: constant, doc: "Input \(input.name) (\(input.type)).", type: type, fields: [("name", .string(input.name))] + detail)
            }
            members.append(.scope(name: machine.typeName, doc: "State machine \(machine.inspection.name)\(isDefault ? ", the artboard's default" : "") and its inputs.",
                                  members: [.text(name: fixed.name, doc: "The state machine's name.", value: machine.inspection.name)] + inputs))
        }
        members += Self.group("Animations", "timeline animations", zip(artboard.animations, inspection.animations).map { constant, animation in
            (constant, animation.name, "Animation", [])
        })
        members += Self.group("TextRuns", "text runs", zip(artboard.textRuns, inspection.textRuns).map { constant, run in
            (constant, run.name, "TextRun", [])
        })
        members += Self.group("Events", "events", zip(artboard.events, inspection.events).map { constant, event in
            let type = APITypes.event(event.type)
            let detail: [(label: String, value: CodeValue)] = switch type {
            case "OpenURLEvent": [("url", .string(event.url ?? ""))]
            case "AudioEvent": [("asset", .optionalString(event.asset))]
            default: []
            }
            return (constant, event.name, type, detail)
        })
        members += Self.group("NestedArtboards", "nested artboards", zip(artboard.nestedArtboards, inspection.nestedArtboards).map { constant, nested in
            (constant, nested.name, "NestedArtboard", [("artboard", .optionalString(nested.artboard))])
        })
        return .scope(name: artboard.typeName, doc: "Artboard \(inspection.name)\(inspection.isDefault ? ", the file's default" : "").", members: members)
    }

    private func outline(_ model: ViewModel) -> CodeNode {
        var members: [CodeNode] = [.text(name: fixed.name, doc: "The view model's name.", value: model.inspection.name)]
        for (constant, property) in zip(model.properties, model.inspection.properties) {
            let type = APITypes.property(property.type)
            members.append(.value(name: constant, doc: "Property \(property.name) (\(property.type)).", type: type ?? "OtherProperty",
                                  fields: [("name", .string(property.name))] + (type == nil ? [("type", .string(property.type))] : [])))
        }
        if !model.instances.isEmpty {
            members.append(.scope(name: "Instances", doc: "The instances the file holds.", members: zip(model.instances, model.inspection.instances).map { constant, instance in
                .value(name: constant, doc: nil, type: "ViewModelInstance", fields: [("name", .string(instance))])
            }))
        }
        return .scope(name: model.typeName, doc: "View model \(model.inspection.name): its properties and instances.", members: members)
    }

    /// A scope `name` holding one constant per item (documented by its name), none when there are no items.
    private static func group(_ name: String, _ what: String,
                              _ items: [(constant: String, name: String, type: String, detail: [(label: String, value: CodeValue)])]) -> [CodeNode] {
        guard !items.isEmpty else { return [] }
        return [.scope(name: name, doc: "The artboard's \(what).", members: items.map { item in
            .value(name: item.constant, doc: item.name, type: item.type, fields: [("name", .string(item.name))] + item.detail)
        })]
    }
}
