import Foundation
import Testing
import RivAssetsKit
import RivTestSupport

/// The typed destinations a Swift caller gives instead of the command line's
/// path string: a file for one input, a folder whatever the number of inputs.
@Suite("typed output destinations")
struct OutputDestinationTests {
    @Test("a folder URL takes one input into the folder under the input's name, where .path without / would write a file")
    func folderForOneInput() throws {
        let directory = try TemporaryDirectory()
        let input = try directory.write("hero.riv", Inputs.oneImage(name: "logo", id: 3))
        let folder = directory.url.appendingPathComponent("build")
        let result = try AssetOperations.prune(PruneRequest(inputs: [.path(input)], destination: .folder(folder)))
        #expect(result.inputFailures.isEmpty)
        #expect(FileManager.default.fileExists(atPath: folder.appendingPathComponent("hero.riv").path))
    }

    @Test("a file URL takes exactly one input; two are refused before anything is written")
    func fileTakesOneInput() throws {
        let directory = try TemporaryDirectory()
        let first = try directory.write("a.riv", Inputs.oneImage(name: "logo", id: 3))
        let second = try directory.write("b.riv", Inputs.oneImage(name: "logo", id: 3))
        let output = directory.url.appendingPathComponent("out.riv")
        let result = try AssetOperations.prune(PruneRequest(inputs: [.path(first)], destination: .file(output)))
        #expect(result.inputFailures.isEmpty && FileManager.default.fileExists(atPath: output.path))
        let error = #expect(throws: RequestError.self) {
            try AssetOperations.prune(PruneRequest(inputs: [.path(first), .path(second)], destination: .file(directory.url.appendingPathComponent("two.riv"))))
        }
        #expect(error?.code == .destinationUnusable && error?.message.contains("takes one input, not 2") == true)
        #expect(!FileManager.default.fileExists(atPath: directory.path("two.riv")))
    }

    @Test("a file URL naming a folder that exists, a folder URL naming a file and a URL that is no file URL are refused")
    func mismatchesAreRefused() throws {
        let directory = try TemporaryDirectory()
        let input = try directory.write("a.riv", Inputs.oneImage(name: "logo", id: 3))
        let existingFile = try directory.write("taken.riv", Inputs.oneImage(name: "logo", id: 3))
        let cases: [(OutputDestination, String)] = [
            (.file(directory.url), "is a folder"),
            (.folder(URL(fileURLWithPath: existingFile)), "the output folder"),
            (.folder(URL(string: "https://example.com/build/")!), "is no file URL"),
        ]
        for (destination, message) in cases {
            let error = #expect(throws: RequestError.self) {
                try AssetOperations.prune(PruneRequest(inputs: [.path(input)], destination: destination))
            }
            #expect(error?.message.contains(message) == true, "\(destination): \(error?.message ?? "no error")")
        }
        #expect(try directory.bytes("taken.riv") == Inputs.oneImage(name: "logo", id: 3))
    }
}
