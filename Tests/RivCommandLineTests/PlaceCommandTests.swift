import Foundation
import Testing
import RivFormat
import RivTestSupport

/// `riv-assets place`, run in-process on the artboard fixture.
@Suite("riv-assets place")
struct PlaceCommandTests {
    private let fixture = SharedData.packageRoot.appendingPathComponent("Fixtures/artboards-and-usage.riv").path

    /// A PNG of the fixture (8×8) written to `directory`.
    private func logo(in directory: TemporaryDirectory, named name: String = "acme.png") throws -> String {
        let png = try #require(try RivFile(path: fixture).assets[0].embeddedBytes)
        return try directory.write(name, Array(png))
    }

    @Test("white label: one output per partner logo, each with the logo where it was asked for")
    func whiteLabel() async throws {
        let directory = try TemporaryDirectory()
        for partner in ["acme", "globex"] {
            let image = try logo(in: directory, named: "\(partner).png")
            let output = directory.path("\(partner).riv")
            let result = await InProcess.run(["place", fixture, "--image", image, "--artboard", "Card", "--at", "40,40", "--size", "96x96",
                                        "--origin", "0,0", "-o", output])
            #expect(result.status == 0, "\(result.stderr)")
            #expect(result.stdout == "\(fixture) -> \(output): placed \(partner) (8×8 px at scale 12×12) on \"Card\" as object 3 in front of object 1, showing \(partner)-6\n")
            let placed = try RivFile(path: output).inspect()
            #expect(placed.assets.last?.uniqueName == "\(partner)-6")
            #expect(placed.assets.last?.usedBy.map { "\($0.artboard ?? "-")/\($0.type)/\($0.name)@\($0.objectIndex ?? -1)" } == ["Card/Image/\(partner)@3"])
        }
    }

    @Test("--json reports what was added; --dry-run writes nothing; placing on the output again adds a second image")
    func jsonAndTwice() async throws {
        let directory = try TemporaryDirectory()
        let image = try logo(in: directory)
        let output = directory.path("out.riv")
        let dry = await InProcess.run(["place", fixture, "--image", image, "--at", "1,2", "-o", output, "--dry-run", "--json"])
        #expect(dry.status == 0 && !FileManager.default.fileExists(atPath: output))
        let placed = try #require((try jsonObject(dry.stdout)["files"] as? [[String: Any]])?.first?["placed"] as? [String: Any])
        #expect(placed["asset"] as? String == "acme-6" && placed["artboard"] as? String == "Main" && placed["objectIndex"] as? Int == 8)

        #expect(await InProcess.run(["place", fixture, "--image", image, "--at", "1,2", "--behind", "-o", output]).status == 0)
        let again = await InProcess.run(["place", output, "--image", image, "--at", "5,6", "--behind", "--in-place"])
        #expect(again.status == 0, "\(again.stderr)")
        #expect(again.stdout.contains("as object 9, showing acme-7"), "\(again.stdout)")
        let shared = await InProcess.run(["place", output, "--image", image, "--at", "5,6", "--reuse", "--behind", "--in-place"])
        #expect(shared.stdout.contains("showing hero-1 (reused)"), "\(shared.stdout)")
        #expect(try RivFile(path: output).assets.count == 7)
    }

    @Test("mistakes are usage errors or failures that say what to do")
    func mistakes() async throws {
        let directory = try TemporaryDirectory()
        let image = try logo(in: directory)
        let out = directory.path("x.riv")
        expectUsageError(await InProcess.run(["place", fixture, "--at", "1,2", "-o", out]), of: "place", saying: "--image PATH is required")
        expectUsageError(await InProcess.run(["place", fixture, "--image", image, "-o", out]), of: "place", saying: "--at X,Y is required")
        expectUsageError(await InProcess.run(["place", fixture, "--image", image, "--at", "1", "-o", out]), of: "place",
                         saying: "--at: expected 2 numbers separated by ',', got '1'")
        expectUsageError(await InProcess.run(["place", fixture, "--image", image, "--at", "1,2", "--scale", "2", "--size", "3x4", "-o", out]),
                         of: "place", saying: "--scale and --size cannot be used together")
        let text = try directory.write("logo.png", Array("<!doctype html>".utf8))
        expectUsageError(await InProcess.run(["place", fixture, "--image", text, "--at", "1,2", "-o", out]), of: "place",
                         saying: "it is no image, and an image must be PNG, JPEG or WebP")
        // Numbers a Rive file cannot hold (float32 infinity) and an image without pixels.
        expectUsageError(await InProcess.run(["place", fixture, "--image", image, "--at", "1e39,1", "-o", out]), of: "place",
                         saying: "--at: '1e39,1' does not fit a 32-bit float")
        expectUsageError(await InProcess.run(["place", fixture, "--image", image, "--at", "1,1", "--size", "1e40x1", "-o", out]), of: "place",
                         saying: "--size: '1e40x1' does not fit a 32-bit float")
        var empty = try #require(try RivFile(path: fixture).assets[0].embeddedBytes).map { $0 }
        empty.replaceSubrange(16..<20, with: [0, 0, 0, 0])  // IHDR width 0
        let emptyImage = try directory.write("empty.png", empty)
        let noPixels = await InProcess.run(["place", fixture, "--image", emptyImage, "--at", "1,2", "-o", out])
        #expect(noPixels.status == 1 && noPixels.stderr.contains("the image has no pixels (0×8)"), "\(noPixels.stderr)")
        let unknown = await InProcess.run(["place", fixture, "--image", image, "--at", "1,2", "--artboard", "Hero", "-o", out])
        #expect(unknown.status == 1)
        #expect(unknown.stderr == "riv-assets: \(fixture): no artboard is named \"Hero\"; the file's artboards: \"Main\", \"Card\"\n")
        #expect(!FileManager.default.fileExists(atPath: out))
    }
}
