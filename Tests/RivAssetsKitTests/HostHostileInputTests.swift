import Foundation
import Testing
import RivAssetsKit
import RivFormat
import RivTestSupport

/// `host` and `verify --upload-dir` against what a hostile upload folder or
/// base URL holds: planted manifest entries, bad base URLs, two runs at once,
/// and uploads whose size already says they are wrong.
@Suite("host: hostile folders and base URLs")
struct HostHostileInputTests {
    /// A manifest entry as `host` writes them, for bytes of `count`.
    static func entry(_ contentType: String = "image/png", bytes count: Int = 10) -> [String: Any] {
        ["bytes": count, "contentHash": "0123456789abcdef", "contentType": contentType, "format": "png",
         "uses": [["file": "x.riv", "uniqueName": "x-1"]]]
    }

    /// An upload folder whose manifest holds one good entry (returned) and four planted ones.
    static func plantedFolder(_ sandbox: TemporaryDirectory) throws -> String {
        let good = "0123abcd-0000-4000-8000-00000000000a"
        _ = try sandbox.write("upload/" + good, Array(repeating: 1, count: 10))
        let upper = "0123ABCD-0000-4000-8000-00000000000B"
        _ = try sandbox.write("upload/" + upper, Array(repeating: 1, count: 10))
        let injected = "0123abcd-0000-4000-8000-00000000000c"
        _ = try sandbox.write("upload/" + injected, Array(repeating: 1, count: 10))
        let manifest: [String: Any] = ["schemaVersion": 1, "assets": [
            good: entry(), "../../../../etc/passwd": entry(), upper: entry(),
            injected: entry("image/png\nX-Injected: yes"), "0123abcd-0000-4000-8000-00000000000d": entry(),
        ]]
        _ = try sandbox.write("upload/manifest.json", Array(try JSONSerialization.data(withJSONObject: manifest)))
        return good
    }

    static let plantedKeys = ["../../../../etc/passwd", "0123ABCD-0000-4000-8000-00000000000B",
                              "0123abcd-0000-4000-8000-00000000000c", "0123abcd-0000-4000-8000-00000000000d"]

    @Test("host drops planted manifest entries, says so, and keeps the good one")
    func hostDropsPlantedEntries() throws {
        let sandbox = try TemporaryDirectory()
        let good = try Self.plantedFolder(sandbox)
        let input = try sandbox.write("a.riv", Inputs.file([.image("logo.png", 1, Payload.png(300, seed: 4))]))
        let request = HostRequest(inputs: [.path(input)], baseURL: "https://cdn.example.com/rive", destination: .path(sandbox.path("out.riv")),
                                  uploadFolder: sandbox.path("upload"))
        var dry = request
        dry.rewrite.dryRun = true
        let preview = try AssetOperations.host(dry)
        #expect(preview.droppedManifestEntries.map(\.uuid) == Self.plantedKeys.sorted() && !preview.manifestWritten)
        #expect(preview.outcomeWarnings.allSatisfy { $0.contains("would drop the entry") })

        let result = try AssetOperations.host(request)
        #expect(result.failures.isEmpty && result.manifestWritten)
        #expect(result.droppedManifestEntries.map(\.uuid) == Self.plantedKeys.sorted())
        #expect(result.outcomeWarnings.count == 4 && result.outcomeWarnings[0].contains("dropped the entry \"../../../../etc/passwd\""))
        let written = try JSONDecoder().decode(UploadManifest.self, from: Data(sandbox.bytes("upload/manifest.json")))
        #expect(Set(written.assets.keys) == [good, result.hosted[0].uuid])

        // A rerun finds nothing left to drop and writes nothing.
        var again = request
        again.rewrite.overwrite = true
        let rerun = try AssetOperations.host(again)
        #expect(rerun.droppedManifestEntries.isEmpty && !rerun.manifestWritten)
    }

    @Test("verify --upload-dir reports every planted manifest entry")
    func verifyReportsPlantedEntries() throws {
        let sandbox = try TemporaryDirectory()
        _ = try Self.plantedFolder(sandbox)
        let input = try sandbox.write("a.riv", Inputs.file([.image("logo.png", 1, Payload.png(300, seed: 4))]))
        let result = try AssetOperations.verify(VerifyRequest(inputs: [.path(input)], uploadFolder: sandbox.path("upload")))
        let folder = try #require(result.uploadFolder)
        #expect(folder.findings.map(\.code) == Array(repeating: "upload-manifest-entry-refused", count: 4))
        #expect(zip(folder.findings, Self.plantedKeys.sorted()).allSatisfy { $0.message.contains($1.debugDescription) })
        #expect(result.files.allSatisfy(\.passed) && !result.passed, "the folder's findings fail the run")
    }

    @Test("a manifest that is a pipe or too large refuses the request instead of hanging or filling memory")
    func manifestShapes() throws {
        let sandbox = try TemporaryDirectory()
        try FileManager.default.createDirectory(atPath: sandbox.path("upload/manifest.json"), withIntermediateDirectories: true)
        let input = try sandbox.write("a.riv", Inputs.file([.image("logo.png", 1, Payload.png(300))]))
        let request = HostRequest(inputs: [.path(input)], baseURL: "https://cdn.example.com/rive", destination: .path(sandbox.path("out.riv")),
                                  uploadFolder: sandbox.path("upload"))
        #expect(throws: RequestError.self) { try AssetOperations.host(request) }
        try FileManager.default.removeItem(atPath: sandbox.path("upload/manifest.json"))
        FileManager.default.createFile(atPath: sandbox.path("upload/manifest.json"), contents: nil)
        let handle = try #require(FileHandle(forWritingAtPath: sandbox.path("upload/manifest.json")))
        try handle.truncate(atOffset: 65 << 20)
        try handle.close()
        do {
            _ = try AssetOperations.host(request)
            Issue.record("a 65 MiB manifest was read")
        } catch {
            #expect(error.message.contains("more than the 64 MiB"))
        }
    }

    @Test("host refuses a base URL with user info, query, fragment, whitespace, a bad port or scheme, naming what is wrong",
          arguments: [
              ("https://user:secret@cdn.example.com/rive", "user info"),
              ("https://@cdn.example.com/rive", "user info"),
              ("https://cdn.example.com/rive?v=1", "query"),
              ("https://cdn.example.com/rive?", "query"),
              ("https://cdn.example.com/rive#top", "fragment"),
              ("https://cdn.example.com/ri ve", "a space at character 27"),
              ("https://cdn.example.com/rive\r\nX: y", "a carriage return (U+000D)"),
              ("https://cdn.example.com/rive%0d%0aX", "percent-encodes the control character a carriage return"),
              ("https://cdn.example.com/r%zz", "not followed by two hex digits"),
              ("https://cdn.example.com:99999/rive", "'cdn.example.com:99999' is no HOST or HOST:PORT: the port must be a number from 1 to 65535"),
              ("https://cdn.example.com:0/rive", "'cdn.example.com:0' is no HOST or HOST:PORT: the port must be"),
              ("https://cdn.example.com:8o/rive", "'cdn.example.com:8o' is no HOST or HOST:PORT: the port must be"),
              ("https://cdn.example.com:/rive", "'cdn.example.com:' is no HOST or HOST:PORT: the port must be"),
              ("https://::1:8080/rive", "an IPv6 address goes in brackets"),
              ("https://user:secret@[::1/rive", "the bracket of the IPv6 address is not closed"),
              ("ftp://cdn.example.com/rive", "scheme must be http or https, not \"ftp\""),
              ("https:///rive", "no host"),
              ("https://cdn.exämple.com/rive", "non-ASCII character U+00E4"),
          ])
    func baseURLRefusals(url: String, saying expected: String) throws {
        let sandbox = try TemporaryDirectory()
        let input = try sandbox.write("a.riv", Inputs.file([.image("logo.png", 1, Payload.png(300))]))
        do {
            _ = try AssetOperations.host(HostRequest(inputs: [.path(input)], baseURL: url, destination: .path(sandbox.path("out.riv")),
                                                     uploadFolder: sandbox.path("upload")))
            Issue.record("\(url.debugDescription) was accepted")
        } catch {
            #expect(error.message.contains(expected), "\(error.message)")
            #expect(!error.message.contains("secret"), "the password is never echoed")
        }
        #expect(!FileManager.default.fileExists(atPath: sandbox.path("upload")), "nothing was written")
    }

    @Test("host takes http and https base URLs with a host, an IPv6 literal and a port up to 65535",
          arguments: ["https://cdn.example.com/rive", "http://[::1]:8080/rive/", "HTTPS://CDN.example.com:65535", "https://cdn.example.com/a%20b"])
    func baseURLsAccepted(url: String) throws {
        let sandbox = try TemporaryDirectory()
        let input = try sandbox.write("a.riv", Inputs.file([.image("logo.png", 1, Payload.png(300))]))
        let result = try AssetOperations.host(HostRequest(inputs: [.path(input)], baseURL: url, destination: .path(sandbox.path("out.riv")),
                                                          uploadFolder: sandbox.path("upload")))
        #expect(result.failures.isEmpty && result.hosted.count == 1)
    }

    @Test("two host runs into one upload folder at once lose no manifest entry and no use")
    func concurrentRunsKeepEveryEntry() throws {
        let sandbox = try TemporaryDirectory()
        let shared = Payload.png(400, seed: 99)
        let perRun = 12
        var requests: [HostRequest] = []
        for run in 0..<2 {
            var inputs: [String] = []
            for index in 0..<perRun {
                let seed = UInt8(run * perRun + index)
                inputs.append(try sandbox.write("run\(run)/f\(index).riv",
                                                Inputs.file([.image("own.png", 1, Payload.png(300, seed: seed)), .image("shared.png", 2, shared)])))
            }
            requests.append(HostRequest(inputs: inputs.map(RequestInput.path), baseURL: "https://cdn.example.com/rive", destination: .path(sandbox.path("out\(run)/")),
                                        uploadFolder: sandbox.path("upload")))
        }
        let results = Results()
        let runs = requests
        DispatchQueue.concurrentPerform(iterations: 2) { run in
            results.add(try? AssetOperations.host(runs[run]))
        }
        let finished = results.all
        #expect(finished.count == 2 && finished.allSatisfy { $0.failures.isEmpty })
        let manifest = try JSONDecoder().decode(UploadManifest.self, from: Data(sandbox.bytes("upload/manifest.json")))
        #expect(manifest.assets.count == 2 * perRun + 1, "every run's own upload, and the shared one")
        let uses = manifest.assets.values.reduce(0) { $0 + $1.uses.count }
        #expect(uses == 2 * perRun * 2, "two uses per input survive")
        let sharedUUID = ContentUUID.make(contentHash: XXH64.hash(shared), byteCount: shared.count).uuidString.lowercased()
        #expect(manifest.assets[sharedUUID]?.uses.count == 2 * perRun)
        #expect(Set(sandbox.entries("upload")) == Set(manifest.assets.keys).union([UploadManifest.fileName, "manifest.lock"]))
    }

    /// A hosted file whose one upload is then made a sparse 4 GiB file.
    static func sparseUpload(_ sandbox: TemporaryDirectory, uuids: HostRequest.UUIDChoice) throws -> (hosted: String, upload: String) {
        let input = try sandbox.write("a.riv", Inputs.file([.image("logo.png", 1, Payload.png(900, seed: 5)), .font("Inter.ttf", 2, Payload.ttf(700))]))
        let result = try AssetOperations.host(HostRequest(inputs: [.path(input)], baseURL: "https://cdn.example.com/rive", destination: .path(sandbox.path("h.riv")),
                                                          uploadFolder: sandbox.path("upload"), uuids: uuids))
        let upload = result.hosted[0].file
        let handle = try #require(FileHandle(forWritingAtPath: upload))
        try handle.truncate(atOffset: 4 << 30)
        try handle.close()
        return (sandbox.path("h.riv"), upload)
    }

    @Test("verify --upload-dir compares an upload's size with the manifest before reading it: a 4 GiB sparse file is never hashed")
    func wrongSizeIsNotRead() throws {
        let sandbox = try TemporaryDirectory()
        let (hosted, upload) = try Self.sparseUpload(sandbox, uuids: .random)
        let result = try AssetOperations.verify(VerifyRequest(inputs: [.path(hosted)], uploadFolder: sandbox.path("upload")))
        let findings = result.files[0].findings
        #expect(findings.map(\.code) == ["asset-upload-changed"] && findings[0].message.contains("\(upload) holds \(4 << 30) bytes, the manifest records \(Payload.png(900, seed: 5).count) bytes (not read)"))
        #expect(result.uploadFolder?.hashedFiles == 1 && result.uploadFolder?.hashedBytes == Payload.ttf(700).count, "only the font was read")
    }

    @Test("without a manifest, a content uuid's size, and the asset size limit, keep a 4 GiB sparse upload from being read")
    func sizeFromUUIDAndLimit() throws {
        let sandbox = try TemporaryDirectory()
        let (hosted, _) = try Self.sparseUpload(sandbox, uuids: .content)
        try FileManager.default.removeItem(atPath: sandbox.path("upload/manifest.json"))
        let byUUID = try AssetOperations.verify(VerifyRequest(inputs: [.path(hosted)], uploadFolder: sandbox.path("upload")))
        #expect(byUUID.files[0].findings.map(\.code) == ["asset-upload-changed"])
        #expect(byUUID.files[0].findings[0].message.contains("its content uuid says \(Payload.png(900, seed: 5).count) bytes (not read)"))
        #expect(byUUID.uploadFolder?.hashedFiles == 1)

        let random = try TemporaryDirectory()
        let (other, _) = try Self.sparseUpload(random, uuids: .random)
        try FileManager.default.removeItem(atPath: random.path("upload/manifest.json"))
        let limited = try AssetOperations.verify(VerifyRequest(inputs: [.path(other)], uploadFolder: random.path("upload"), maxAssetSize: 1 << 20))
        #expect(limited.files[0].findings.map(\.code) == ["asset-too-large"] && limited.files[0].findings[0].message.contains("(not read)"))
        #expect(limited.uploadFolder?.hashedFiles == 1 && limited.uploadFolder?.hashedBytes == Payload.ttf(700).count)
    }

    @Test("README's upload recipes upload only the uuids the manifest vouches for, with content types from the fixed list",
          .enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/jq") || FileManager.default.isExecutableFile(atPath: "/usr/local/bin/jq"),
                   "jq is not installed: the README recipe cannot be run"))
    func readmeRecipeIgnoresPlantedEntries() throws {
        let sandbox = try TemporaryDirectory()
        let good = try Self.plantedFolder(sandbox)
        try FileManager.default.createSymbolicLink(atPath: sandbox.path("upload/0123abcd-0000-4000-8000-00000000000e"), withDestinationPath: "/etc/passwd")
        let readme = try String(contentsOf: URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../../README.md"), encoding: .utf8)
        let copy = try #require(readme.range(of: "aws s3 cp"))
        let start = try #require(readme.range(of: "```sh\n", options: .backwards, range: readme.startIndex..<copy.lowerBound))
        let end = try #require(readme.range(of: "```", range: copy.upperBound..<readme.endIndex))
        let recipe = String(readme[start.upperBound..<end.lowerBound])
        // Stand-ins for the upload tools, recording their arguments one per line.
        for tool in ["aws", "gsutil", "rsync"] {
            let path = try sandbox.write("bin/" + tool, Array("#!/bin/sh\nfor a in \"$@\"; do printf '%s\\n' \"$a\"; done >> \"$LOG\"; echo ---- >> \"$LOG\"\n".utf8))
            try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: path)
        }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/bash")
        process.arguments = ["-c", recipe]
        process.currentDirectoryURL = URL(fileURLWithPath: sandbox.path(""))
        process.environment = ["PATH": sandbox.path("bin") + ":/usr/bin:/bin:/usr/local/bin", "LOG": sandbox.path("log")]
        try process.run()
        process.waitUntilExit()
        #expect(process.terminationStatus == 0)
        let calls = try String(contentsOfFile: sandbox.path("log"), encoding: .utf8).components(separatedBy: "----\n").map { $0.split(separator: "\n").map(String.init) }
        let copies = calls.filter { $0.starts(with: ["s3", "cp"]) || $0.first == "setmeta" }
        #expect(copies.count == 2, "one S3 copy and one GCS content type, both for the good entry: \(calls)")
        #expect(copies.allSatisfy { call in call.contains { $0.hasSuffix(good) } && call.contains { $0.contains("image/png") } })
        let all = calls.joined().joined(separator: "\n")
        #expect(!all.contains("passwd") && !all.contains("X-Injected") && !all.contains("0123ABCD") && !all.contains("00000000000c"))
        let syncs = calls.filter { $0.starts(with: ["s3", "sync"]) || $0.contains("rsync") || $0.first == "-av" }
        #expect(syncs.count == 3 && syncs.allSatisfy { call in call.contains { ["--no-follow-symlinks", "-e", "--no-links"].contains($0) } },
                "every sync leaves links alone: \(syncs)")
    }
}

/// The results of runs on several threads.
private final class Results: @unchecked Sendable {
    private let lock = NSLock()
    private var results: [HostResult] = []

    func add(_ result: HostResult?) {
        lock.lock()
        if let result { results.append(result) }
        lock.unlock()
    }

    var all: [HostResult] {
        lock.lock()
        defer { lock.unlock() }
        return results
    }
}
