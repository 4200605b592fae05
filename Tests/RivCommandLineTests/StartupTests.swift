import Foundation
import Testing
import RivFormat
import RivHostedAssets
import RivSupport
import RivTestSupport
@testable import RivCommandLine
#if canImport(Glibc)
import Glibc
#endif

/// What a command costs before it does its work (SPEC.md §11, start-up): only a
/// command that writes watches the interrupt signals, a download that cannot load
/// the network library fails with the reason, and, in the release build
/// (`Scripts/build-release.sh`), a command that needs no network loads no network
/// library.
@Suite struct StartupTests {
    #if os(Linux)
    /// Whether the process `pid` is blocked reading a pipe (its kernel wait channel).
    static func isWaitingOnPipe(_ pid: Int32) -> Bool {
        (try? String(contentsOfFile: "/proc/\(pid)/wchan", encoding: .utf8))?.contains("pipe_read") == true
    }

    @Test("a command that only reads installs no interrupt handler: SIGINT ends it as the signal does, with nothing said")
    func readOnlyCommandKeepsTheDefaultInterrupt() throws {
        let process = try RivAssets.process(["list", "-"])
        let input = Pipe()
        let errors = try TemporaryDirectory()
        let errorPath = errors.path("stderr")
        _ = FileManager.default.createFile(atPath: errorPath, contents: nil)
        process.standardInput = input
        process.standardOutput = FileHandle.nullDevice
        process.standardError = try FileHandle(forWritingTo: URL(fileURLWithPath: errorPath))
        try process.runWithSignalsUnblocked()
        var polls = 0
        while process.isRunning && !Self.isWaitingOnPipe(process.processIdentifier) && polls < 20_000 {
            usleep(500)
            polls += 1
        }
        try RivAssets.stop(process, with: SIGINT)
        try input.fileHandleForWriting.close()
        #expect(process.terminationReason == .uncaughtSignal && process.terminationStatus == SIGINT,
                "ended by \(process.terminationReason == .exit ? "exit" : "signal") \(process.terminationStatus)")
        #expect(try String(contentsOfFile: errorPath, encoding: .utf8) == "")
    }
    #endif

    @Test("which commands may write files, and so watch the interrupt signals")
    func writingCommands() {
        let writing = RivAssetsTool.commands.filter { $0.writesFiles }.map { $0.name }
        #expect(writing == ["extract", "replace", "strip", "report", "prune", "shrink", "swap", "place", "fetch", "embed", "host", "codegen", "diff", "render"])
        #expect(!RivAssetsTool.writesFiles(["--version"]) && !RivAssetsTool.writesFiles(["help", "replace"]) && !RivAssetsTool.writesFiles([]))
        #expect(RivAssetsTool.writesFiles(["replace", "a.riv"]) && !RivAssetsTool.writesFiles(["list", "a.riv"]))
    }

    /// A transport that counts its requests and answers 404.
    final class CountingTransport: HostedAssetHTTPClient, @unchecked Sendable {
        let count = Protected(0)
        func send(_ request: HostedAssetRequest) async throws -> HostedAssetResponse {
            count.withLock { $0 += 1 }
            return HostedAssetResponse(body: .data(Data()), status: 404, headers: [:])
        }
    }

    @Test("without the network library a download fails with the reason, and nothing is sent")
    func missingNetworkLibrary() async throws {
        let sent = CountingTransport()
        let transport = NetworkLibraryTransport(problem: { "libcurl (libcurl.so.4), which downloads need, cannot be loaded: not found" },
                                                transport: sent)
        let request = HostedAssetRequest(uniqueName: "a-1", type: .image, uuid: "u", url: URL(string: "https://example.com/u")!,
                                         headers: [:], downloadFolder: URL(fileURLWithPath: NSTemporaryDirectory()))
        await #expect(throws: NetworkLibraryTransport.Missing.self) { try await transport.fetch(request) }
        #expect(sent.count.withLock { $0 } == 0)
        let loaded = NetworkLibraryTransport(problem: { nil }, transport: sent)
        #expect(try await loaded.fetch(request).status == 404)
        #expect(sent.count.withLock { $0 } == 1)
        #expect(Platform.networkLibraryProblem() == nil, "the network library loads on this machine")
    }

    /// The shared libraries the executable loads for `arguments`, as the dynamic
    /// loader reports them (`LD_DEBUG=libs`), and how the run ended.
    static func librariesLoaded(by arguments: [String]) throws -> (libraries: [String], status: Int32) {
        let process = try RivAssets.process(arguments)
        process.environment = ProcessInfo.processInfo.environment.merging(["LD_DEBUG": "libs"]) { $1 }
        let result = try RivAssets.finish(process)
        let libraries = LoadedLibraries.paths(inLoaderLog: result.stderr)
        return (libraries, result.status)
    }

    /// Whether the binary under test is the release build, with the Swift runtime
    /// and Foundation linked in (a debug build loads them, and FoundationNetworking
    /// with them, as shared libraries).
    static let isStaticBuild: Bool = {
        #if os(Linux)
        guard let loaded = try? librariesLoaded(by: ["--version"]), !loaded.libraries.isEmpty else { return false }
        return !loaded.libraries.contains { $0.contains("libswiftCore") }
        #else
        return false
        #endif
    }()

    @Test("release build: --version, list and inspect load no network library; a download loads libcurl when it starts",
          .enabled(if: isStaticBuild, "needs the release build: RIV_ASSETS_BINARY=<path of Scripts/build-release.sh's riv-assets>"))
    func releaseBuildLoadsTheNetworkOnlyToDownload() throws {
        let fixture = SharedData.packageRoot.appendingPathComponent("Fixtures/embedded-png.riv").path
        for arguments in [["--version"], ["list", "--json", fixture], ["list", fixture], ["inspect", fixture]] {
            let loaded = try Self.librariesLoaded(by: arguments)
            #expect(loaded.status == 0)
            #expect(!loaded.libraries.contains(where: LoadedLibraries.isNetworkLibrary), "\(arguments): \(loaded.libraries)")
        }
        let world = try HostedWorld()
        try world.serve(1, Payload.png(300, seed: 1))
        let file = try world.rivFile(images: [1]).path
        let fetched = try Self.librariesLoaded(by: ["fetch", file, "--cache-dir", world.sandbox.path("cache"), "--retries", "0"])
        #expect(fetched.status == 0)
        #expect(fetched.libraries.contains { $0.contains("libcurl") }, "\(fetched.libraries)")
    }
}
