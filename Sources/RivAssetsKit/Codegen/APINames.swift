import Foundation
import RivFormat

/// The identifiers `codegen` gives one file's API: a type per file, artboard,
/// state machine and view model, a constant per asset, animation, input, text
/// run, event, nested artboard, view-model property and instance. Each scope
/// (a generated enum) hands out its identifiers once, so they never collide,
/// and a type never takes the name of a generated type or of the `Swift`
/// module, which it would hide from the code inside it.
struct APINames {
    /// The names of one artboard.
    struct Artboard {
        let typeName: String
        let inspection: ArtboardInspection
        let stateMachines: [StateMachine]
        let animations: [String]
        let textRuns: [String]
        let events: [String]
        let nestedArtboards: [String]
    }

    /// The names of one state machine: its type and a constant per input.
    struct StateMachine {
        let typeName: String
        let inspection: StateMachineInspection
        let inputs: [String]
    }

    /// The names of one view model: its type, a constant per property and per instance.
    struct ViewModel {
        let typeName: String
        let inspection: ViewModelInspection
        let properties: [String]
        let instances: [String]
    }

    /// The generated types every scope keeps clear of, besides the reserved words.
    static let generatedTypes: Set<String> = Set(["Swift"] + SwiftAPITypes.all)
    /// The names a top-level namespace must not take: the modules and standard-library
    /// types the generated code names (`Swift.String`, ...) and `Foundation`, which a
    /// type of that name would hide from the code beside it in the app's module.
    static let shadowedByNamespace: Set<String> = ["Swift", "Foundation", "String", "Bool", "Double", "Hashable", "Sendable"]

    /// Why `namespace` cannot name the outer enum, nil when it can: it must be a
    /// Swift type name (as ``SwiftIdentifier/upperCamel(_:fallback:avoiding:)``
    /// would spell it), no reserved word, and hide nothing the generated code names.
    static func namespaceProblem(_ namespace: String) -> String? {
        let example = "choose another, such as RiveAssets"
        if SwiftIdentifier.reserved.contains(namespace) {
            return "the namespace '\(namespace)' is a Swift keyword: \(example)"
        }
        if shadowedByNamespace.contains(namespace) {
            return "the namespace '\(namespace)' would hide \(namespace == "Swift" || namespace == "Foundation" ? "the module" : "the standard library's type") "
                + "'\(namespace)' from the generated code and the rest of the app's module: \(example)"
        }
        if SwiftAPITypes.all.contains(namespace) {
            return "the namespace '\(namespace)' is the name of a type the generated code declares inside it (RiveAssets.\(namespace)): \(example)"
        }
        guard SwiftIdentifier.upperCamel(namespace, fallback: "RiveAssets") == namespace else {
            return "the namespace must be a Swift type name such as RiveAssets, not '\(namespace)'"
        }
        return nil
    }

    /// Members of a file's enum besides its assets and artboards.
    static let fileMembers: Set<String> = ["all", "fileName", "ViewModels"]
    /// Members of an artboard's enum besides its state machines.
    static let artboardMembers: Set<String> = ["name", "Animations", "TextRuns", "Events", "NestedArtboards"]

    let typeName: String
    let assets: [(constant: String, asset: FileAsset)]
    let artboards: [Artboard]
    let viewModels: [ViewModel]

    /// Names every part of `inspection` and `assets`, for the file enum `typeName`.
    init(typeName: String, namespace: String, assets fileAssets: [FileAsset], inspection: RivInspection) {
        self.typeName = typeName
        let avoided = Self.generatedTypes.union([namespace])
        var fileScope = SwiftIdentifier.Scope(Self.fileMembers)
        assets = fileAssets.map { asset in
            let base = SwiftIdentifier.lowerCamel((asset.name as NSString).deletingPathExtension, fallback: "asset")
            return (SwiftIdentifier.unique(base, suffix: String(asset.assetID), in: &fileScope), asset)
        }
        artboards = inspection.artboards.map { artboard in
            let typeName = Self.type(artboard.name, "Artboard", artboard.index, in: &fileScope, avoiding: avoided)
            var scope = SwiftIdentifier.Scope(Self.artboardMembers)
            let machines = artboard.stateMachines.enumerated().map { index, machine in
                let machineType = Self.type(machine.name, "StateMachine", index, in: &scope, avoiding: avoided)
                var inputScope: SwiftIdentifier.Scope = ["name"]
                return StateMachine(typeName: machineType, inspection: machine,
                                    inputs: Self.members(machine.inputs.map(\.name), "input", in: &inputScope))
            }
            var animations = SwiftIdentifier.Scope(), runs = SwiftIdentifier.Scope(), events = SwiftIdentifier.Scope(),
                nested = SwiftIdentifier.Scope()
            return Artboard(typeName: typeName, inspection: artboard, stateMachines: machines,
                            animations: Self.members(artboard.animations.map(\.name), "animation", in: &animations),
                            textRuns: Self.members(artboard.textRuns.map(\.name), "run", in: &runs),
                            events: Self.members(artboard.events.map(\.name), "event", in: &events),
                            nestedArtboards: Self.members(artboard.nestedArtboards.map(\.name), "artboard", in: &nested))
        }
        var modelScope = SwiftIdentifier.Scope()
        viewModels = inspection.viewModels.enumerated().map { index, model in
            let modelType = Self.type(model.name, "ViewModel", index, in: &modelScope, avoiding: avoided)
            var scope: SwiftIdentifier.Scope = ["name", "Instances"]
            var instances = SwiftIdentifier.Scope()
            return ViewModel(typeName: modelType, inspection: model,
                             properties: Self.members(model.properties.map(\.name), "property", in: &scope),
                             instances: Self.members(model.instances, "instance", in: &instances))
        }
    }

    /// A type name for `text` in `scope`, with its position as the suffix of a repeat.
    private static func type(_ text: String, _ fallback: String, _ index: Int, in scope: inout SwiftIdentifier.Scope, avoiding avoided: Set<String>) -> String {
        SwiftIdentifier.unique(SwiftIdentifier.upperCamel(text, fallback: fallback, avoiding: avoided), suffix: String(index + 1), in: &scope)
    }

    /// A constant name for each of `texts` in `scope`, with its position as the suffix of a repeat.
    private static func members(_ texts: [String], _ fallback: String, in scope: inout SwiftIdentifier.Scope) -> [String] {
        texts.enumerated().map { index, text in
            SwiftIdentifier.unique(SwiftIdentifier.lowerCamel(text, fallback: fallback), suffix: String(index + 1), in: &scope)
        }
    }
}
