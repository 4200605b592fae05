import Foundation
import Testing
import RivFormat
import RivTestSupport
#if canImport(Glibc)
import Glibc
#endif

/// `riv-assets replace --watch`, run as the built executable: it follows the
/// folder, and SIGINT or SIGTERM stop it cleanly.
@Suite("riv-assets replace --watch")
struct WatchCommandTests {
    /// Whether `condition` holds within 15 s, looking every 50 ms.
    private func waitFor(_ condition: () -> Bool) -> Bool {
        let deadline = Date().addingTimeInterval(15)
        while Date() < deadline {
            if condition() { return true }
            Thread.sleep(forTimeInterval: 0.05)
        }
        return false
    }

    @Test("writes once, rewrites on a change, stops on a signal with status 0 and no temporary file", arguments: [SIGINT, SIGTERM])
    func followsAndStops(signal: Int32) throws {
        let directory = try TemporaryDirectory()
        let fixture = SharedData.packageRoot.appendingPathComponent("Fixtures/artboards-and-usage.riv")
        let input = try directory.write("hero.riv", Array(try Data(contentsOf: fixture)))
        let pictures = try RivFile(path: input).assets.prefix(2).compactMap(\.embeddedBytes)
        let brand = URL(fileURLWithPath: try directory.folder("brand"))
        try pictures[1].write(to: brand.appendingPathComponent("hero-1.png"))
        let output = directory.path("out/hero.riv")
        let errors = directory.url.appendingPathComponent("stderr.txt")
        try #require(FileManager.default.createFile(atPath: errors.path, contents: nil))
        let errorHandle = try FileHandle(forWritingTo: errors)
        let process = try RivAssets.start(["replace", input, "--assets", brand.path, "-o", directory.path("out") + "/", "--watch"], errors: errorHandle)

        func embedded() -> Data? { (try? RivFile(path: output))?.asset(named: "hero-1")?.embeddedBytes }
        #expect(waitFor { embedded() == pictures[1] }, "the first write")
        try pictures[0].write(to: brand.appendingPathComponent("hero-1.png"))
        #expect(waitFor { embedded() == pictures[0] }, "the rewrite after a change")
        try FileManager.default.removeItem(at: brand.appendingPathComponent("hero-1.png"))
        #expect(waitFor { (try? Data(contentsOf: URL(fileURLWithPath: output))) == (try? Data(contentsOf: fixture)) }, "the original back")
        try RivAssets.stop(process, with: signal)
        try errorHandle.close()
        #expect(process.terminationStatus == 0)
        let stderr = try String(contentsOf: errors, encoding: .utf8)
        #expect(stderr.hasSuffix("riv-assets: stopped\n"), "\(stderr)")
        #expect(directory.entries("out") == ["hero.riv"], "a temporary file was left behind")
    }

    @Test("a restarted watch whose output exists, without --force: exit 1 at once, with the remedy, the output untouched")
    func restartWithoutForce() async throws {
        let directory = try TemporaryDirectory()
        let input = try directory.write("hero.riv", Inputs.file([.image("logo", 12, Payload.wholePNG(40))]))
        let brand = try directory.folder("brand")
        _ = try directory.write("out.riv", Array("an earlier run".utf8))
        let result = try await RivAssets.run(["replace", input, "--assets", brand, "-o", directory.path("out.riv"), "--watch"])
        #expect(result.status == 1)
        #expect(result.stderr.contains("use --force to overwrite"), "\(result.stderr)")
        #expect(try directory.bytes("out.riv") == Array("an earlier run".utf8))
    }

    @Test("a huge file dropped in the watched folder is refused unread, naming it; the outputs keep what they had; a signal still stops at once")
    func hugeFileRefused() throws {
        let directory = try TemporaryDirectory()
        let input = try directory.write("hero.riv", Inputs.file([.image("logo", 12, Payload.wholePNG(40))]))
        let brand = URL(fileURLWithPath: try directory.folder("brand"))
        let errors = directory.url.appendingPathComponent("stderr.txt")
        try #require(FileManager.default.createFile(atPath: errors.path, contents: nil))
        let errorHandle = try FileHandle(forWritingTo: errors)
        let process = try RivAssets.start(["replace", input, "--assets", brand.path, "-o", directory.path("out.riv"), "--watch"], errors: errorHandle)
        #expect(waitFor { FileManager.default.fileExists(atPath: directory.path("out.riv")) }, "the first write")
        let written = try directory.bytes("out.riv")
        // A sparse 20 GiB "PNG": read whole, it would take 20 GiB of memory.
        let huge = brand.appendingPathComponent("logo-12.png")
        try Data(Payload.png(8)).write(to: huge)
        let handle = try FileHandle(forWritingTo: huge)
        try handle.truncate(atOffset: 20 << 30)
        try handle.close()
        let stderr = { (try? String(contentsOf: errors, encoding: .utf8)) ?? "" }
        #expect(waitFor { stderr().contains("over the limit of 268435456 bytes") }, "\(stderr())")
        #expect(stderr().contains(huge.path) && stderr().contains("the outputs keep what they had"))
        #expect(try directory.bytes("out.riv") == written)
        try RivAssets.stop(process, with: SIGINT)
        try errorHandle.close()
        #expect(process.terminationStatus == 0)
    }
}
