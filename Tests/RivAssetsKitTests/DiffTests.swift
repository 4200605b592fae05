import Foundation
import Testing
import RivAssetsKit
import RivFormat
import RivTestSupport

/// `AssetOperations.diff` on pairs written by the project's own encoder: each
/// change an app can trip over is found and called breaking; what an app cannot
/// notice is not.
@Suite("diff")
struct DiffTests {
    /// The changes between `old` and `new`, written to a temporary folder.
    static func changes(_ old: [UInt8], _ new: [UInt8]) throws -> [DiffChange] {
        let directory = try TemporaryDirectory()
        let result = try AssetOperations.diff(DiffRequest(pairs: [.init(old: try directory.write("old.riv", old), new: try directory.write("new.riv", new))]))
        #expect(result.files.count == 1 && result.files[0].error == nil)
        return result.files[0].changes
    }

    static func summary(_ changes: [DiffChange]) -> [String] {
        changes.map { "\($0.breaking ? "!" : "") \($0.subject) \($0.name) \($0.change.rawValue)" + ($0.field.map { " \($0)" } ?? "") }
    }

    @Test("an unchanged copy and a byte-identical asset swap report nothing")
    func nothing() throws {
        let sample = AppFile.sample().bytes()
        #expect(try Self.changes(sample, sample).isEmpty)
        let file = try RivFile(bytes: Data(sample))
        var editor = RivEditor(file)
        let image = try #require(file.assets.first)
        _ = try editor.embed(try #require(image.embeddedBytes), in: image)
        #expect(try Self.changes(sample, Array(editor.makeBytes())).isEmpty)
    }

    @Test("renamed, removed and retyped inputs break; a changed default does not")
    func inputs() throws {
        var new = AppFile.sample()
        new.artboards[0].stateMachines[0].inputs = [.number("hover", 1), .number("level", 5), .trigger("shoot")]
        let changes = try Self.changes(AppFile.sample().bytes(), new.bytes())
        #expect(Self.summary(changes) == ["! input hover kindChanged", " input level changed default", "! input fire renamed"])
        #expect(changes[0].old == "bool" && changes[0].new == "number" && changes[0].owner == "flow" && changes[0].artboard == "Main")
        #expect(changes[1].old == "3" && changes[1].new == "5" && changes[2].new == "shoot")
        var fewer = AppFile.sample()
        fewer.artboards[0].stateMachines[0].inputs.removeLast()
        #expect(Self.summary(try Self.changes(AppFile.sample().bytes(), fewer.bytes())) == ["! input fire removed"])
    }

    /// `app` with its image stripped: referenced, the app supplies it by unique name.
    static func referenced(_ app: AppFile) throws -> [UInt8] {
        let file = try RivFile(bytes: Data(app.bytes()))
        var editor = RivEditor(file)
        _ = try editor.strip(try #require(file.assets.first))
        return Array(editor.makeBytes())
    }

    @Test("an embedded image imported again (same name, new id) changes its unique name, which no app names; new bytes alone do not")
    func reimportedImage() throws {
        var new = AppFile.sample()
        new.images[0].id = 7
        new.images[0].bytes = Payload.png(80)
        let changes = try Self.changes(AppFile.sample().bytes(), new.bytes())
        #expect(Self.summary(changes) == [" asset hero-1 uniqueNameChanged", " asset hero-1 changed bytes"])
        #expect(changes[0].old == "hero-1" && changes[0].new == "hero-7")
        let bytes = try #require(changes[1].bytes)
        #expect(bytes.oldByteCount == Payload.png(64).count && bytes.newByteCount == Payload.png(80).count && bytes.oldHash != bytes.newHash)
        var sameID = AppFile.sample()
        sameID.images[0].bytes = Payload.png(80)
        #expect(Self.summary(try Self.changes(AppFile.sample().bytes(), sameID.bytes())) == [" asset hero-1 changed bytes"])
    }

    @Test("a referenced image's new unique name or its removal breaks: the app supplies it by that name")
    func referencedImage() throws {
        var new = AppFile.sample()
        new.images[0].id = 7
        #expect(Self.summary(try Self.changes(try Self.referenced(AppFile.sample()), try Self.referenced(new))) == ["! asset hero-1 uniqueNameChanged"])
        var none = AppFile.sample()
        none.images = []
        #expect(Self.summary(try Self.changes(try Self.referenced(AppFile.sample()), none.bytes())) == ["! asset hero-1 removed"])
        #expect(Self.summary(try Self.changes(AppFile.sample().bytes(), none.bytes())) == [" asset hero-1 removed"])
    }

    @Test("a removed text run, a moved event and a retyped view-model property break")
    func removedMovedRetyped() throws {
        var new = AppFile.sample()
        new.artboards[0].textRuns = ["headline"]
        new.artboards[0].events = [.openURL("help", url: "https://example.com/help")]
        new.artboards[1].events = [.plain("click")]
        new.viewModels[0].properties[1].typeKey = Schema.TypeKey.viewModelPropertyString
        let changes = try Self.changes(AppFile.sample().bytes(), new.bytes())
        #expect(Self.summary(changes) == ["! textRun caption removed", "! event click moved", "! viewModelProperty age kindChanged"])
        #expect(changes[1].old == "Main" && changes[1].new == "Card")
        #expect(changes[2].owner == "Profile" && changes[2].old == "number" && changes[2].new == "string")
    }

    @Test("sizes, added names and a changed event URL are reported but do not break; removed artboards, event kinds and instances do")
    func other() throws {
        var new = AppFile.sample()
        new.artboards[0].width = 500
        new.artboards[0].animations.append("wave")
        new.artboards[0].events[1] = .openURL("help", url: "https://example.com/faq")
        new.artboards[0].events[0] = .audio("click")
        new.artboards.removeLast()
        new.viewModels[0].instances = []
        let changes = try Self.changes(AppFile.sample().bytes(), new.bytes())
        #expect(Self.summary(changes) == [
            " artboard Main changed size", " animation wave added", "! event click kindChanged", " event help changed url",
            "! artboard Card removed", "! viewModelInstance Default removed",
        ])
    }

    @Test("folders are matched by path; a file only one side has is removed (breaking) or added; one side a folder is a request error")
    func folders() throws {
        let directory = try TemporaryDirectory()
        let old = directory.path("old"), new = directory.path("new")
        try FileManager.default.createDirectory(atPath: old + "/ui", withIntermediateDirectories: true)
        try FileManager.default.createDirectory(atPath: new + "/ui", withIntermediateDirectories: true)
        var changed = AppFile.sample()
        changed.artboards[0].stateMachines = []
        _ = try directory.write("old/ui/hero.riv", AppFile.sample().bytes())
        _ = try directory.write("new/ui/hero.riv", changed.bytes())
        _ = try directory.write("old/gone.riv", AppFile.sample().bytes())
        _ = try directory.write("new/fresh.riv", AppFile.sample().bytes())
        let result = try AssetOperations.diff(DiffRequest(pairs: [.init(old: old, new: new)]))
        #expect(result.files.map { [$0.old, $0.new] } == [[nil, new + "/fresh.riv"], [old + "/gone.riv", nil], [old + "/ui/hero.riv", new + "/ui/hero.riv"]])
        // The embedded image of the file gone is no name an app uses; everything else in it is.
        #expect(result.files.map(\.breakingCount) == [0, result.files[1].changes.filter { $0.subject != "asset" }.count, 1])
        #expect(result.files[0].changes.first?.change == .added && result.files[1].changes.first?.change == .removed)
        #expect(result.isBreaking && !result.hasFailures)
        #expect(throws: RequestError.self) { try AssetOperations.diff(DiffRequest(pairs: [.init(old: old, new: new + "/ui/hero.riv")])) }
    }
}
