import Foundation
import Testing
@testable import RivAssetsKit
import RivFormat
import RivTestSupport

/// What a run may write: never one path twice with other bytes, never over a file
/// it cannot put back, never through a `~` Foundation would expand, and in place
/// through a link to the file it names.
@Suite("Run safety")
struct RunSafetyTests {
    @Test("strip --force of two inputs with one asset name and other bytes: both fail before anything is written")
    func stripCollisionAcrossInputs() throws {
        let directory = try TemporaryDirectory()
        let first = try directory.write("a.riv", Inputs.file([.image("logo.png", 1, Payload.png(seed: 1))]))
        let second = try directory.write("b.riv", Inputs.file([.image("logo.png", 1, Payload.png(seed: 2))]))
        let result = try AssetOperations.strip(StripRequest(inputs: [.path(first), .path(second)], assetsFolder: directory.path("assets"),
                                                            destination: .path(directory.path("out/")), overwrite: true))
        #expect(result.written.isEmpty)
        #expect(result.failures.map(\.path) == [first, second])
        #expect(result.failures.first?.message.contains("logo-1: the copies have other bytes") == true, "\(result.failures)")
        #expect(!FileManager.default.fileExists(atPath: directory.path("assets")))
        #expect(directory.entries("out").isEmpty)
    }

    @Test("strip of two inputs with one asset name and the same bytes: both succeed and share the file")
    func stripSharedBytes() throws {
        let directory = try TemporaryDirectory()
        let bytes = Inputs.file([.image("logo.png", 1, Payload.png(seed: 1))])
        let first = try directory.write("a.riv", bytes)
        let second = try directory.write("b.riv", bytes)
        let result = try AssetOperations.strip(StripRequest(inputs: [.path(first), .path(second)], assetsFolder: directory.path("assets"),
                                                            destination: .path(directory.path("out/"))))
        #expect(result.failures.isEmpty, "\(result.failures)")
        #expect(result.files.count == 2 && directory.entries("assets") == ["logo-1.png"])
    }

    @Test("strip --force restores the file it overwrote when the .riv cannot be written")
    func stripForceRestores() throws {
        let directory = try TemporaryDirectory()
        let input = try directory.write("in.riv", Inputs.file([.image("logo.png", 1, Payload.png(seed: 1))]))
        _ = try directory.write("assets/logo-1.png", Array("earlier run".utf8))
        _ = try directory.write("blocker", Array("a file, not a folder".utf8))
        let result = try AssetOperations.strip(StripRequest(inputs: [.path(input)], assetsFolder: directory.path("assets"),
                                                            destination: .path(directory.path("blocker/out.riv")), overwrite: true))
        #expect(result.written.isEmpty && result.failures.count == 1)
        #expect(try directory.bytes("assets/logo-1.png") == Array("earlier run".utf8))
        #expect(directory.entries("assets") == ["logo-1.png"], "nothing set aside is left behind")
    }

    @Test("extract of one input given twice: every file written once, no failure")
    func extractSameInputTwice() async throws {
        let directory = try TemporaryDirectory()
        let input = try directory.write("in.riv", Inputs.mixed())
        for _ in 0..<5 {
            let out = directory.path("out-\(UUID().uuidString)")
            let result = try await AssetOperations.extract(ExtractRequest(inputs: [.path(input), .path(input)], outputFolder: out))
            #expect(result.failures.isEmpty, "\(result.failures)")
            #expect(result.extracted.count == 10)
            #expect(Set(result.extracted.map(\.file)).count == 5)
        }
    }

    /// Manifest assets keep their stored ids (the runtime renumbers every other kind),
    /// so two of them can share a unique name.
    @Test("two assets of one file with one unique name and other bytes: the second is refused, the first stays")
    func extractCollisionWithinFile() async throws {
        let directory = try TemporaryDirectory()
        let input = try directory.write("in.riv", Inputs.file([TestAsset(typeKey: 642, name: "m.man", id: 1, bytes: Array("first".utf8)),
                                                              TestAsset(typeKey: 642, name: "m.man", id: 1, bytes: Array("other".utf8))]))
        #expect(try RivFile(path: input).assets.map(\.uniqueName) == ["m-1", "m-1"])
        let result = try await AssetOperations.extract(ExtractRequest(inputs: [.path(input)], outputFolder: directory.path("out"), overwrite: true))
        #expect(directory.entries("out") == ["m-1.bin"])
        #expect(result.files.count == 1 && result.failures.count == 1, "\(result)")
        #expect(try directory.bytes("out/m-1.bin") == Array("first".utf8))
    }

    @Test("names that differ only in case are one path (as on macOS): shared when the bytes agree, refused when not")
    func caseVariants() async throws {
        let directory = try TemporaryDirectory()
        let same = try directory.write("same.riv", Inputs.file([TestAsset(typeKey: 642, name: "Logo.man", id: 1, bytes: Array("x".utf8)),
                                                               TestAsset(typeKey: 642, name: "logo.man", id: 1, bytes: Array("x".utf8))]))
        let shared = try await AssetOperations.extract(ExtractRequest(inputs: [.path(same)], outputFolder: directory.path("a")))
        #expect(shared.failures.isEmpty && shared.extracted.count == 2)
        #expect(Set(shared.extracted.map(\.file)).count == 1 && directory.entries("a").count == 1)

        let other = try directory.write("other.riv", Inputs.file([TestAsset(typeKey: 642, name: "Logo.man", id: 1, bytes: Array("x".utf8)),
                                                                 TestAsset(typeKey: 642, name: "logo.man", id: 1, bytes: Array("y".utf8))]))
        let refused = try await AssetOperations.extract(ExtractRequest(inputs: [.path(other)], outputFolder: directory.path("b")))
        #expect(refused.files.count == 1 && refused.failures.count == 1)
        #expect(directory.entries("b").count == 1)

        // Unicode's case folding, not lowercased(): `Aſ-1.bin` and `As-1.bin` are one file on macOS.
        let folded = try directory.write("folded.riv", Inputs.file([TestAsset(typeKey: 642, name: "Aſ.man", id: 1, bytes: Array("x".utf8)),
                                                                   TestAsset(typeKey: 642, name: "As.man", id: 1, bytes: Array("y".utf8))]))
        let foldedResult = try await AssetOperations.extract(ExtractRequest(inputs: [.path(folded)], outputFolder: directory.path("c")))
        #expect(foldedResult.failures.count == 1 && directory.entries("c") == ["Aſ-1.bin"], "\(directory.entries("c"))")
    }

    @Test("a leading ~ is a folder named ~, never a home folder")
    func tildeIsLiteral() {
        let here = FileManager.default.currentDirectoryPath
        #expect(LiteralPath.url("~/t.riv").path == here + "/~/t.riv")
        #expect(LiteralPath.url("~daemon/t.riv").path == here + "/~daemon/t.riv")
        #expect(LiteralPath.url("/abs/~/t.riv").path == "/abs/~/t.riv")
    }

    @Test("in place through a symbolic link rewrites the file it names and leaves the link a link")
    func inPlaceThroughLink() throws {
        let directory = try TemporaryDirectory()
        let target = try directory.write("real/in.riv", Inputs.mixed())
        try FileManager.default.createSymbolicLink(atPath: directory.path("link.riv"), withDestinationPath: target)
        let png = try directory.write("new.png", Payload.png(20, seed: 9))
        let result = try AssetOperations.replace(ReplaceRequest(inputs: [.path(directory.path("link.riv"))], destination: .inPlace,
                                                                replacements: [.init(type: .image, name: "logo-12", path: png)]))
        #expect(!result.hasFailures, "\(result.files)")
        let kind = try FileManager.default.attributesOfItem(atPath: directory.path("link.riv"))[.type] as? FileAttributeType
        #expect(kind == .typeSymbolicLink)
        #expect(try RivFile(path: target).assets[1].embeddedBytes == Data(Payload.png(20, seed: 9)))
        #expect(directory.entries("real") == ["in.riv"])
    }

    @Test("strip --force refuses a folder in the way of an asset file and leaves it and its contents alone")
    func stripForceFolderInTheWay() throws {
        let directory = try TemporaryDirectory()
        let input = try directory.write("in.riv", Inputs.file([.image("logo.png", 1, Payload.png())]))
        _ = try directory.write("assets/logo-1.png/keep.txt", Array("keep".utf8))
        let result = try AssetOperations.strip(StripRequest(inputs: [.path(input)], assetsFolder: directory.path("assets"),
                                                            destination: .path(directory.path("out.riv")), overwrite: true))
        #expect(result.failures.count == 1 && result.failures[0].message.contains("it is a directory"), "\(result.failures)")
        #expect(try directory.bytes("assets/logo-1.png/keep.txt") == Array("keep".utf8))
        #expect(!directory.exists("out.riv"))
    }

    @Test("in place through link/../x.riv rewrites the file the system reads there, not the one the text names")
    func inPlaceThroughDotDot() async throws {
        let directory = try TemporaryDirectory()
        let deep = try directory.write("deep/x.riv", Inputs.mixed())
        _ = try directory.write("deep/dir/placeholder", [])
        let near = try directory.write("cwd/x.riv", Inputs.file([.image("other.png", 9, Payload.png())]))
        try FileManager.default.createSymbolicLink(atPath: directory.path("cwd/link"), withDestinationPath: "../deep/dir")
        let png = try directory.write("new.png", Payload.png(10, seed: 4))
        let result = try AssetOperations.replace(ReplaceRequest(inputs: [.path(directory.path("cwd") + "/link/../x.riv")], destination: .inPlace,
                                                                replacements: [.init(type: .image, name: "logo-12", path: png)]))
        #expect(!result.hasFailures, "\(result.files)")
        #expect(try RivFile(path: deep).assets[1].embeddedBytes == Data(Payload.png(10, seed: 4)))
        #expect(try directory.bytes("cwd/x.riv") == Inputs.file([.image("other.png", 9, Payload.png())]), "another file was overwritten: \(near)")

        let extracted = try await AssetOperations.extract(ExtractRequest(inputs: [.path(deep)], outputFolder: directory.path("cwd") + "/link/../out"))
        #expect(extracted.failures.isEmpty && directory.exists("deep/out/logo-12.png") && !directory.exists("cwd/out"),
                "\(directory.tree())")
    }

    @Test("two inputs whose names differ only in case get two folders")
    func inputNamesDifferingInCase() async throws {
        let directory = try TemporaryDirectory()
        let upper = try directory.write("A.riv", Inputs.file([.image("logo.png", 1, Payload.png(seed: 1))]))
        let lower = try directory.write("sub/a.riv", Inputs.file([.image("logo.png", 1, Payload.png(seed: 2))]))
        let result = try await AssetOperations.extract(ExtractRequest(inputs: [.path(upper), .path(lower)], outputFolder: directory.path("out")))
        #expect(result.failures.isEmpty, "\(result.failures)")
        #expect(directory.entries("out") == ["A", "a-2"])
    }

    @Test("a dry run reports the collisions a real run would refuse", arguments: ["strip", "extract"])
    func dryRunCollisions(operation: String) async throws {
        let directory = try TemporaryDirectory()
        let first = try directory.write("a.riv", Inputs.file([TestAsset(typeKey: 642, name: "m.man", id: 1, bytes: Array("one".utf8))]))
        let second = try directory.write("b.riv", Inputs.file([TestAsset(typeKey: 642, name: "m.man", id: 1, bytes: Array("two".utf8))]))
        func run(dry: Bool) async throws -> Int {
            if operation == "strip" {
                return try AssetOperations.strip(StripRequest(inputs: [.path(first), .path(second)], assetsFolder: directory.path(dry ? "d" : "r"),
                                                              destination: .path(directory.path(dry ? "dd/" : "rr/")), types: .all, dryRun: dry)).failures.count
            }
            let folder = directory.path(dry ? "e" : "f")
            return try await AssetOperations.extract(ExtractRequest(inputs: [.path(first), .path(first), .path(second)], outputFolder: folder, dryRun: dry)).failures.count
        }
        #expect(try await run(dry: true) == (try await run(dry: false)))
    }

    @Test("strip warns when an asset file cannot have the name a runtime looks for")
    func stripWarnsOnSafeName() throws {
        let directory = try TemporaryDirectory()
        let input = try directory.write("in.riv", Inputs.file([.image("a/b.png", 1, Payload.png()), .image("a:b.png", 2, Payload.png(seed: 2))]))
        let result = try AssetOperations.strip(StripRequest(inputs: [.path(input)], assetsFolder: directory.path("assets"),
                                                            destination: .path(directory.path("out.riv"))))
        #expect(result.outcomeWarnings.count == 1 && result.outcomeWarnings[0].contains("a%2Fb-1.png") && result.outcomeWarnings[0].contains("(a/b-1.png: it holds a / or a NUL)"),
                "\(result.outcomeWarnings)")
        #expect(directory.entries("assets") == ["a%2Fb-1.png", "a:b-2.png"])
    }
}
