import Foundation
import Testing
import RivFormat
import RivTestSupport
#if canImport(Glibc)
import Glibc
#endif

/// A few runs of the built executable itself, for what only a process shows: its
/// exit status, what reaches its standard streams, and `--help`. Everything else
/// about the commands runs in-process (see ``RivAssets/run(_:in:descriptorLimit:)``).
@Suite("riv-assets executable")
struct EndToEndTests {
    @Test("the executable lists a file (0), reports a bad one on stderr (1), refuses a bad call (64), prints help (0)")
    func statuses() throws {
        let directory = try TemporaryDirectory()
        let good = try directory.write("good.riv", Inputs.mixed())
        let bad = try directory.write("bad.riv", Array("{\"v\":\"5.7.0\"}".utf8))

        let listed = try RivAssets.runExecutable(["list", good])
        #expect(listed.status == 0 && listed.stderr.isEmpty && listed.stdout.contains("walle-370"))
        let failed = try RivAssets.runExecutable(["list", good, bad])
        #expect(failed.status == 1 && failed.stdout.contains("walle-370"))
        #expect(errorLines(failed).count == 1 && failed.stderr.hasPrefix("riv-assets: \(bad): "), "\(failed.stderr)")
        let usage = try RivAssets.runExecutable(["extract", "--bogus", good])
        #expect(usage.status == 64 && usage.stdout.isEmpty && usage.stderr.contains("unknown option '--bogus'"))
        for command in ["list", "extract", "replace", "strip"] {
            let help = try RivAssets.runExecutable([command, "--help"])
            #expect(help.status == 0 && help.stdout.hasPrefix("USAGE: riv-assets \(command)"), "\(help.stdout)")
        }
    }
}

/// Descriptor limits are the process's: these run the executable under `ulimit -n`.
@Suite("riv-assets under a low descriptor limit")
struct DescriptorLimitTests {
    @Test("ulimit -n 10: extract of 30 inputs succeeds for every input (fewer threads, not failures)")
    func lowLimit() async throws {
        let directory = try TemporaryDirectory()
        let inputs = try (1...30).map { try directory.write("in\($0).riv", Inputs.mixed()) }
        let result = try await RivAssets.run(["extract"] + inputs + ["-o", directory.path("out")], descriptorLimit: 10)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(directory.entries("out").count == 30)
    }

    @Test("ulimit -n 4: a clear message and exit 1, never a crash")
    func tooLowLimit() async throws {
        let directory = try TemporaryDirectory()
        let input = try directory.write("in.riv", Inputs.mixed())
        let result = try await RivAssets.run(["list", input], descriptorLimit: 4)
        #expect(result.status == 1)
        #expect(result.stderr == "riv-assets: at least 10 open files are needed; the limit (ulimit -n) is 4\n")
    }
}

/// Memory is the process's: these read the executable's peak resident size.
@Suite("riv-assets memory on files of very many assets")
struct ListingMemoryTests {
    /// A file of `count` referenced images, each a few bytes of object stream.
    static func manyAssets(_ count: Int) -> [UInt8] {
        Inputs.file((0..<count).map { TestAsset.image("a.png", UInt64($0)) })
    }

    @Test("list and list --json of 300,000 assets stay far below what holding the listing would take",
          .disabled(if: AddressSanitizer.isActive, "the address sanitizer's shadow memory and quarantine make resident sizes say nothing"),
          arguments: [false, true])
    func boundedListing(json: Bool) throws {
        let directory = try TemporaryDirectory()
        let path = try directory.write("many.riv", Self.manyAssets(300_000))
        let (status, peakKiB) = try Self.runMeasuringPeak(["list"] + (json ? ["--json"] : []) + [path])
        #expect(status == 0)
        // Holding the listing took over 1 GiB here; streaming keeps the file's assets
        // (72 bytes each) and the runtime: about 70 MiB (more under the address sanitizer).
        #expect(peakKiB < 400 * 1024, "peak \(peakKiB) KiB")
    }

    /// Runs the executable with its output discarded and returns its exit status and
    /// its own peak resident size in KiB. A child's peak as the kernel reports it
    /// includes its parent's at the fork, so the run is started from a small python3
    /// process, whose only child it is, and that process reports it.
    static func runMeasuringPeak(_ arguments: [String]) throws -> (status: Int32, peakKiB: Int) {
        let executable = try #require(RivAssets.executable, "riv-assets is not built")
        let script = """
            import resource, subprocess, sys
            run = subprocess.run(sys.argv[1:], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
            print(run.returncode, resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss)
            """
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", "-c", script, executable.path] + arguments
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        try RivAssets.wait(for: process)
        let fields = text.split(separator: " ").compactMap { Int($0.trimmingCharacters(in: .whitespacesAndNewlines)) }
        try #require(fields.count == 2, "python3 printed: \(text)")
        return (Int32(fields[0]), fields[1])
    }
}

/// A low address-space limit (`ulimit -v`) is the process's too.
@Suite("riv-assets under an address-space limit")
struct AddressSpaceLimitTests {
    @Test("ulimit -v below the sizes of the file and the replacement: list, extract and replace still work",
          .disabled(if: AddressSanitizer.isActive, "the address sanitizer's build cannot run under ulimit -v"))
    func lowAddressSpace() throws {
        let directory = try TemporaryDirectory()
        let magic: [UInt8] = Array(Payload.png(0))
        let input = try directory.write("big.riv", Inputs.file([.image("big.png", 1, magic + [UInt8](repeating: 1, count: 160 << 20))]))
        let replacement = try directory.write("new.png", magic + [UInt8](repeating: 2, count: 200 << 20))
        let limit = "ulimit -v 150000 && exec \"$0\" \"$@\""
        for arguments in [["list", input], ["extract", input, "-o", directory.path("out")],
                          ["replace", input, "--image", "big-1=\(replacement)", "-o", directory.path("new.riv")]] {
            let process = try RivAssets.process([], in: nil)
            process.arguments = ["-c", limit, process.executableURL!.path] + arguments
            process.executableURL = URL(fileURLWithPath: "/bin/sh")
            process.standardOutput = FileHandle.nullDevice
            process.standardError = FileHandle.nullDevice
            try process.run()
            try RivAssets.wait(for: process)
            #expect(process.terminationReason == .exit && process.terminationStatus == 0, "\(arguments[0])")
        }
        #expect(try RivFile(path: directory.path("new.riv")).assets[0].embeddedByteCount == 8 + (200 << 20))
        #expect(FileManager.default.fileExists(atPath: directory.path("out/big-1.png")))
    }
}

/// Paths are the process's working directory's: these run the executable in a folder of their own.
@Suite("riv-assets paths starting with ~")
struct TildePathTests {
    @Test("replace '~/t.riv' --in-place rewrites ./~/t.riv; -o '~daemon/t.riv' never reaches a home folder")
    func tildeIsLiteral() async throws {
        let directory = try TemporaryDirectory()
        let original = Inputs.mixed()
        _ = try directory.write("~/t.riv", original)
        _ = try directory.write("new.png", Payload.png(30, seed: 4))
        let home = FileManager.default.homeDirectoryForCurrentUser.appendingPathComponent("t.riv").path
        let homeExisted = FileManager.default.fileExists(atPath: home)

        let inPlace = try await RivAssets.run(["replace", "~/t.riv", "--image", "logo-12=new.png", "--in-place"], in: directory.url)
        #expect(inPlace.status == 0, "\(inPlace.stderr)")
        #expect(try directory.bytes("~/t.riv") != original)
        #expect(FileManager.default.fileExists(atPath: home) == homeExisted, "wrote into the home folder")

        try directory.folder("~daemon")
        let output = try await RivAssets.run(["replace", "~/t.riv", "--image", "logo-12=new.png", "-o", "~daemon/t.riv"], in: directory.url)
        #expect(output.status == 0, "\(output.stderr)")
        #expect(directory.exists("~daemon/t.riv"))
    }
}

/// Standard input is the process's.
@Suite("riv-assets list -")
struct StandardInputTests {
    @Test("list - reads a .riv from standard input; an empty one is a clear error")
    func listStandardInput() throws {
        let directory = try TemporaryDirectory()
        let path = try directory.write("in.riv", Inputs.mixed())
        for (input, status) in [(path, Int32(0)), ("/dev/null", 1)] {
            let process = try RivAssets.process(["list", "-"])
            process.standardInput = FileHandle(forReadingAtPath: input)
            let result = try RivAssets.finish(process)
            #expect(result.status == status)
            if status == 0 {
                #expect(result.stdout.hasPrefix("-: Rive 7.0") && result.stdout.contains("walle-370"))
            } else {
                #expect(result.stderr == "riv-assets: -: the file is empty\n")
            }
        }
    }

    @Test("replace - with a named replacement reads standard input once: the survey's file is the one rewritten")
    func replaceStandardInput() throws {
        let directory = try TemporaryDirectory()
        let path = try directory.write("in.riv", Inputs.file([.font("Inter", 3, Payload.ttf(40))]))
        let brand = try directory.write("Brand.ttf", Payload.ttf(64, seed: 5))
        let process = try RivAssets.process(["replace", "-", "--font", "Inter-3=\(brand)", "-o", directory.path("out.riv")])
        process.standardInput = FileHandle(forReadingAtPath: path)
        let result = try RivAssets.finish(process)
        #expect(result.status == 0, "\(result.stderr)")
        let replaced = try RivFile(contentsOf: URL(fileURLWithPath: directory.path("out.riv")))
        #expect(replaced.asset(named: "Inter-3")?.embeddedBytes == Data(Payload.ttf(64, seed: 5)))
    }

    @Test("strip - reads standard input once: the plan's reading is the file stripped (a second reading found it empty)")
    func stripStandardInput() throws {
        let directory = try TemporaryDirectory()
        let path = try directory.write("in.riv", Inputs.file([.font("Inter", 3, Payload.ttf(40))]))
        let process = try RivAssets.process(["strip", "-", "--assets-out", directory.path("fonts"), "-o", directory.path("out.riv")])
        process.standardInput = FileHandle(forReadingAtPath: path)
        let result = try RivAssets.finish(process)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(try directory.bytes("fonts/Inter-3.ttf") == Payload.ttf(40))
        #expect(try RivFile(contentsOf: URL(fileURLWithPath: directory.path("out.riv"))).asset(named: "Inter-3")?.location == .referenced)
    }
}

/// Arguments are bytes: a file name that is not valid UTF-8 can only be given through a shell.
@Suite("riv-assets file names that are not UTF-8")
struct RawFileNameTests {
    @Test("a .riv named with a Latin-1 byte is listed and extracted; a note says how it was read")
    func latin1Name() throws {
        let directory = try TemporaryDirectory()
        let bytes = Inputs.mixed()
        let name: [UInt8] = Array("caf".utf8) + [0xE9] + Array(".riv".utf8)
        let path = Array(directory.url.path.utf8) + [0x2F] + name
        let descriptor = (path + [0]).withUnsafeBufferPointer { buffer in
            buffer.baseAddress!.withMemoryRebound(to: CChar.self, capacity: buffer.count) { open($0, O_WRONLY | O_CREAT | O_EXCL, 0o644) }
        }
        try #require(descriptor >= 0)
        _ = bytes.withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
        close(descriptor)
        let executable = try #require(RivAssets.executable)
        for (command, expected) in [("list", "walle-370"), ("extract -o out", "walle-370.jpg"),
                                    ("replace --image logo-12=out/walle-370.jpg --force --in-place", "")] {
            let process = Process()
            process.executableURL = URL(fileURLWithPath: "/bin/sh")
            process.arguments = ["-c", "exec \"$0\" \(command) \"$(printf 'caf\\351.riv')\"", executable.path]
            process.currentDirectoryURL = directory.url
            let result = try RivAssets.finish(process)
            let (text, notes) = (result.stdout, result.stderr)
            guard !command.hasPrefix("replace") else {
                #expect(result.status == 64 && notes.contains("it cannot be rewritten in place"), "\(notes)")
                #expect(directory.entries("").count == 2, "a file of another name was written: \(directory.entries(""))")
                continue
            }
            #expect(result.status == 0, "\(notes)")
            #expect(text.contains(expected), "\(text)")
            #expect(notes.contains("caf\\xe9.riv is not valid UTF-8: it is read as "), "\(notes)")
        }
    }
}
