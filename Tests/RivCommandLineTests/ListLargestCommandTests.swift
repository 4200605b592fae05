import Foundation
import Testing
import RivAssetsKit
import RivFormat
import RivTestSupport

/// `riv-assets list --largest [N]`, run in-process.
@Suite("riv-assets list --largest")
struct ListLargestCommandTests {
    /// `a.riv` embeds the 300-byte picture and a 1000-byte one; `b.riv` the same picture under another name.
    static func inputs(_ directory: TemporaryDirectory) throws -> [String] {
        let picture = Payload.png(300)
        let a = AppFile(artboards: [.init("Main")], images: [.init("hero.png", id: 1, bytes: picture), .init("big.png", id: 2, bytes: Payload.png(1000, seed: 9))])
        let b = AppFile(artboards: [.init("Main")], images: [.init("copy.png", id: 4, bytes: picture)])
        return [try directory.write("a.riv", a.bytes()), try directory.write("b.riv", b.bytes())]
    }

    @Test("the table ranks contents by total cost with names and files; a number after the flag is its count, a file is a file")
    func table() async throws {
        let directory = try TemporaryDirectory()
        let inputs = try Self.inputs(directory)
        let result = await InProcess.run(["list", "--largest"] + inputs)
        #expect(result.status == 0 && result.stderr.isEmpty, "\(result)")
        let lines = result.stdout.split(separator: "\n").map(String.init)
        #expect(lines.count == 4, "\(result.stdout)")
        #expect(lines[0] == "2 largest embedded contents across 2 files, by what their copies cost together")
        #expect(lines[1].hasPrefix("  TOTAL") && lines[1].contains("UNIQUE NAMES") && lines[1].hasSuffix("FILES"))
        let big = Payload.png(1000, seed: 9).count, picture = Payload.png(300).count
        #expect(lines[2].hasPrefix("  \(big) B ") && lines[2].contains("big-2") && lines[2].hasSuffix(inputs[0]), "\(lines[2])")
        #expect(lines[3].hasPrefix("  \(2 * picture) B ") && lines[3].contains("copy-4, hero-1") && lines[3].hasSuffix("\(inputs[0]), \(inputs[1]) (2)"),
                "\(lines[3])")
        let one = await InProcess.run(["list", "--largest", "1"] + inputs)
        #expect(one.status == 0 && one.stdout.split(separator: "\n").count == 3 && one.stdout.contains("big-2"), "\(one)")
        #expect(await InProcess.run(["list", "--largest=1"] + inputs).stdout == one.stdout)
        expectUsageError(await InProcess.run(["list", "--largest", "0"] + inputs), of: "list", saying: "--largest: expected a whole number of at least 1, got '0'")
        #expect(await InProcess.run(["list", "--largest=x"] + inputs).status == 64)
        #expect(await InProcess.run(["list", "--largest", "--largest"] + inputs).status == 64)
    }

    @Test("--json keeps `files` and gains `largest`, the library's ranking")
    func json() async throws {
        let directory = try TemporaryDirectory()
        let inputs = try Self.inputs(directory)
        let result = await InProcess.run(["list", "--json", "--largest", "5"] + inputs)
        #expect(result.status == 0, "\(result)")
        let document = try JSONDecoder().decode(ListingDocument.self, from: Data(result.stdout.utf8))
        var request = ListRequest(inputs: inputs.map(RequestInput.path))
        request.largest = 5
        let ranked = try AssetOperations.largestAssets(request).largest
        #expect(document.files.count == 2 && document.largest == ranked)
        #expect(document.largest?.map(\.copies) == [1, 2])
    }

    @Test("an unreadable input is reported and fails the run; the others are still ranked")
    func failure() async throws {
        let directory = try TemporaryDirectory()
        let inputs = try Self.inputs(directory) + [try directory.write("bad.riv", Array("nope".utf8))]
        let result = await InProcess.run(["list", "--largest"] + inputs)
        #expect(result.status == 1 && result.stderr.contains("bad.riv") && result.stdout.contains("big-2"), "\(result)")
    }
}
