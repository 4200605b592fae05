import Foundation
import RivFormat
import RivRender
import RivTestSupport
import Testing
import RivTestTags

/// A nested artboard whose `artboardId` is bound to a view model's artboard value.
@Suite("scenes: artboard values bound to nested artboards")
struct ArtboardBindTests {
    typealias TK = SceneTests.TK
    typealias PK = SceneTests.PK

    /// A host (artboard 0, bound to a view model whose artboard value is `value`, none
    /// when nil) nesting artboard 1 ("Red") with its `artboardId` bound to that value;
    /// artboard 2 ("Blue") draws a blue rectangle.
    static func file(value: UInt64?) throws -> RivFile {
        var encoder = RivFileBuilder(fileID: 1, tableOfContents: [])
        encoder.appendObject(typeKey: TK.backboard, properties: [])
        encoder.appendObject(typeKey: TK.viewModel, properties: [(PK.viewModelComponentName, .string("Model"))])
        encoder.appendObject(typeKey: TK.viewModelPropertyArtboard, properties: [(PK.viewModelComponentName, .string("shown"))])
        encoder.appendObject(typeKey: TK.viewModelInstance, properties: [(PK.viewModelInstanceViewModelId, .uint(0))])
        encoder.appendObject(typeKey: TK.viewModelInstanceArtboard, properties: [(PK.viewModelInstanceValueViewModelPropertyId, .uint(0))]
            + (value.map { [(PK.viewModelInstanceArtboardPropertyValue, .uint($0))] } ?? []))
        func artboard(_ name: String, viewModel: Bool = false) {
            encoder.appendObject(typeKey: TK.artboard, properties: [(PK.componentName, .string(name)), (PK.layoutComponentWidth, .float32(200)),
                                                                    (PK.layoutComponentHeight, .float32(100))] + (viewModel ? [(PK.artboardViewModelId, .uint(0))] : []))
        }
        artboard("Host", viewModel: true)
        encoder.appendObject(typeKey: TK.nestedArtboard, properties: [SetupPoseTests.parent(0), (PK.nestedArtboardArtboardId, .uint(1))])
        encoder.appendObject(typeKey: TK.dataBindContext, properties: [(PK.dataBindPropertyKey, .uint(UInt64(PK.nestedArtboardArtboardId))),
                                                                       (PK.dataBindContextSourcePathIds, .bytes([0, 0]))])
        for (name, color): (String, UInt32) in [("Red", 0xFFFF_0000), ("Blue", 0xFF00_00FF)] {
            artboard(name)
            for (type, properties) in SetupPoseTests.filledRectangle(at: 0, 0, parentIndex: 0, shapeIndex: 1, color: color) {
                encoder.appendObject(typeKey: type, properties: properties)
            }
        }
        return try RivFile(bytes: encoder.bytes)
    }

    @Test("the bound artboard is shown; none shows nothing; the host itself (which would nest it in itself) leaves the one named")
    func boundArtboard() throws {
        func colors(_ value: UInt64?) throws -> [UInt32] {
            try ArtboardRenderer(file: try Self.file(value: value)).render(artboardIndex: 0).drawCalls.map(\.paint.color)
        }
        #expect(try colors(2) == [0xFF00_00FF])
        #expect(try colors(nil) == [])
        #expect(try colors(0) == [0xFFFF_0000])
        #expect(try ArtboardRenderer(file: try Self.file(value: nil)).render(artboardIndex: 0).notes.isEmpty)
        #expect(try ArtboardRenderer(file: try Self.file(value: 2)).setupPose(artboardIndex: 0).drawCalls.map(\.paint.color) == [0xFFFF_0000])
    }

    @Test("artboard values bound to nested artboards draw as riv_render draws them",
          .tags(.oracle), .enabled(if: RuntimeOracle.renderExecutable != nil, "\(RuntimeOracle.skipMessage)"))
    func matchesTheRuntime() throws {
        for value: UInt64? in [2, nil, 0] {
            let difference = try FixtureOracle.difference(try Self.file(value: value), scene: "default")
            #expect(difference == nil, "value \(value.map(String.init) ?? "none"): \(difference ?? "")")
        }
    }
}
