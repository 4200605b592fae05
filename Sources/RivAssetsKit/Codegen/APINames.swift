import Foundation
import RivAssetRegistry
import RivFormat

/// The identifiers `codegen` gives one file's API, the one model every language's
/// writer reads: a type per file, artboard, state machine and view model, a
/// constant per asset, animation, input, text run, event, nested artboard,
/// view-model property and instance. Each scope (a generated enum, object or
/// object literal) hands out its identifiers once, so they never collide, and a
/// type never takes a name the language says it would hide
/// (``CodegenRequest/Language/avoidedTypes(namespace:)``).
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

    /// The constants every scope holds besides the names it hands out, spelled in
    /// the language's constant case (`fileName` or `FILE_NAME`).
    struct Fixed {
        let name: String
        let fileName: String
        let all: String

        init(_ rule: IdentifierRule) {
            name = rule.constant("name", fallback: "name")
            fileName = rule.constant("file name", fallback: "name")
            all = rule.constant("all", fallback: "all")
        }
    }

    let typeName: String
    let fixed: Fixed
    let assets: [(constant: String, asset: FileAsset)]
    let artboards: [Artboard]
    let viewModels: [ViewModel]

    /// Names every part of `inspection` and `assets` in `language`, for the file's
    /// type `typeName` inside `namespace`.
    init(typeName: String, language: CodegenRequest.Language, namespace: String, assets fileAssets: [FileAsset], inspection: RivInspection) {
        self.typeName = typeName
        let rule = language.identifiers
        let fixed = Fixed(rule)
        self.fixed = fixed
        let avoided = language.avoidedTypes(namespace: namespace)
        var fileScope = rule.scope([fixed.all, fixed.fileName, "ViewModels"])
        assets = fileAssets.map { asset in
            let base = rule.constant((asset.name as NSString).deletingPathExtension, fallback: "asset")
            return (IdentifierRule.unique(base, suffix: String(asset.assetID), in: &fileScope), asset)
        }
        artboards = inspection.artboards.map { artboard in
            let typeName = Self.type(artboard.name, "Artboard", artboard.index, rule, in: &fileScope, avoiding: avoided)
            var scope = rule.scope([fixed.name, "Animations", "TextRuns", "Events", "NestedArtboards"])
            let machines = artboard.stateMachines.enumerated().map { index, machine in
                let machineType = Self.type(machine.name, "StateMachine", index, rule, in: &scope, avoiding: avoided)
                var inputScope = rule.scope([fixed.name])
                return StateMachine(typeName: machineType, inspection: machine,
                                    inputs: Self.members(machine.inputs.map(\.name), "input", rule, in: &inputScope))
            }
            var animations = rule.scope(), runs = rule.scope(), events = rule.scope(), nested = rule.scope()
            return Artboard(typeName: typeName, inspection: artboard, stateMachines: machines,
                            animations: Self.members(artboard.animations.map(\.name), "animation", rule, in: &animations),
                            textRuns: Self.members(artboard.textRuns.map(\.name), "run", rule, in: &runs),
                            events: Self.members(artboard.events.map(\.name), "event", rule, in: &events),
                            nestedArtboards: Self.members(artboard.nestedArtboards.map(\.name), "artboard", rule, in: &nested))
        }
        var modelScope = rule.scope()
        viewModels = inspection.viewModels.enumerated().map { index, model in
            let modelType = Self.type(model.name, "ViewModel", index, rule, in: &modelScope, avoiding: avoided)
            var scope = rule.scope([fixed.name, "Instances"])
            var instances = rule.scope()
            return ViewModel(typeName: modelType, inspection: model,
                             properties: Self.members(model.properties.map(\.name), "property", rule, in: &scope),
                             instances: Self.members(model.instances, "instance", rule, in: &instances))
        }
    }

    /// A type name for `text` in `scope`, with its position as the suffix of a repeat.
    private static func type(_ text: String, _ fallback: String, _ index: Int, _ rule: IdentifierRule,
                             in scope: inout IdentifierRule.Scope, avoiding avoided: Set<String>) -> String {
        IdentifierRule.unique(rule.type(text, fallback: fallback, avoiding: avoided), suffix: String(index + 1), in: &scope)
    }

    /// A constant name for each of `texts` in `scope`, with its position as the suffix of a repeat.
    private static func members(_ texts: [String], _ fallback: String, _ rule: IdentifierRule, in scope: inout IdentifierRule.Scope) -> [String] {
        texts.enumerated().map { index, text in
            IdentifierRule.unique(rule.constant(text, fallback: fallback), suffix: String(index + 1), in: &scope)
        }
    }
}
