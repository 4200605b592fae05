import Foundation
import Testing
import RivFormat
#if canImport(Glibc)
import Glibc
#endif

// Helpers shared by the extract, replace, strip and fault tests: asset payloads
// with real magic numbers, .riv files built from a list of assets, and looks at
// what a run left on disk.

/// Asset bytes that start with their format's magic number, followed by a
/// deterministic filler so that two payloads of one format differ.
enum Payload {
    static func png(_ count: Int = 64, seed: UInt8 = 0) -> [UInt8] {
        [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] + filler(count, seed)
    }

    static func jpeg(_ count: Int = 64, seed: UInt8 = 0) -> [UInt8] {
        [0xFF, 0xD8, 0xFF, 0xE0] + filler(count, seed)
    }

    static func ttf(_ count: Int = 64, seed: UInt8 = 0) -> [UInt8] {
        [0x00, 0x01, 0x00, 0x00] + filler(count, seed)
    }

    static func wav(_ count: Int = 64, seed: UInt8 = 0) -> [UInt8] {
        let size = UInt32(4 + count)
        return Array("RIFF".utf8) + withUnsafeBytes(of: size.littleEndian, Array.init) + Array("WAVE".utf8) + filler(count, seed)
    }

    static func luaBytecode(_ count: Int = 64, seed: UInt8 = 0) -> [UInt8] {
        [0x1B, 0x4C, 0x75, 0x61] + filler(count, seed)
    }

    static func filler(_ count: Int, _ seed: UInt8) -> [UInt8] {
        (0..<count).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ Int(seed) &* 7 &+ 3) }
    }
}

/// One file asset record (and its contents record when it has bytes) to put in a test input.
struct TestAsset {
    var typeKey: UInt16
    var name: String
    var id: UInt64
    var bytes: [UInt8]?
    var cdnUUID: [UInt8]?

    static func image(_ name: String, _ id: UInt64, _ bytes: [UInt8]? = nil, cdnUUID: [UInt8]? = nil) -> TestAsset {
        TestAsset(typeKey: 105, name: name, id: id, bytes: bytes, cdnUUID: cdnUUID)
    }

    static func font(_ name: String, _ id: UInt64, _ bytes: [UInt8]? = nil) -> TestAsset {
        TestAsset(typeKey: 141, name: name, id: id, bytes: bytes)
    }

    static func audio(_ name: String, _ id: UInt64, _ bytes: [UInt8]? = nil) -> TestAsset {
        TestAsset(typeKey: 406, name: name, id: id, bytes: bytes)
    }

    static func script(_ name: String, _ id: UInt64, _ bytes: [UInt8]? = nil) -> TestAsset {
        TestAsset(typeKey: 529, name: name, id: id, bytes: bytes)
    }
}

extension Inputs {
    /// A Backboard, an Artboard, then each asset record followed by a contents record
    /// `106, 212 bytes, 0` when it has bytes. The ToC lists 212, as editor exports with
    /// embedded assets do, so that strip then embed gives back the file byte for byte.
    static func file(_ assets: [TestAsset], fileID: UInt64 = 7) -> [UInt8] {
        var encoder = RivEncoder(fileID: fileID, tableOfContents: [.init(key: 212, fieldType: .bytes)])
        encoder.appendObject(typeKey: 23, properties: [])
        encoder.appendObject(typeKey: 1, properties: [])
        for asset in assets {
            var properties: [(key: UInt16, value: PropertyValue)] = [(203, .string(asset.name)), (204, .uint(asset.id))]
            if let uuid = asset.cdnUUID {
                properties += [(359, .bytes(uuid)), (362, .string("https://cdn.example.com"))]
            }
            encoder.appendObject(typeKey: asset.typeKey, properties: properties)
            if let bytes = asset.bytes { encoder.appendObject(typeKey: 106, properties: [(212, .bytes(bytes))]) }
        }
        return encoder.bytes
    }

    /// The payloads of the mixed input's embedded assets, by unique name.
    static let mixedPayloads: [String: [UInt8]] = [
        "walle-370": Payload.jpeg(300), "logo-12": Payload.png(200), "Inter-5": Payload.ttf(500),
        "beep-7": Payload.wav(400), "main-0": Payload.luaBytecode(50),
    ]

    /// One embedded asset of each kind (a JPEG in an ImageAsset, a PNG, a TTF font, a WAV
    /// and a Lua script), then a referenced image `ref-20` and a CDN-hosted image `cloud-21`.
    static func mixed() -> [UInt8] {
        file([
            .image("walle.jpg", 370, mixedPayloads["walle-370"]),
            .image("logo.png", 12, mixedPayloads["logo-12"]),
            .font("Inter.ttf", 5, mixedPayloads["Inter-5"]),
            .audio("beep.wav", 7, mixedPayloads["beep-7"]),
            .script("main.lua", 0, mixedPayloads["main-0"]),
            .image("ref.png", 20),
            .image("cloud.png", 21, cdnUUID: Array(0..<16)),
        ])
    }
}

extension TemporaryDirectory {
    /// The absolute path of `relative` inside the directory (which need not exist).
    func path(_ relative: String) -> String {
        url.appendingPathComponent(relative).path
    }

    /// Creates the folder `relative` (and its parents) and returns its path.
    @discardableResult
    func folder(_ relative: String) throws -> String {
        try FileManager.default.createDirectory(atPath: path(relative), withIntermediateDirectories: true)
        return path(relative)
    }

    /// The bytes of `relative`.
    func bytes(_ relative: String) throws -> [UInt8] {
        Array(try Data(contentsOf: url.appendingPathComponent(relative)))
    }

    /// Every entry below the directory (files, folders, links, hidden ones too), as sorted relative paths.
    func tree() -> [String] {
        (FileManager.default.enumerator(atPath: url.path)?.allObjects as? [String] ?? []).sorted()
    }

    /// The entries of `relative` (a folder), sorted, hidden ones too.
    func entries(_ relative: String) -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: path(relative))) ?? []).sorted()
    }

    /// Whether something (a file, a folder, even a dangling link) is at `relative`.
    func exists(_ relative: String) -> Bool {
        (try? FileManager.default.attributesOfItem(atPath: path(relative))) != nil
    }
}

/// Asset names no file name may be taken from as they are: each would steer a write out
/// of the output folder, hide the file, or name a device, were it not made safe.
enum HostileNames {
    static let all = [
        "../../evil.png", "a/b.png", ".hidden.png", "CON.png", "NUL.tar.png", "new\nline\u{0}x\u{1B}.png",
        "back\\slash:colon.png", "..", "/etc/passwd", "", "\u{7F}del\u{85}.png",
    ]

    /// Checks that a run wrote `count` files straight into `folder` (relative to `sandbox`)
    /// and nothing else anywhere below `sandbox` since its tree was `before`, each under a
    /// safe name; returns the names.
    static func expectConfined(in sandbox: TemporaryDirectory, folder: String, before: [String], count: Int,
                               sourceLocation: SourceLocation = #_sourceLocation) -> [String] {
        let written = sandbox.entries(folder)
        #expect(written.count == count, "\(written)", sourceLocation: sourceLocation)
        #expect(Set(sandbox.tree()) == Set(before + [folder] + written.map { folder + "/" + $0 }),
                "something was written outside \(folder):\n\(sandbox.tree())", sourceLocation: sourceLocation)
        for name in written {
            let control = name.unicodeScalars.contains { $0.value < 0x20 || $0.value == 0x7F || (0x80...0x9F).contains($0.value) }
            let stem = name.split(separator: ".").first.map { $0.uppercased() } ?? ""
            #expect(!name.hasPrefix(".") && !control && !name.contains("/") && !name.contains("\\") && !name.contains(":")
                    && !["CON", "NUL", "PRN", "AUX"].contains(stem), "unsafe name \(name.debugDescription)", sourceLocation: sourceLocation)
        }
        return written
    }
}

/// Checks that `result` is a usage error of `command`: status 64, nothing on standard
/// output, one line on standard error that names the command and says `message`.
func expectUsageError(_ result: RivAssets.Result, of command: String, saying message: String,
                      sourceLocation: SourceLocation = #_sourceLocation) {
    #expect(result.status == 64, sourceLocation: sourceLocation)
    #expect(result.stdout.isEmpty, sourceLocation: sourceLocation)
    #expect(errorLines(result).count == 1 && result.stderr.hasPrefix("riv-assets \(command): ") && result.stderr.contains(message),
            "\(result.stderr)", sourceLocation: sourceLocation)
}

/// Parses standard output as one JSON object.
func jsonObject(_ text: String) throws -> [String: Any] {
    try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any], "not a JSON object: \(text)")
}

/// The lines a run wrote to standard error.
func errorLines(_ result: RivAssets.Result) -> [String] {
    result.stderr.split(separator: "\n", omittingEmptySubsequences: false).dropLast().map(String.init)
}

extension RivAssets {
    /// Starts the executable with `arguments`, its output discarded and no signal blocked.
    static func start(_ arguments: [String]) throws -> Process {
        let process = try process(arguments)
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.runWithSignalsUnblocked()
        return process
    }

    /// Sends `signal` to `process` if it is still running, then waits for it to end.
    static func stop(_ process: Process, with signal: Int32) throws {
        if process.isRunning { kill(process.processIdentifier, signal) }
        try wait(for: process)
    }
}

extension Process {
    /// Starts the process with no signal blocked, as a shell would. `run()` alone passes
    /// on the calling thread's signal mask, and the threads tests run on block SIGINT,
    /// SIGTERM, SIGXFSZ and most other signals; a child started from them would never
    /// see those signals the way it does when a user runs it.
    func runWithSignalsUnblocked() throws {
        var none = sigset_t()
        var saved = sigset_t()
        sigemptyset(&none)
        pthread_sigmask(SIG_SETMASK, &none, &saved)
        defer { pthread_sigmask(SIG_SETMASK, &saved, nil) }
        try run()
    }
}
