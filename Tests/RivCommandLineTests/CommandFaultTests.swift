import Foundation
import Testing
import RivFormat
import RivTestSupport
#if canImport(Glibc)
import Glibc
#endif

/// extract, replace and strip under faults: bad inputs, outputs that cannot be
/// written, links, and signals mid-write. Each must fail with one clear line and
/// leave no partial output, and never touch its input.
@Suite("riv-assets commands under faults")
struct CommandFaultTests {
    /// A command line for each writing command, with `IN` for the input and `OUT` for
    /// the `-o` value; `assets` is a folder inside the test directory.
    static let writers: [[String]] = [
        ["extract", "IN", "-o", "OUT"],
        ["replace", "IN", "--image", "walle-370=new.png", "-o", "OUT"],
        ["strip", "IN", "--assets-out", "assets", "-o", "OUT"],
    ]

    /// Runs `command` in a fresh directory holding `in.riv` (`contents`) and `new.png`.
    /// With a `fileSizeLimit` (in the shell's `ulimit -f` blocks) the tool runs under that
    /// limit, started with no signal blocked, as from a shell.
    struct Run {
        let directory: TemporaryDirectory
        let result: RivAssets.Result

        init(_ command: [String], input: String = "in.riv", output: String, contents: [UInt8] = Inputs.mixed(),
             fileSizeLimit: Int? = nil, prepare: (TemporaryDirectory) throws -> Void = { _ in }) async throws {
            directory = try TemporaryDirectory()
            _ = try directory.write("in.riv", contents)
            _ = try directory.write("new.png", Payload.png())
            try prepare(directory)
            let arguments = command.map { ["IN": input, "OUT": output][$0] ?? $0 }
            guard let fileSizeLimit else {
                result = try await RivAssets.run(arguments, in: directory.url)
                return
            }
            let process = try RivAssets.process([], in: directory.url)
            process.arguments = ["-c", "ulimit -f \(fileSizeLimit) && exec \"$0\" \"$@\"", process.executableURL!.path] + arguments
            process.executableURL = URL(fileURLWithPath: "/bin/sh")
            process.standardOutput = FileHandle.nullDevice
            let errors = Pipe()
            process.standardError = errors
            try process.runWithSignalsUnblocked()
            try RivAssets.wait(for: process)
            #expect(process.terminationReason == .exit, "riv-assets \(arguments) was killed by signal \(process.terminationStatus)")
            result = RivAssets.Result(status: process.terminationStatus, stdout: "",
                                      stderr: String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self))
        }

        /// Files below the directory other than the two it was given and what `prepare` made.
        func outputs(besides kept: Set<String>) -> [String] {
            directory.tree().filter { !kept.contains($0) && !["in.riv", "new.png", "assets"].contains($0) }
        }
    }

    @Test("a missing input or a directory given as one: exit 1, one clear line, no output",
          arguments: writers, ["absent.riv", "folder"])
    func unreadableInput(command: [String], input: String) async throws {
        let run = try await Run(command, input: input, output: "out") { try $0.folder("folder") }
        let reason = input == "folder" ? "is a directory" : "No such file or directory"

        #expect(run.result.status == 1)
        #expect(errorLines(run.result) == ["riv-assets: \(input): cannot read the file: \(reason)"])
        #expect(run.outputs(besides: ["folder"]).isEmpty, "\(run.directory.tree())")
        #expect(run.directory.entries("assets").isEmpty)
    }

    @Test("an input without read permission: exit 1, one clear line, no output (skipped as root, which ignores permission bits)",
          .enabled(if: getuid() != 0, "root reads files whatever their permission bits"),
          arguments: writers)
    func unreadableByPermission(command: [String]) async throws {
        let run = try await Run(command, output: "out") { directory in
            try FileManager.default.setAttributes([.posixPermissions: 0o000], ofItemAtPath: directory.path("in.riv"))
        }
        #expect(run.result.status == 1)
        #expect(errorLines(run.result).count == 1 && run.result.stderr.hasPrefix("riv-assets: in.riv: "), "\(run.result.stderr)")
        #expect(run.outputs(besides: []).isEmpty, "\(run.directory.tree())")
    }

    @Test("an output under a regular file (a folder that cannot be created or written): a clear error, no output, input intact",
          arguments: writers)
    func outputUnderAFile(command: [String]) async throws {
        let run = try await Run(command, output: "blocker/out") { directory in
            _ = try directory.write("blocker", Array("a file".utf8))
        }
        #expect([1, 64].contains(run.result.status))
        #expect(errorLines(run.result).count == 1 && run.result.stderr.contains("blocker/out"), "\(run.result.stderr)")
        #expect(run.outputs(besides: ["blocker"]).isEmpty, "\(run.directory.tree())")
        #expect(run.directory.entries("assets").isEmpty, "asset files were written for a .riv that could not be")
        #expect(try run.directory.bytes("in.riv") == Inputs.mixed())
    }

    @Test("an output folder without write permission (skipped as root, which ignores permission bits)",
          .enabled(if: getuid() != 0, "root writes into folders whatever their permission bits"),
          arguments: writers)
    func readOnlyFolder(command: [String]) async throws {
        let run = try await Run(command, output: "locked/out") { directory in
            try directory.folder("locked")
            try FileManager.default.setAttributes([.posixPermissions: 0o555], ofItemAtPath: directory.path("locked"))
        }
        defer { try? FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: run.directory.path("locked")) }
        #expect([1, 64].contains(run.result.status))
        #expect(errorLines(run.result).count == 1, "\(run.result.stderr)")
        #expect(run.directory.entries("locked").isEmpty)
    }

    @Test("a destination that is not a regular file (/dev/full, a pipe) is refused before anything is written",
          arguments: [["replace", "IN", "--image", "walle-370=new.png", "-o", "OUT"], ["strip", "IN", "--assets-out", "assets", "-o", "OUT"]],
          ["/dev/full", "pipe"])
    func notARegularFile(command: [String], destination: String) async throws {
        let run = try await Run(command, output: destination) { directory in
            guard mkfifo(directory.path("pipe"), 0o644) == 0 else { throw RivAssets.RunFailure(message: "mkfifo failed") }
        }
        #expect(run.result.status == 1)
        let lines = errorLines(run.result)
        #expect(lines.count == 1 && lines[0].hasPrefix("riv-assets: in.riv: ") && lines[0].hasSuffix(
            "\(destination): could not write: it exists and is not a regular file (a device, pipe or socket); nothing was changed"), "\(lines)")
        #expect(run.outputs(besides: ["pipe"]).isEmpty, "\(run.directory.tree())")
        #expect(run.directory.entries("assets").isEmpty, "asset files were written for a .riv that could not be")
        #expect(try run.directory.bytes("in.riv") == Inputs.mixed())
    }

    /// A write that fails half-way, as on a full disk: under `ulimit -f 50` writes past
    /// a few tens of KiB fail. Unless the tool ignores SIGXFSZ, as it does SIGPIPE, that
    /// signal kills it at the failing write and its temporary file stays behind.
    @Test("a write that fails half-way (file size limit): exit 1, one line, no temporary file, no output",
          arguments: writers)
    func writeFailsHalfWay(command: [String]) async throws {
        let large = Inputs.file([.image("walle.jpg", 370, Payload.jpeg(200_000))])
        let run = try await Run(command, output: "out", contents: large, fileSizeLimit: 50) { directory in
            _ = try directory.write("new.png", Payload.png(200_000))
        }

        #expect(run.result.status == 1)
        #expect(errorLines(run.result).count == 1 && run.result.stderr.contains("File too large"), "\(run.result.stderr)")
        #expect(Self.temporaryFiles(in: [run.directory.url.path, run.directory.path("out"), run.directory.path("assets")]).isEmpty)
        #expect(run.outputs(besides: ["out"]).isEmpty && run.directory.entries("out").isEmpty, "\(run.directory.tree())")
        #expect(!run.directory.exists("out") || command[0] == "extract", "the output was written")
        #expect(try run.directory.bytes("in.riv") == large)
    }

    @Test("extract into /dev/full: exit 1, one line")
    func extractIntoDevice() async throws {
        let run = try await Run(["extract", "IN", "-o", "OUT"], output: "/dev/full")
        #expect(run.result.status == 1)
        #expect(!run.result.stderr.contains("NSCocoaErrorDomain") && !run.result.stderr.contains("could not be completed"), "\(run.result.stderr)")
        #expect(errorLines(run.result).count == 1 && run.result.stderr.contains(": /dev/full: cannot create the folder"),
                "\(run.result.stderr)")
    }

    @Test("an output that is a link, dangling or not, exists: refused without --force; with it the link becomes the new file and its target is never written",
          arguments: [["replace", "IN", "--image", "walle-370=new.png", "-o", "OUT"], ["strip", "IN", "--assets-out", "assets", "-o", "OUT"]],
          [true, false])
    func outputIsALink(command: [String], targetExists: Bool) async throws {
        let prepare: (TemporaryDirectory) throws -> Void = { directory in
            if targetExists { _ = try directory.write("target.riv", Array("target".utf8)) }
            try FileManager.default.createSymbolicLink(atPath: directory.path("link.riv"), withDestinationPath: directory.path("target.riv"))
        }
        let refused = try await Run(command, output: "link.riv", prepare: prepare)
        #expect(refused.result.status == 1)
        #expect(errorLines(refused.result).count == 1 && refused.result.stderr.contains("already exists"), "\(refused.result.stderr)")
        #expect((try FileManager.default.attributesOfItem(atPath: refused.directory.path("link.riv"))[.type] as? FileAttributeType) == .typeSymbolicLink)
        #expect(refused.directory.entries("assets").isEmpty)

        let run = try await Run(command + ["--force"], output: "link.riv", prepare: prepare)
        #expect(run.result.status == 0, "\(run.result.stderr)")
        let kind = try FileManager.default.attributesOfItem(atPath: run.directory.path("link.riv"))[.type] as? FileAttributeType
        #expect(kind == .typeRegular)
        #expect(try RivFile(path: run.directory.path("link.riv")).assets.count == 7)
        if targetExists {
            #expect(try run.directory.bytes("target.riv") == Array("target".utf8))
        } else {
            #expect(!run.directory.exists("target.riv"))
        }
    }

    // MARK: - Signals mid-write

    /// An input whose second asset, `big-1`, embeds a large PNG, written piece by piece
    /// so that the test never holds it in memory: `head`, then the payload (the PNG
    /// signature and zeros), then `tail`.
    struct LargeFile {
        static let payloadCount = 300 << 20
        static let signature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]

        /// The file with no embedded bytes for `big-1`: what stripping it gives.
        static func records(smallBytes: [UInt8]? = nil) -> [UInt8] {
            Inputs.file([.image("small.png", 2, smallBytes), .image("big.png", 1)])
        }

        /// The records, then a contents record's type key, property key 212 and the payload's length.
        static func head(smallBytes: [UInt8]? = nil) -> [UInt8] {
            var length: [UInt8] = []
            var rest = payloadCount
            repeat {
                length.append(UInt8(rest & 0x7F) | (rest > 0x7F ? 0x80 : 0))
                rest >>= 7
            } while rest > 0
            return records(smallBytes: smallBytes) + [0x6A, 0xD4, 0x01] + length
        }

        static let tail: [UInt8] = [0x00]

        static func write(to path: String) throws {
            _ = FileManager.default.createFile(atPath: path, contents: Data(head()))
            let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: path))
            defer { try? handle.close() }
            try handle.seekToEnd()
            try handle.write(contentsOf: signature)
            let zeros = Data(count: 16 << 20)
            var left = payloadCount - signature.count
            while left > 0 {
                try handle.write(contentsOf: zeros.prefix(left))
                left -= min(left, zeros.count)
            }
            try handle.write(contentsOf: tail)
        }

        /// Whether the file at `path` is `head`, the payload and `tail`, whole: its size,
        /// both ends and stretches of the payload are checked.
        static func isWhole(_ path: String, head: [UInt8], tail: [UInt8] = tail) throws -> Bool {
            let data = try Data(contentsOf: URL(fileURLWithPath: path), options: .alwaysMapped)
            guard data.count == head.count + payloadCount + tail.count,
                  data.prefix(head.count + signature.count) == Data(head + signature),
                  data.suffix(tail.count) == Data(tail) else { return false }
            let middle = head.count + payloadCount / 2
            return [head.count + signature.count, middle, head.count + payloadCount - 4096].allSatisfy { start in
                data[start..<(start + 4096)].allSatisfy { $0 == 0 }
            }
        }
    }

    enum Interrupted: CustomTestStringConvertible, CaseIterable {
        case stripInPlace, replaceInPlace, replaceToOutput

        var testDescription: String {
            switch self {
            case .stripInPlace: "strip --in-place"
            case .replaceInPlace: "replace --in-place"
            case .replaceToOutput: "replace -o OUT"
            }
        }
    }

    /// Starts the command on a 300 MB input, sends the signal as soon as a temporary
    /// file has bytes in it (or not at all when the process has already finished), and checks
    /// that no temporary file is left and every file is either as before or whole.
    @Test("SIGINT or SIGTERM mid-write: no temporary file left, the input intact, every output absent or whole",
          arguments: Interrupted.allCases, [SIGTERM, SIGINT])
    func interrupted(command: Interrupted, signal: Int32) throws {
        let directory = try TemporaryDirectory()
        let input = directory.path("big.riv")
        try LargeFile.write(to: input)
        let tiny = try directory.write("tiny.png", Payload.png(8))
        let assets = try directory.folder("assets")
        let output = directory.path("out.riv")
        let arguments = switch command {
        case .stripInPlace: ["strip", "--in-place", input, "--assets-out", assets]
        case .replaceInPlace: ["replace", "--in-place", input, "--image", "small-2=" + tiny]
        case .replaceToOutput: ["replace", input, "--image", "small-2=" + tiny, "-o", output]
        }
        let folders = [directory.url.path, assets]
        let temporaries = { Self.temporaryFiles(in: folders) }
        let writing = {
            temporaries().contains { ((try? FileManager.default.attributesOfItem(atPath: $0))?[.size] as? Int ?? 0) > 0 }
        }

        let process = try RivAssets.start(arguments)
        let deadline = Date().addingTimeInterval(20)
        while process.isRunning && !writing() && Date() < deadline { usleep(200) }
        try RivAssets.stop(process, with: signal)

        #expect(process.terminationReason == .exit, "killed by signal \(process.terminationStatus) without cleaning up")
        #expect([0, 1, 128 + signal].contains(process.terminationStatus))
        #expect(temporaries().isEmpty, "left behind: \(temporaries())")
        let finished = process.terminationStatus == 0
        switch command {
        case .stripInPlace:
            let stripped = (try? directory.bytes("big.riv")) == LargeFile.records()
            let intact = try LargeFile.isWhole(input, head: LargeFile.head())
            #expect(stripped || intact, "the input is neither as before nor stripped")
            #expect(!finished || stripped)
            let written = directory.entries("assets")
            #expect(written == [] || written == ["big-1.png"])
            if !written.isEmpty { #expect(try LargeFile.isWhole(directory.path("assets/big-1.png"), head: [], tail: [])) }
            #expect(!stripped || written == ["big-1.png"], "the input was stripped but its bytes were not saved")
        case .replaceInPlace:
            let replaced = try LargeFile.isWhole(input, head: LargeFile.head(smallBytes: Payload.png(8)))
            let intact = try LargeFile.isWhole(input, head: LargeFile.head())
            #expect(replaced || intact, "the input is neither as before nor replaced")
            #expect(!finished || replaced)
        case .replaceToOutput:
            #expect(try LargeFile.isWhole(input, head: LargeFile.head()), "the input changed")
            let exists = directory.exists("out.riv")
            let whole = exists ? try LargeFile.isWhole(output, head: LargeFile.head(smallBytes: Payload.png(8))) : false
            #expect(!exists || whole, "the output is not whole")
            #expect(!finished || exists)
        }
        #expect(Set(directory.entries("")).isSubset(of: ["assets", "big.riv", "out.riv", "tiny.png"]), "\(directory.entries(""))")
    }

    /// The temporary files of the tool's writes (`.<name>.riv-assets-XXXXXX`) in `folders`, as paths.
    static func temporaryFiles(in folders: [String]) -> [String] {
        folders.flatMap { folder in
            ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? [])
                .filter { $0.hasPrefix(".") && $0.contains(".riv-assets-") }
                .map { folder + "/" + $0 }
        }
    }

    /// The cleanup empties the list of temporary files and then exits, while the command
    /// goes on writing until the process ends: a write that creates its temporary file
    /// after the list was emptied leaves that file behind. Stripping many small assets on
    /// a fast file system creates temporary files back to back; a signal sent once the
    /// first asset appears lands in that gap in a few runs in a hundred, so the test tries
    /// up to 200 times (some 20 ms each) and stops at the first file left behind. Once the
    /// gap is closed (say, no temporary file can be created after the cleanup began) it
    /// never fails.
    @Test("SIGINT mid-write says what stays and what was undone")
    func interruptionReport() throws {
        let directory = try TemporaryDirectory()
        let input = directory.path("big.riv")
        try LargeFile.write(to: input)
        let tiny = try directory.write("tiny.png", Payload.png(8))
        let errorsPath = directory.path("stderr")
        _ = FileManager.default.createFile(atPath: errorsPath, contents: nil)
        let errors = try FileHandle(forWritingTo: URL(fileURLWithPath: errorsPath))
        let process = try RivAssets.start(["replace", input, "--image", "small-2=" + tiny, "-o", directory.path("out.riv")], errors: errors)
        let writing = {
            Self.temporaryFiles(in: [directory.url.path]).contains { ((try? FileManager.default.attributesOfItem(atPath: $0))?[.size] as? Int ?? 0) > 0 }
        }
        let deadline = Date().addingTimeInterval(20)
        while process.isRunning && !writing() && Date() < deadline { usleep(200) }
        try RivAssets.stop(process, with: SIGINT)
        try errors.close()
        let text = try String(contentsOfFile: errorsPath, encoding: .utf8)
        if process.terminationStatus == 128 + SIGINT {
            #expect(text == "riv-assets: interrupted: 0 files were written whole before it and stay; 1 write in progress was undone, leaving no partial file\n",
                    "\(text)")
        }
    }

    @Test("SIGTERM while strip writes asset after asset: no temporary file is left by a write started during the cleanup")
    func interruptedBetweenWrites() throws {
        let assets = (1...200).map { TestAsset.image("i.png", UInt64($0), Payload.png(16)) }
        let fast = FileManager.default.fileExists(atPath: "/dev/shm") ? URL(fileURLWithPath: "/dev/shm") : FileManager.default.temporaryDirectory
        for attempt in 1...200 {
            let directory = try TemporaryDirectory()
            let input = try directory.write("in.riv", Inputs.file(assets))
            let folder = fast.appendingPathComponent("riv-assets-cli-\(UUID().uuidString)").path
            defer { try? FileManager.default.removeItem(atPath: folder) }
            let process = try RivAssets.start(["strip", "--in-place", input, "--assets-out", folder])
            while process.isRunning && ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []).isEmpty { usleep(50) }
            try RivAssets.stop(process, with: SIGTERM)

            #expect(process.terminationReason == .exit, "attempt \(attempt): killed by signal \(process.terminationStatus)")
            let left = Self.temporaryFiles(in: [directory.url.path, folder])
            #expect(left.isEmpty, "attempt \(attempt): left behind: \(left)")
            if !left.isEmpty { break }
        }
    }
}
