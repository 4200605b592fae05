import Foundation
import Testing
import RivAssetsKit
import RivFormat
import RivTestSupport

/// `riv-assets inspect`, run in-process.
@Suite("riv-assets inspect")
struct InspectCommandTests {
    private let fixture = SharedData.packageRoot.appendingPathComponent("Fixtures/artboards-and-usage.riv").path

    @Test("the text form shows each artboard with what hangs off it, then every asset's users")
    func text() async {
        let result = await InProcess.run(["inspect", fixture])
        #expect(result.status == 0 && result.stderr.isEmpty)
        #expect(result.stdout == """
            \(fixture): 2 artboards, 1 view model, 5 assets (1 not used by any object (data binding may))
              artboard "Main" 400×300, default, 8 objects
                animation "idle": 3 s (90 frames at 30 fps), loop
                state machine "flow": 1 layer, 0 listeners
                  input "hover" (bool) = true
                  input "level" (number) = 3
                  input "fire" (trigger)
                text run "headline" in "title": "Hello", font Inter-4
                event "click" (AudioEvent), plays click-5
                assets: hero-1, badge-2, Inter-4, click-5
              artboard "Card" 200×100, 3 objects
                nested artboard "embedded main" shows "Main"
                assets: badge-2
              view model "Profile": name (string), age (number)
              image hero-1 (embedded): used by Main/hero
              image badge-2 (embedded): used by Main/badge, Card/thumb
              image unused-3 (embedded): not used by any object
              font Inter-4 (embedded): used by Main/Body
              audio click-5 (embedded): used by Main/click

            """)
    }

    @Test("an animation playing its work area says so, and a quarter second is 0.25 s, not 0.2")
    func workArea() async throws {
        typealias PK = Schema.PropertyKey
        var encoder = RivFileBuilder(fileID: 3, tableOfContents: [])
        encoder.appendObject(typeKey: Schema.TypeKey.backboard, properties: [])
        encoder.appendObject(typeKey: Schema.TypeKey.artboard, properties: [(PK.componentName, .string("Main"))])
        encoder.appendObject(typeKey: Schema.TypeKey.linearAnimation, properties: [
            (PK.animationName, .string("blink")), (PK.linearAnimationFps, .uint(60)), (PK.linearAnimationDuration, .uint(120)),
            (PK.linearAnimationEnableWorkArea, .uint(1)), (PK.linearAnimationWorkStart, .uint(30)), (PK.linearAnimationWorkEnd, .uint(45)),
        ])
        encoder.appendObject(typeKey: Schema.TypeKey.linearAnimation, properties: [
            (PK.animationName, .string("wave")), (PK.linearAnimationFps, .uint(60)), (PK.linearAnimationDuration, .uint(15)),
        ])
        let directory = try TemporaryDirectory()
        let path = try directory.write("work-area.riv", encoder.bytes)
        let result = await InProcess.run(["inspect", path])
        #expect(result.status == 0, "\(result)")
        #expect(result.stdout.contains("    animation \"blink\": 0.25 s (work area, frames 30-45 of 120 at 60 fps), oneShot\n"), "\(result.stdout)")
        #expect(result.stdout.contains("    animation \"wave\": 0.25 s (15 frames at 60 fps), oneShot\n"), "\(result.stdout)")
        let json = try JSONDecoder().decode(InspectResult.self, from: Data(await InProcess.run(["inspect", "--json", path]).stdout.utf8))
        let animations = try #require(json.files.first?.inspection?.artboards.first?.animations)
        #expect(animations.map(\.workArea) == [.init(start: 30, end: 45), nil])
    }

    @Test("the default state machine is marked as the default artboard is, the same in inspect and inspect --text")
    func defaultMarker() async throws {
        typealias PK = Schema.PropertyKey
        var encoder = RivFileBuilder(fileID: 3, tableOfContents: [])
        encoder.appendObject(typeKey: Schema.TypeKey.backboard, properties: [])
        encoder.appendObject(typeKey: Schema.TypeKey.artboard, properties: [(PK.componentName, .string("Main")), (PK.artboardDefaultStateMachineId, .uint(1))])
        encoder.appendObject(typeKey: Schema.TypeKey.stateMachine, properties: [(PK.animationName, .string("idle"))])
        encoder.appendObject(typeKey: Schema.TypeKey.stateMachine, properties: [(PK.animationName, .string("flow"))])
        let directory = try TemporaryDirectory()
        let path = try directory.write("default-machine.riv", encoder.bytes)
        let inspected = await InProcess.run(["inspect", path])
        #expect(inspected.status == 0, "\(inspected)")
        #expect(inspected.stdout.contains("    state machine \"idle\": 0 layers, 0 listeners\n"), "\(inspected.stdout)")
        #expect(inspected.stdout.contains("    state machine \"flow\", default: 0 layers, 0 listeners\n"), "\(inspected.stdout)")
        let converted = await InProcess.run(["inspect", "--text", path])
        #expect(converted.stdout.contains(", default\n  state machine \"flow\", default\n  state machine \"idle\"\n"), "\(converted.stdout)")
    }

    @Test("--json is one stable document with a schema version; an unreadable input is an error beside the others")
    func json() async throws {
        let directory = try TemporaryDirectory()
        let broken = try directory.write("broken.riv", Array("RIVE".utf8) + [7])
        let result = await InProcess.run(["inspect", "--json", fixture, broken])
        #expect(result.status == 1)
        #expect(errorLines(result).count == 1 && result.stderr.hasPrefix("riv-assets: \(broken): "), "\(result.stderr)")
        let report = try jsonObject(result.stdout)
        #expect(report["schemaVersion"] as? Int == 3)
        let files = try #require(report["files"] as? [[String: Any]])
        #expect(files.count == 2 && files[1]["inspection"] is NSNull && files[1]["error"] is String)
        let inspection = try #require(files[0]["inspection"] as? [String: Any])
        #expect(Set(inspection.keys) == ["schemaVersion", "defaultArtboard", "artboards", "viewModels", "assets", "unusedAssets"])
        let artboard = try #require((inspection["artboards"] as? [[String: Any]])?.first)
        #expect(Set(artboard.keys) == ["index", "name", "width", "height", "isDefault", "objectCount", "defaultStateMachine", "animations",
                                       "stateMachines", "textRuns", "textObjects", "nestedArtboards", "events", "assetIndices"])
        // A bool input's value is a JSON boolean, a number input's a number, a trigger's null.
        let values = result.stdout.components(separatedBy: "\n").filter { $0.contains("\"defaultValue\"") }
            .map { $0.trimmingCharacters(in: .whitespaces) }
        #expect(values == ["\"defaultValue\" : true,", "\"defaultValue\" : 3,", "\"defaultValue\" : null,"])
        let first = await InProcess.run(["inspect", "--json", fixture]), second = await InProcess.run(["inspect", "--json", fixture])
        #expect(first.stdout == second.stdout)
    }
}
