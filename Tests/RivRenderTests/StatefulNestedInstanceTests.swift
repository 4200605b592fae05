import Foundation
import RivFormat
import RivRender
import RivTestSupport
import Testing
import RivTestTags

/// A nested artboard holding its own view model instance (a stateful component): the
/// artboard it shows binds that instance, whose values the host's scene and binds set.
@Suite("scenes: a nested artboard's own view model instance")
struct StatefulNestedInstanceTests {
    typealias TK = SceneTests.TK
    typealias PK = SceneTests.PK

    /// A host bound to a view model ("Model", one number: 250 in its default instance)
    /// nesting artboard 1, whose shape's x is bound to that number; with `held`, the
    /// nested artboard holds an instance of the view model whose number is 70, and with
    /// `hostBind` the host binds that number to its own default instance's.
    static func file(held: Bool, hostBind: Bool = false) throws -> RivFile {
        var encoder = SceneTests.viewModelArtboard(property: TK.viewModelPropertyNumber,
                                                   value: (TK.viewModelInstanceNumber, PK.viewModelInstanceNumberPropertyValue, .float32(250)))
        let bind: (UInt16, SceneTests.Properties) = (TK.dataBindContext, [(PK.dataBindPropertyKey, .uint(UInt64(PK.nodeX))), (PK.dataBindContextSourcePathIds, .bytes([0, 0]))])
        encoder.appendObject(typeKey: TK.nestedArtboard, properties: [SetupPoseTests.parent(0), (PK.nestedArtboardArtboardId, .uint(1))])
        if held {
            encoder.appendObject(typeKey: TK.viewModelInstance, properties: [SetupPoseTests.parent(1), (PK.viewModelInstanceViewModelId, .uint(0))])
            encoder.appendObject(typeKey: TK.viewModelInstanceNumber, properties: [SetupPoseTests.parent(2), (PK.viewModelInstanceValueViewModelPropertyId, .uint(0)),
                                                                                  (PK.viewModelInstanceNumberPropertyValue, .float32(70))])
            if hostBind {
                encoder.appendObject(typeKey: TK.dataBindContext, properties: [(PK.dataBindPropertyKey, .uint(UInt64(PK.viewModelInstanceNumberPropertyValue))),
                                                                               (PK.dataBindContextSourcePathIds, .bytes([0, 0]))])
            }
        }
        encoder.appendObject(typeKey: TK.artboard, properties: [(PK.componentName, .string("Shown")), (PK.layoutComponentWidth, .float32(200)),
                                                                (PK.layoutComponentHeight, .float32(100)), (PK.artboardViewModelId, .uint(0))])
        for (type, properties) in [SceneTests.shape[0], bind] + SceneTests.shape.dropFirst() { encoder.appendObject(typeKey: type, properties: properties) }
        return try RivFile(bytes: encoder.bytes)
    }

    /// The x at which the shown artboard's shape is drawn, at the default scene or the setup pose.
    static func x(_ file: RivFile, scene: RenderScene = .default) throws -> Double? {
        try ArtboardRenderer(file: file).render(artboardIndex: 0, scene: scene).drawCalls.first?.transform.values[4]
    }

    @Test("the nested artboard binds the instance it holds (its values as the host's binds leave them), else its host's")
    func bindsItsOwnInstance() throws {
        #expect(try Self.x(try Self.file(held: true)) == 70)
        #expect(try Self.x(try Self.file(held: true, hostBind: true)) == 250)
        #expect(try Self.x(try Self.file(held: false)) == 250)
    }

    @Test("the instance a nested artboard holds binds at the host's setup pose too, where nothing else binds")
    func bindsItsOwnInstanceAtTheSetupPose() throws {
        #expect(try Self.x(try Self.file(held: true), scene: .none) == 70)
        #expect(try Self.x(try Self.file(held: true, hostBind: true), scene: .none) == 70)
        #expect(try Self.x(try Self.file(held: false), scene: .none) == 0)
    }

    @Test("a nested artboard's own view model instance binds as riv_render binds it",
          .tags(.oracle), .enabled(if: RuntimeOracle.renderExecutable != nil, "\(RuntimeOracle.skipMessage)"))
    func matchesTheRuntime() throws {
        for (held, hostBind) in [(true, false), (true, true), (false, false)] {
            let difference = try FixtureOracle.difference(try Self.file(held: held, hostBind: hostBind), scene: "default")
            #expect(difference == nil, "held \(held), host bind \(hostBind): \(difference ?? "")")
            let setupPose = try FixtureOracle.difference(try Self.file(held: held, hostBind: hostBind), scene: "none", viewModel: "none")
            #expect(setupPose == nil, "setup pose, held \(held), host bind \(hostBind): \(setupPose ?? "")")
        }
    }
}
