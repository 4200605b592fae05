import Foundation
import Testing
@testable import RivFormat
import RivTestSupport
import RivTestTags

/// `RivFile.inspect()`: artboards, animations, state machines, text runs, nested
/// artboards, events, view models and asset usage.
@Suite("Inspection")
struct InspectionTests {
    private typealias TK = Schema.TypeKey
    private typealias PK = Schema.PropertyKey

    @Test("the artboard fixture shows everything it was built with")
    func fixture() throws {
        let file = try RivFile(path: SharedData.packageRoot.appendingPathComponent("Fixtures/artboards-and-usage.riv").path)
        let inspection = file.inspect()
        #expect(inspection.schemaVersion == 2)
        #expect(inspection.defaultArtboard == "Main")
        #expect(inspection.artboards.map(\.name) == ["Main", "Card"])
        let main = inspection.artboards[0]
        #expect(main.width == 400 && main.height == 300 && main.isDefault && main.objectCount == 8)
        #expect(main.animations == [AnimationInspection(name: "idle", fps: 30, durationFrames: 90, durationSeconds: 3, speed: 1, loop: "loop")])
        #expect(main.stateMachines == [StateMachineInspection(name: "flow", inputs: [
            StateMachineInputInspection(name: "hover", type: "bool", defaultValue: .bool(true)),
            StateMachineInputInspection(name: "level", type: "number", defaultValue: .number(3)),
            StateMachineInputInspection(name: "fire", type: "trigger", defaultValue: nil),
        ], layers: ["Layer 1"], listenerCount: 0)])
        #expect(main.textRuns.map { "\($0.name)/\($0.text)/\($0.textObject ?? "-")/\($0.font ?? "-")" } == ["headline/Hello/title/Inter-4"])
        #expect(main.textObjects == ["title"] && main.textRuns.map(\.textObjectIndex) == [0] && main.textRuns.map(\.fontAssetIndex) == [3])
        #expect(main.events == [EventInspection(name: "click", type: "AudioEvent", url: nil, asset: "click-5", assetIndex: 4)])
        #expect(main.assets == ["hero-1", "badge-2", "Inter-4", "click-5"])
        #expect(main.assetIndices.map { inspection.assets[$0].uniqueName } == main.assets)
        let card = inspection.artboards[1]
        #expect(!card.isDefault && card.objectCount == 3 && card.nestedArtboards == [NestedArtboardInspection(name: "embedded main", artboard: "Main", artboardIndex: 0)])
        #expect(inspection.viewModels == [ViewModelInspection(name: "Profile", properties: [
            ViewModelPropertyInspection(name: "name", type: "string"), ViewModelPropertyInspection(name: "age", type: "number"),
        ], instances: [])])
        #expect(inspection.unusedAssets == ["unused-3"])
        #expect(inspection.assets[1].usedBy == [InspectedUse(artboard: "Main", artboardIndex: 0, type: "Image", name: "badge", objectIndex: 3),
                                                InspectedUse(artboard: "Card", artboardIndex: 1, type: "Image", name: "thumb", objectIndex: 1)])
    }

    @Test("every corpus file inspects; the index rule makes every text run's style a TextStyle and every parent a container")
    func corpusIndices() throws {
        var styles = 0
        var parents = 0
        for url in SharedData.corpusFiles() {
            let file = try RivFile(contentsOf: url)
            let inspection = file.inspect()
            #expect(inspection.artboards.count == file.artboardNames.count)
            #expect(inspection.assets.map(\.usedBy.count) == file.referencersByAsset.enumerated()
                .filter { file.assets[$0.offset].isListed }.map(\.element.count))
            // Each artboard's objects as the one walk indexes them: what a child points
            // at is checked once the artboard is complete (a child may come before its parent).
            for artboard in file.artboardObjects() {
                let indexed = artboard.objects.map { $0?.typeKey }
                for case let object? in artboard.objects.dropFirst() where Schema.isKind(object.typeKey, of: TK.component) {
                    if Schema.isKind(object.typeKey, of: TK.textValueRun), let style = object.property(PK.textValueRunStyleId) {
                        let index = Int(file.uintValue(of: style))
                        #expect(index < indexed.count && indexed[index].map { Schema.isKind($0, of: TK.textStyle) } == true, "\(url.lastPathComponent)")
                        styles += 1
                    }
                    if let parent = object.property(PK.componentParentId) {
                        let index = Int(file.uintValue(of: parent))
                        #expect(index < indexed.count && indexed[index].map { Schema.isKind($0, of: TK.containerComponent) } != false,
                                "\(url.lastPathComponent): parent \(index) of \(Schema.typeName(object.typeKey)) at \(object.range.lowerBound) among \(indexed.count)")
                        parents += 1
                    }
                }
            }
        }
        #expect(SharedData.corpusFiles().isEmpty || (styles > 100 && parents > 10_000), "\(styles) styles, \(parents) parents")
    }

    @Test("the defaults inspect assumes are the schema's initial values",
          .tags(.corpus), .enabled(if: SharedData.isPresent, "\(SharedData.skipMessage)"))
    func defaultsMatchSchema() throws {
        let definitions = try #require(SharedData.directory?.appendingPathComponent("rive-defs"))
        var initial: [Int: String] = [:]
        for case let url as URL in FileManager.default.enumerator(at: definitions, includingPropertiesForKeys: nil)! where url.pathExtension == "json" {
            let json = try JSONSerialization.jsonObject(with: Data(contentsOf: url)) as? [String: Any]
            for case let property as [String: Any] in (json?["properties"] as? [String: Any] ?? [:]).values {
                if let key = (property["key"] as? [String: Any])?["int"] as? Int, let value = property["initialValue"] as? String { initial[key] = value }
            }
        }
        #expect(Double(initial[Int(PK.linearAnimationFps)] ?? "") == Double(InspectionDefaults.fps))
        #expect(Double(initial[Int(PK.linearAnimationDuration)] ?? "") == Double(InspectionDefaults.durationFrames))
        #expect(Double(initial[Int(PK.linearAnimationSpeed)] ?? "") == InspectionDefaults.speed)
        #expect(Double(initial[Int(PK.linearAnimationLoopValue)] ?? "") == Double(InspectionDefaults.loopValue))
        #expect(Double(initial[Int(PK.layoutComponentWidth)] ?? "") == InspectionDefaults.artboardSide)
        #expect(Double(initial[Int(PK.layoutComponentHeight)] ?? "") == InspectionDefaults.artboardSide)
    }
}

@Suite("Inspection values print as their public properties")
struct InspectionPrintingTests {
    @Test("a use prints its public names, not its JSON wrappers; formats in an array print as their names")
    func printedValues() {
        let use = InspectedUse(artboard: "Main", artboardIndex: 0, type: "Image", name: "badge", objectIndex: nil)
        let printed = String(describing: use)
        #expect(printed == #"InspectedUse(artboard: "Main", artboardIndex: 0, type: "Image", name: "badge", objectIndex: nil)"#)
        #expect(!printed.contains("NullEncoded") && !printed.contains("_artboardIndex"))
        #expect(String(describing: [ContentFormat.png, .luaBytecode]) == "[png, lua-bytecode]")
    }

    @Test("a whole inspection prints every part by its public names: no wrappers, no module names, no Optional(...)")
    func printedInspection() throws {
        let file = try RivFile(path: SharedData.packageRoot.appendingPathComponent("Fixtures/artboards-and-usage.riv").path)
        let inspection = file.inspect()
        let hero = try #require(inspection.assets.first)
        #expect(String(describing: hero) == #"InspectedAsset(uniqueName: "hero-1", type: image, location: embedded, "#
                + #"usedBy: [InspectedUse(artboard: "Main", artboardIndex: 0, type: "Image", name: "hero", objectIndex: 2)])"#)
        #expect(String(describing: [AssetLocation.embedded, .hosted]) == "[embedded, hosted]")
        let printed = String(describing: inspection)
        for leak in ["NullEncoded", "Optional(", "RivFormat.", "_fontAssetIndex", "_textObjectIndex", "_defaultArtboard"] {
            #expect(!printed.contains(leak), "\(leak) in \(printed)")
        }
        #expect(printed.contains(#"TextRunInspection(name: "headline", text: "Hello", textObject: "title", textObjectIndex: 0, font: "Inter-4", fontAssetIndex: 3)"#))
    }
}
