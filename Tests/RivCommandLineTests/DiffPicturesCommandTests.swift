import Foundation
import Testing
import RivTestSupport

/// `riv-assets diff --pictures`, in-process.
@Suite("riv-assets diff --pictures")
struct DiffPicturesCommandTests {
    private let fixture = SharedData.packageRoot.appendingPathComponent("Fixtures/artboards-and-usage.riv").path

    @Test("a swap's output draws differently where the swapped images are, the same file draws the same; the pictures are not overwritten without --force")
    func pictures() async throws {
        let directory = try TemporaryDirectory()
        let swapped = directory.path("swapped.riv")
        let swap = await InProcess.run(["swap", fixture, "hero-1", "badge-2", "-o", swapped])
        #expect(swap.status == 0, "\(swap.stderr)")
        let folder = directory.path("pictures")
        let diff = await InProcess.run(["diff", fixture, swapped, "--pictures", folder])
        #expect(diff.status == 0, "\(diff.stderr)")
        #expect(diff.stdout.contains("picture of artboard \"Main\" draws differently ("), "\(diff.stdout)")
        let files = try FileManager.default.contentsOfDirectory(atPath: folder + "/swapped-0").sorted()
        #expect(files == ["Card.diff.png", "Card.new.png", "Card.old.png", "Main.diff.png", "Main.new.png", "Main.old.png"])

        let json = await InProcess.run(["diff", fixture, fixture, "--pictures", directory.path("same"), "--json"])
        let result = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
        let pictures = try #require(((result["files"] as? [[String: Any]])?.first?["pictures"]) as? [[String: Any]])
        #expect(pictures.count == 2 && pictures.allSatisfy { $0["differs"] as? Bool == false && $0["differingPixels"] as? Int == 0 })

        let again = await InProcess.run(["diff", fixture, swapped, "--pictures", folder])
        #expect(again.stdout.contains("picture of artboard \"Main\": ") && again.stdout.contains("already exists"), "\(again.stdout)")
        #expect(await InProcess.run(["diff", fixture, swapped, "--pictures", folder, "--force"]).stdout.contains("draws differently"))
    }
}
