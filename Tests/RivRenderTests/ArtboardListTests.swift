import Foundation
import RivFormat
import RivRender
import RivTestSupport
import Testing
import RivTestTags

/// Artboard lists (`ArtboardComponentList`): a number of the bound view model instance
/// turned into that many items by a `DataConverterNumberToList`, each item an
/// instance of the artboard bound to the items' view model, spread along a path by a
/// `ListFollowPathConstraint`.
@Suite("scenes: artboard lists")
struct ArtboardListTests {
    typealias TK = Schema.TypeKey
    typealias PK = Schema.PropertyKey
    typealias Properties = [(key: UInt16, value: PropertyValue)]

    /// A host ("Main", 200×100, bound to view model 0 whose `count` is `count`) with a
    /// circle of radius 40 about (100, 50) and a list of `count` items of view model
    /// `itemViewModel` (1: "Item", whose artboard stands at (300, 40) on the canvas and
    /// holds a 40×20 rectangle; 0: "Main" itself, a list nested in its own items),
    /// spread along the circle when `follows`; `item` replaces the Item artboard's objects;
    /// with `drawIndex`, Item has a draw index property; with `listed`, the list shows
    /// Main's list value instead, whose items name those instances of Item; each of `rules`
    /// is an `ArtboardListMapRule` of the list (a view model, or none stored, to an artboard
    /// index), and with rules a third artboard, "Other", holds a rectangle of its own colour.
    static func file(count: Float, follows: Bool, itemViewModel: UInt64 = 1, drawIndex: Bool = false, listed: [UInt64]? = nil,
                     rules: [(viewModel: UInt64?, artboard: UInt64)] = [],
                     item: [(UInt16, Properties)] = SetupPoseTests.filledRectangle(at: 0, 0, parentIndex: 0, shapeIndex: 1, color: 0xFF11_2233)) throws -> RivFile {
        var encoder = RivFileBuilder(fileID: 1, tableOfContents: [])
        encoder.appendObject(typeKey: TK.backboard, properties: [])
        encoder.appendObject(typeKey: TK.dataConverterNumberToList, properties: [(PK.dataConverterNumberToListViewModelId, .uint(itemViewModel))])
        encoder.appendObject(typeKey: TK.viewModel, properties: [(PK.viewModelComponentName, .string("Main"))])
        encoder.appendObject(typeKey: TK.viewModelPropertyNumber, properties: [(PK.viewModelComponentName, .string("count"))])
        encoder.appendObject(typeKey: TK.viewModelPropertyList, properties: [(PK.viewModelComponentName, .string("items"))])
        encoder.appendObject(typeKey: TK.viewModelInstance, properties: [(PK.viewModelInstanceViewModelId, .uint(0))])
        encoder.appendObject(typeKey: TK.viewModelInstanceNumber, properties: [(PK.viewModelInstanceValueViewModelPropertyId, .uint(0)),
                                                                               (PK.viewModelInstanceNumberPropertyValue, .float32(count))])
        encoder.appendObject(typeKey: TK.viewModelInstanceList, properties: [(PK.viewModelInstanceValueViewModelPropertyId, .uint(1))])
        for instance in listed ?? [] {
            encoder.appendObject(typeKey: TK.viewModelInstanceListItem, properties: [(PK.viewModelInstanceListItemViewModelId, .uint(1)),
                                                                                     (PK.viewModelInstanceListItemViewModelInstanceId, .uint(instance))])
        }
        encoder.appendObject(typeKey: TK.viewModel, properties: [(PK.viewModelComponentName, .string("Item"))])
        encoder.appendObject(typeKey: TK.viewModelPropertySymbolListIndex, properties: [(PK.viewModelComponentName, .string("index"))])
        if drawIndex {
            encoder.appendObject(typeKey: TK.viewModelPropertyNumber, properties: [(PK.viewModelComponentName, .string("order")), (PK.viewModelPropertySymbolTypeValue, .uint(16))])
        }
        encoder.appendObject(typeKey: TK.viewModelInstance, properties: [(PK.viewModelInstanceViewModelId, .uint(1))])
        encoder.appendObject(typeKey: TK.viewModelInstanceSymbolListIndex, properties: [(PK.viewModelInstanceValueViewModelPropertyId, .uint(0))])
        encoder.appendObject(typeKey: TK.artboard, properties: [(PK.componentName, .string("Main")), (PK.layoutComponentWidth, .float32(200)),
                                                                (PK.layoutComponentHeight, .float32(100)), (PK.artboardViewModelId, .uint(0))])
        let host: [(UInt16, Properties)] = [
            (TK.shape, [SetupPoseTests.parent(0), (PK.nodeX, .float32(100)), (PK.nodeY, .float32(50))]),
            (TK.ellipse, [SetupPoseTests.parent(1), (PK.parametricPathWidth, .float32(80)), (PK.parametricPathHeight, .float32(80))]),
            (TK.artboardComponentList, [SetupPoseTests.parent(0)]),
            (TK.dataBindContext, [(PK.dataBindPropertyKey, .uint(UInt64(PK.artboardComponentListListSource)))]
                + (listed == nil ? [(PK.dataBindConverterId, .uint(0)), (PK.dataBindContextSourcePathIds, .bytes([0, 0]))] : [(PK.dataBindContextSourcePathIds, .bytes([0, 1]))])),
        ] + (follows ? [(TK.listFollowPathConstraint, [SetupPoseTests.parent(3), (PK.targetedConstraintTargetId, .uint(1))])] : [])
            + rules.map { rule in
                (TK.artboardListMapRule, [SetupPoseTests.parent(3), (PK.artboardListMapRuleArtboardId, .uint(rule.artboard))]
                    + (rule.viewModel.map { [(PK.artboardListMapRuleViewModelId, .uint($0))] } ?? []))
            }
        for (type, properties) in host { encoder.appendObject(typeKey: type, properties: properties) }
        encoder.appendObject(typeKey: TK.artboard, properties: [(PK.componentName, .string("Item")), (PK.layoutComponentWidth, .float32(40)),
                                                                (PK.layoutComponentHeight, .float32(20)), (PK.nodeX, .float32(300)), (PK.nodeY, .float32(40)),
                                                                (PK.artboardViewModelId, .uint(1))])
        for (type, properties) in item { encoder.appendObject(typeKey: type, properties: properties) }
        if !rules.isEmpty {
            encoder.appendObject(typeKey: TK.artboard, properties: [(PK.componentName, .string("Other")), (PK.layoutComponentWidth, .float32(40)),
                                                                    (PK.layoutComponentHeight, .float32(20))])
            for (type, properties) in SetupPoseTests.filledRectangle(at: 0, 0, parentIndex: 0, shapeIndex: 1, color: 0xFF44_5566) {
                encoder.appendObject(typeKey: type, properties: properties)
            }
        }
        return try RivFile(bytes: encoder.bytes)
    }

    @Test("a list draws one instance of the item's artboard per item: at the list's origin (not the artboard's place on the canvas), or spread along the followed path")
    func itemsAlongThePath() throws {
        let still = try ArtboardRenderer(file: try Self.file(count: 3, follows: false)).render(artboardIndex: 0)
        #expect(still.drawCalls.map(\.transform) == Array(repeating: .identity, count: 3))
        #expect(!still.notes.map(\.feature).contains("ArtboardComponentList"))
        let spread = try ArtboardRenderer(file: try Self.file(count: 3, follows: true)).render(artboardIndex: 0)
        let places = spread.drawCalls.map { ($0.transform.values[4], $0.transform.values[5]) }
        // At 0, a half and the whole of the circle's length: its top, its bottom, its top again.
        let expected: [(Double, Double)] = [(100, 10), (100, 90), (100, 10)]
        #expect(places.count == 3)
        for ((x, y), (ex, ey)) in zip(places, expected) { #expect(abs(x - ex) < 1e-3 && abs(y - ey) < 1e-3) }
        #expect(!spread.notes.map(\.feature).contains("ListFollowPathConstraint"))
        // The setup pose binds nothing: the list has no items.
        #expect(try ArtboardRenderer(file: try Self.file(count: 3, follows: true)).setupPose(artboardIndex: 0).drawCalls.isEmpty)
    }

    /// The Item artboard's rectangle keyed at x 10, going to a state keying x 90 when
    /// the item's list index (`Item`'s property 0, bound by the path [1, 0]) equals 1.
    static let indexMachine = ListIndexConditionTests.indexMachine(path: [1, 0], equals: 1)

    @Test("each item plays its artboard's default state machine in its own data context: a condition on the list index holds for item 1 only")
    func itemScenes() throws {
        let list = try ArtboardRenderer(file: try Self.file(count: 3, follows: false, item: Self.indexMachine)).render(artboardIndex: 0)
        #expect(list.drawCalls.map { $0.transform.values[4] } == [10, 90, 10])
    }

    @Test("a list value's items each show their view model's artboard; an item naming no instance shows none and is not spread; items naming one instance share its list index")
    func listValue() throws {
        let list = try ArtboardRenderer(file: try Self.file(count: 0, follows: true, listed: [0, 0, 9, 0])).render(artboardIndex: 0)
        let places = list.drawCalls.map { ($0.transform.values[4], $0.transform.values[5]) }
        let expected: [(Double, Double)] = [(100, 10), (100, 90), (100, 10)]
        #expect(places.count == 3)
        for ((x, y), (ex, ey)) in zip(places, expected) { #expect(abs(x - ex) < 1e-3 && abs(y - ey) < 1e-3) }
        // Items naming one instance share it: its list index is the last position written, 2, which is not 1.
        let shared = try ArtboardRenderer(file: try Self.file(count: 0, follows: false, listed: [0, 0, 0], item: Self.indexMachine)).render(artboardIndex: 0)
        #expect(shared.drawCalls.map { $0.transform.values[4] } == [10, 10, 10])
    }

    @Test("a map rule sends a view model's items to its artboard (the last rule for it wins); a rule naming no view model sends nothing, not even the items naming no instance")
    func mapRules() throws {
        func colors(_ rules: [(viewModel: UInt64?, artboard: UInt64)]) throws -> [UInt32] {
            try ArtboardRenderer(file: try Self.file(count: 0, follows: false, listed: [0, 9, 0], rules: rules)).render(artboardIndex: 0).drawCalls.map(\.paint.color)
        }
        #expect(try colors([(nil, 1)]) == [0xFF11_2233, 0xFF11_2233])
        #expect(try colors([(1, 2)]) == [0xFF44_5566, 0xFF44_5566])
        #expect(try colors([(1, 2), (1, 1), (nil, 2)]) == [0xFF11_2233, 0xFF11_2233])
    }

    @Test("a list whose items have a draw index (not sorted by yet) is noted")
    func drawIndexNoted() throws {
        let list = try ArtboardRenderer(file: try Self.file(count: 2, follows: false, drawIndex: true)).render(artboardIndex: 0)
        #expect(list.drawCalls.count == 2)
        #expect(list.notes.map(\.feature).contains("list order"))
        #expect(try !ArtboardRenderer(file: try Self.file(count: 2, follows: false)).render(artboardIndex: 0).notes.map(\.feature).contains("list order"))
    }

    @Test("a huge item count and a list nested in its own items stop at the instance budget, with a note")
    func boundedByTheBudget() throws {
        let limits = RenderLimits(points: 100_000, nestingDepth: 8, nestedInstances: 50)
        let huge = try ArtboardRenderer(file: try Self.file(count: 1e9, follows: true), limits: limits).render(artboardIndex: 0)
        #expect(huge.drawCalls.count == 50)
        #expect(huge.notes.map(\.feature).contains("nesting limit"))
        let cycle = try ArtboardRenderer(file: try Self.file(count: 4, follows: false, itemViewModel: 0), limits: limits).render(artboardIndex: 0)
        #expect(cycle.notes.map(\.feature).contains("nesting limit"))
        let standard = try ArtboardRenderer(file: try Self.file(count: 1e9, follows: false, itemViewModel: 0)).render(artboardIndex: 0)
        #expect(standard.drawCalls.count <= RenderLimits.standard.nestedInstances)
        #expect(standard.notes.map(\.feature).contains("nesting limit"))
    }

    @Test("artboard lists draw as riv_render draws them", .tags(.oracle), .enabled(if: RuntimeOracle.renderExecutable != nil, "\(RuntimeOracle.skipMessage)"))
    func matchesTheRuntime() throws {
        for follows in [false, true] {
            for count: Float in [0, 1, 5] {
                let difference = try FixtureOracle.difference(try Self.file(count: count, follows: follows), scene: "default")
                #expect(difference == nil, "\(count) items, follows: \(follows): \(difference ?? "")")
            }
        }
        #expect(try FixtureOracle.difference(try Self.file(count: 3, follows: false, item: Self.indexMachine), scene: "default") == nil)
        #expect(try FixtureOracle.difference(try Self.file(count: 0, follows: true, listed: [0, 0, 0], item: Self.indexMachine), scene: "default") == nil)
        #expect(try FixtureOracle.difference(try Self.file(count: 3, follows: true, item: Self.indexMachine), scene: "default", steps: [0, 0.5]) == nil)
    }

    @Test("the corpus's follow path lists (their items hold text and layout, so CorpusSceneTests leaves them out) match riv_render call for call",
          .tags(.corpus, .oracle), .enabled(if: SharedData.isPresent && RuntimeOracle.renderExecutable != nil, "\(SharedData.skipMessage) \(RuntimeOracle.skipMessage)"))
    func corpusListsMatchTheRuntime() throws {
        for name in ["component_list_follow_path.riv", "component_list_follow_path_distance.riv"] {
            let url = URL(fileURLWithPath: try #require(SharedData.runtimeTestFile(name)))
            let renderer = ArtboardRenderer(file: try RivFile(contentsOf: url))
            for steps in [[], [0, 0.5, 1.25]] {
                let oracle = try #require(try RuntimeOracle.drawing(url, artboardIndex: 0, scene: "default", steps: steps, svg: false))
                let list = try renderer.render(artboardIndex: 0, options: SceneOptions(steps: steps))
                #expect(list.drawCalls.count > 1, "\(name): the list's items are drawn")
                let difference = OracleComparison(list, oracle: oracle.calls).difference
                #expect(difference == nil, "\(name) after \(steps): \(difference ?? "")")
            }
        }
    }
}
