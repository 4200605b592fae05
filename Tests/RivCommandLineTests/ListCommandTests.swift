import Foundation
import Testing
import RivFormat
import RivAssetsKit
import RivTestSupport

/// `riv-assets list`, run in-process (and, for what needs a process, as the built
/// executable) on files written with ``RivFileBuilder`` into a temporary directory.
@Suite("riv-assets list")
struct ListCommandTests {
    @Test("list FILE prints a table row per asset with its unique name and location")
    func table() async throws {
        let directory = try TemporaryDirectory()
        let path = try directory.write("assets.riv", Inputs.threeAssets())
        let result = try await RivAssets.run(["list", path])

        #expect(result.status == 0)
        #expect(result.stderr.isEmpty)
        let lines = result.stdout.split(separator: "\n").map(String.init)
        #expect(lines.first?.hasPrefix("\(path): Rive 7.0, file id 42, ") == true, "\(result.stdout)")
        #expect(lines.first?.hasSuffix("3 assets") == true, "\(result.stdout)")
        for (uniqueName, location) in [("walle-370", "embedded"), ("Inter-5", "referenced"), ("logo-6", "hosted")] {
            #expect(lines.contains { $0.contains(uniqueName) && $0.contains(location) },
                    "no row with \(uniqueName) and \(location) in:\n\(result.stdout)")
        }
        #expect(result.stdout.contains("https://cdn.example.com/03020100-0504-0706-0908-0f0e0d0c0b0a"))
    }

    @Test("list --json prints schema version 4 with the documented keys, matching the library's listing")
    func json() async throws {
        let directory = try TemporaryDirectory()
        let path = try directory.write("assets.riv", Inputs.threeAssets())
        let result = try await RivAssets.run(["list", "--json", path])

        #expect(result.status == 0)
        #expect(result.stderr.isEmpty)
        let document = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        #expect(Set(document.keys) == ["schemaVersion", "files"])
        #expect(document["schemaVersion"] as? Int == 4)
        let files = try #require(document["files"] as? [[String: Any]])
        try #require(files.count == 1)
        #expect(Set(files[0].keys) == Inputs.fileKeys)
        #expect(files[0]["input"] as? String == path)
        #expect(files[0]["error"] is NSNull)
        let header = try #require(files[0]["header"] as? [String: Any])
        #expect(Set(header.keys) == ["majorVersion", "minorVersion", "fileID"])
        #expect(header["fileID"] as? Int == 42)
        let assets = try #require(files[0]["assets"] as? [[String: Any]])
        #expect(assets.map { $0["uniqueName"] as? String } == ["walle-370", "Inter-5", "logo-6"])
        #expect(assets.map { $0["location"] as? String } == ["embedded", "referenced", "hosted"])
        for asset in assets { #expect(Set(asset.keys) == Inputs.assetKeys) }
        let cdn = try #require(assets[2]["cdn"] as? [String: Any])
        #expect(Set(cdn.keys) == ["baseURL", "uuid", "url"])
        #expect(cdn["url"] as? String == "https://cdn.example.com/03020100-0504-0706-0908-0f0e0d0c0b0a")

        let decoded = try JSONDecoder().decode(ListingDocument.self, from: Data(result.stdout.utf8))
        #expect(decoded == ListingDocument(files: [FileListing(input: path, file: try RivFile(path: path))]))
    }

    @Test("one bad file among good ones: exit 1, one stderr line for it, the good files still listed")
    func oneBadFile() async throws {
        let directory = try TemporaryDirectory()
        let first = try directory.write("first.riv", Inputs.threeAssets())
        let bad = try directory.write("bad.riv", Array(Inputs.threeAssets().dropLast(3)))
        let last = try directory.write("last.riv", Inputs.oneImage(name: "last.png", id: 9))
        let expected = try #require(#expect(throws: RivError.self) { try RivFile(path: bad) })

        let table = try await RivAssets.run(["list", first, bad, last])
        #expect(table.status == 1)
        #expect(table.stderr == "riv-assets: \(bad): \(expected.message)\n")
        #expect(expected.message.hasPrefix("at byte "))
        #expect(table.stdout.contains("\(first): Rive 7.0"))
        #expect(table.stdout.contains("\(last): Rive 7.0"))
        #expect(table.stdout.contains("last-9"))
        #expect(!table.stdout.contains(bad))

        let json = try await RivAssets.run(["list", "--json", first, bad, last])
        #expect(json.status == 1)
        #expect(json.stderr == "riv-assets: \(bad): \(expected.message)\n")
        let document = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
        let files = try #require(document["files"] as? [[String: Any]])
        #expect(files.map { $0["input"] as? String } == [first, bad, last])
        #expect(files[0]["error"] is NSNull && files[2]["error"] is NSNull)
        for file in files { #expect(Set(file.keys) == Inputs.fileKeys) }
        let error = try #require(files[1]["error"] as? [String: Any])
        #expect(Set(error.keys) == ["message", "offset"])
        #expect(error["message"] as? String == expected.message)
        #expect(error["offset"] as? Int == expected.offset)
        #expect(files[1]["header"] is NSNull)
        #expect((files[1]["assets"] as? [Any])?.isEmpty == true)
        #expect((files[2]["assets"] as? [[String: Any]])?.first?["uniqueName"] as? String == "last-9")
    }

    @Test("no files is a usage error (64)", arguments: [["list"], ["list", "--json"]])
    func noFiles(arguments: [String]) async throws {
        let result = try await RivAssets.run(arguments)
        #expect(result.status == 64)
        #expect(result.stdout.isEmpty)
        #expect(result.stderr.contains("riv-assets list: give at least one .riv file"), "\(result.stderr)")
    }

    @Test("long names are whole when the output is not a terminal, and with --wide; a terminal table cuts them")
    func wideNames() async throws {
        let directory = try TemporaryDirectory()
        let long = String(repeating: "n", count: 100)
        let path = try directory.write("long.riv", Inputs.oneImage(name: long + ".png", id: 1))
        #expect(try await RivAssets.run(["list", path]).stdout.contains(long + "-1"), "piped: whole")
        #expect(try await RivAssets.run(["list", "--wide", path]).stdout.contains(long + "-1"))
        let cut = ListingTable.text(for: try RivFile(path: path), path: path)
        #expect(!cut.contains(long + "-1") && cut.contains("…"))
        #expect(ListingTable.text(for: try RivFile(path: path), path: path, wide: true).contains(long + "-1"))
    }

    @Test("an unknown option is a usage error (64)")
    func unknownOption() async throws {
        let directory = try TemporaryDirectory()
        let path = try directory.write("one.riv", Inputs.oneImage(name: "a.png", id: 1))
        let result = try await RivAssets.run(["list", "--jsn", path])
        #expect(result.status == 64)
        #expect(result.stdout.isEmpty)
        #expect(result.stderr.contains("unknown option '--jsn'; did you mean --json?"), "\(result.stderr)")
        #expect(try await RivAssets.run(["list", "--zzzzzz", path]).stderr.contains("did you mean") == false, "no far-fetched guess")
    }

    @Test("no command, or an unknown one, or a mistyped tool option, is a usage error (64) with a did-you-mean",
          arguments: [([], "USAGE: riv-assets"), (["lst"], "unknown command 'lst'; did you mean `riv-assets list`?"),
                      (["--verison"], "unknown option '--verison'; did you mean `riv-assets --version`?")])
    func noCommand(arguments: [String], message: String) async throws {
        let result = try await RivAssets.run(arguments)
        #expect(result.status == 64)
        #expect(result.stdout.isEmpty)
        #expect(result.stderr.contains(message), "\(result.stderr)")
    }

    @Test("a file named like an option is listed after --")
    func fileAfterSeparator() async throws {
        let directory = try TemporaryDirectory()
        _ = try directory.write("-dash.riv", Inputs.oneImage(name: "dash.png", id: 4))
        let result = try await RivAssets.run(["list", "--", "-dash.riv"], in: directory.url)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains("dash-4"))
    }

    @Test("--help and list --help print usage and exit 0",
          arguments: [(["--help"], "USAGE: riv-assets <command>"), (["-h"], "USAGE: riv-assets <command>"),
                      (["list", "--help"], "USAGE: riv-assets list"), (["list", "-h"], "USAGE: riv-assets list")])
    func help(arguments: [String], usage: String) async throws {
        let result = try await RivAssets.run(arguments)
        #expect(result.status == 0)
        #expect(result.stdout.contains(usage), "\(result.stdout)")
        #expect(result.stderr.isEmpty)
    }

    @Test("list --help names the schema version list --json writes")
    func helpNamesTheSchemaVersion() async throws {
        let help = try await RivAssets.run(["list", "--help"])
        #expect(help.stdout.contains("(schema version \(ListingDocument.currentSchemaVersion))"), "\(help.stdout)")
        let versions = help.stdout.split(separator: "schemaVersion\": ").dropFirst().map { $0.prefix { $0.isNumber } }
        #expect(versions == ["\(ListingDocument.currentSchemaVersion)"], "every version the help names is the one written")
        let json = try await RivAssets.run(["list", "--json", SharedData.packageRoot.appendingPathComponent("Fixtures/embedded-png.riv").path])
        #expect(json.stdout.contains("\"schemaVersion\" : \(ListingDocument.currentSchemaVersion)"), "\(json.stdout)")
    }

    @Test("--version prints the version and exits 0")
    func version() async throws {
        let result = try await RivAssets.run(["--version"])
        #expect(result.status == 0)
        #expect(result.stdout.hasPrefix("riv-assets "))
        #expect(result.stdout.split(separator: " ").last?.split(separator: ".").count == 3, "\(result.stdout)")
    }

    @Test("a directory given as a file fails (1) with a clear message")
    func directoryAsFile() async throws {
        let directory = try TemporaryDirectory()
        let result = try await RivAssets.run(["list", directory.url.path])
        #expect(result.status == 1)
        #expect(result.stderr == "riv-assets: \(directory.url.path): cannot read the file: is a directory\n")
    }

    @Test("a missing file fails (1) and names the file")
    func missingFile() async throws {
        let directory = try TemporaryDirectory()
        let path = directory.url.appendingPathComponent("absent.riv").path
        let result = try await RivAssets.run(["list", path])
        #expect(result.status == 1)
        #expect(result.stderr == "riv-assets: \(path): cannot read the file: No such file or directory\n")
    }

    /// JSON cannot hold NaN or infinity; a file that reads fine must still list.
    @Test("list --json lists an image whose stored width is not a number")
    func nonFiniteWidth() async throws {
        let directory = try TemporaryDirectory()
        var encoder = RivFileBuilder(fileID: 1, tableOfContents: [])
        encoder.appendObject(typeKey: 105, properties: [(203, .string("nan.png")), (204, .uint(1)),
                                                        (208, .float32(.nan)), (207, .float32(.infinity))])
        let path = try directory.write("nan.riv", encoder.bytes)
        #expect(throws: Never.self) { try RivFile(path: path) }

        let result = try await RivAssets.run(["list", "--json", path])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains("nan-1"), "stdout: \(result.stdout)")
    }

    /// `riv-assets list … | head` closes the pipe early: the tool must neither die of
    /// SIGPIPE nor hang. The listing is far larger than a pipe's buffer.
    @Test("output into a pipe whose reader has gone: no crash", arguments: [false, true])
    func closedPipe(json: Bool) throws {
        let directory = try TemporaryDirectory()
        let path = try directory.write("assets.riv", Inputs.threeAssets())
        let process = try RivAssets.process((json ? ["list", "--json"] : ["list"]) + Array(repeating: path, count: 600))
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        try output.fileHandleForReading.close()
        try RivAssets.wait(for: process)
        #expect(process.terminationReason == .exit, "killed by signal \(process.terminationStatus)")
        #expect([0, 1].contains(process.terminationStatus))
    }
}

// MARK: - Running the executable

/// The built `riv-assets` executable and a way to run it.
///
/// The test target does not depend on the executable target, so the tests look
/// for the binary `swift build` / `swift test` put in the products directory:
/// 1. `$RIV_ASSETS_BINARY`, when set (any path; for CI layouts of their own);
/// 2. beside the running test bundle: `swift test` runs `<products>/<package>PackageTests.xctest`
///    on Linux (`Bundle.main.executableURL`), and loads `<products>/<package>PackageTests.xctest`
///    as a bundle on macOS; `<products>` is `.build/debug` or `<scratch-path>/debug` alike;
/// 3. `<package root>/.build/debug/riv-assets`, found from this file's path.
/// A test fails (it does not skip) when none exists, saying where it looked.
enum RivAssets {
    static let candidates: [URL] = {
        var urls: [URL] = []
        if let override = ProcessInfo.processInfo.environment["RIV_ASSETS_BINARY"] {
            urls.append(URL(fileURLWithPath: override))
        }
        var bundleDirectories = Bundle.allBundles.filter { $0.bundleURL.pathExtension == "xctest" }
            .map { $0.bundleURL.deletingLastPathComponent() }
        if let executable = Bundle.main.executableURL { bundleDirectories.insert(executable.deletingLastPathComponent(), at: 0) }
        urls += bundleDirectories.map { $0.appendingPathComponent("riv-assets") }
        let packageRoot = URL(fileURLWithPath: #filePath)
            .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        urls.append(packageRoot.appendingPathComponent(".build/debug/riv-assets"))
        return urls
    }()

    static let executable: URL? = candidates.first { FileManager.default.isExecutableFile(atPath: $0.path) }

    /// What one run printed and how it ended.
    struct Result {
        var status: Int32
        var stdout: String
        var stderr: String
    }

    /// A process for the executable with `arguments`, not yet started; with
    /// `descriptorLimit`, started by a shell that first lowers its open-file limit.
    static func process(_ arguments: [String], in directory: URL? = nil, descriptorLimit: Int? = nil) throws -> Process {
        guard let executable else {
            throw RunFailure(message: "riv-assets is not built: run `swift build` first or set RIV_ASSETS_BINARY; looked at\n"
                + candidates.map(\.path).joined(separator: "\n"))
        }
        let process = Process()
        if let descriptorLimit {
            process.executableURL = URL(fileURLWithPath: "/bin/sh")
            process.arguments = ["-c", "ulimit -n \(descriptorLimit) && exec \"$0\" \"$@\"", executable.path] + arguments
        } else {
            process.executableURL = executable
            process.arguments = arguments
        }
        if let directory { process.currentDirectoryURL = directory }
        // Under the address sanitizer the child's leak check at exit needs descriptors
        // and threads of its own and can fail under a low `ulimit -n` or heavy load,
        // adding lines to standard error; leaks are checked in-process instead.
        var environment = ProcessInfo.processInfo.environment
        environment["ASAN_OPTIONS"] = (environment["ASAN_OPTIONS"].map { $0 + ":" } ?? "") + "detect_leaks=0"
        process.environment = environment
        return process
    }

    /// Runs the command to the end: in-process through the tool's own entry point
    /// when it can (fast, no process launch), or as the built executable when the
    /// run needs a working directory or a descriptor limit of its own. The
    /// executable's output goes through files, so no pipe can fill up.
    static func run(_ arguments: [String], in directory: URL? = nil, descriptorLimit: Int? = nil) async throws -> Result {
        guard directory != nil || descriptorLimit != nil else { return await InProcess.run(arguments) }
        return try runExecutable(arguments, in: directory, descriptorLimit: descriptorLimit)
    }

    /// Runs the built executable to the end.
    static func runExecutable(_ arguments: [String], in directory: URL? = nil, descriptorLimit: Int? = nil) throws -> Result {
        try finish(try process(arguments, in: directory, descriptorLimit: descriptorLimit))
    }

    /// Starts `process` (set up but not started) and runs it to the end, its output
    /// collected through files, so no pipe can fill up.
    static func finish(_ process: Process) throws -> Result {
        let outputs = try TemporaryDirectory()
        let stdout = outputs.url.appendingPathComponent("stdout")
        let stderr = outputs.url.appendingPathComponent("stderr")
        _ = FileManager.default.createFile(atPath: stdout.path, contents: nil)
        _ = FileManager.default.createFile(atPath: stderr.path, contents: nil)
        process.standardOutput = try FileHandle(forWritingTo: stdout)
        process.standardError = try FileHandle(forWritingTo: stderr)
        try process.run()
        try wait(for: process)
        #expect(process.terminationReason == .exit, "riv-assets \(process.arguments ?? []) was killed by signal \(process.terminationStatus)")
        return Result(status: process.terminationStatus,
                      stdout: try String(contentsOf: stdout, encoding: .utf8),
                      stderr: try String(contentsOf: stderr, encoding: .utf8))
    }

    /// Waits up to a minute for `process`, then kills it and throws: a hang is a failure, not a stuck test run.
    static func wait(for process: Process) throws {
        let deadline = Date().addingTimeInterval(60)
        while process.isRunning {
            guard Date() < deadline else {
                process.terminate()
                throw RunFailure(message: "riv-assets \(process.arguments ?? []) did not finish within 60 s")
            }
            Thread.sleep(forTimeInterval: 0.01)
        }
        process.waitUntilExit()
    }

    /// Why the executable could not be run.
    struct RunFailure: Error, CustomStringConvertible {
        var message: String
        var description: String { message }
    }
}
