import Foundation
import Testing
import RivTestSupport
import RivTestTags
@testable import RivFormat

/// Large files are read through a small `pread` window, kept open, and mapped only
/// when their bytes are asked for. These tests hold that reading to the in-memory
/// reader's results byte for byte, and check what happens around the mapping.
@Suite("Reading large files through a window")
struct WindowedReadingTests {
    /// Everything a reader reports about a file, as comparable text.
    static func summary(_ file: RivFile) -> [String] {
        var lines = ["\(file.header)", "objects \(file.objectCount)", "problems \(file.problems.map(\.description))"]
        for asset in file.assets {
            let fields: [Any?] = [asset.name, asset.assetID, asset.storedAssetID, asset.type, asset.recordRange,
                                  asset.cdn, asset.width, asset.height, asset.contentsRecordRange, asset.embeddedRange,
                                  asset.signatureRange, asset.contentsRecordCount, asset.problems.map(\.description),
                                  asset.detectedFormat]
            lines.append(fields.map { String(describing: $0) }.joined(separator: " | "))
        }
        return lines
    }

    /// The file read into memory, or its error.
    static func inMemory(_ path: String) -> Result<[String], RivError> {
        Result { () throws(RivError) in summary(try RivFile(path: path, mappingThreshold: .max, windowCapacity: 0)) }
    }

    /// The file read through a window of `capacity` bytes, or its error.
    static func windowed(_ path: String, capacity: Int) -> Result<[String], RivError> {
        Result { () throws(RivError) in summary(try RivFile(path: path, mappingThreshold: 0, windowCapacity: capacity)) }
    }

    /// A file of `size` bytes holding one embedded PNG asset, written to `folder`.
    static func largeFile(in folder: URL, payloadSize: Int = 4 << 20) throws -> (url: URL, payload: [UInt8]) {
        var payload = Payload.Minimal.png + [UInt8](repeating: 0, count: payloadSize)
        for index in stride(from: Payload.Minimal.png.count, to: payload.count, by: 4093) { payload[index] = UInt8(truncatingIfNeeded: index) }
        let url = folder.appendingPathComponent("large.riv")
        try Data(EditFixture.file([EditFixture.asset(105, "large.png", id: 1), EditFixture.contents(payload)])).write(to: url)
        return (url, payload)
    }

    #if os(Linux)
    /// The whole text of a `/proc` file. (`String(contentsOfFile:)` stops after one
    /// read there, since such files report a size of 0; under the thread sanitizer
    /// `/proc/self/maps` is longer than that read.)
    static func procText(_ path: String) throws -> String {
        String(decoding: try FileHandle(forReadingFrom: URL(fileURLWithPath: path)).readToEnd() ?? Data(), as: UTF8.self)
    }

    /// The lines of `/proc/self/maps` that map `path`.
    static func mappings(of path: String) throws -> [Substring] {
        try procText("/proc/self/maps").split(separator: "\n").filter { $0.hasSuffix(path) }
    }

    /// How many descriptors of this process are open on `path`.
    static func openDescriptors(on path: String) throws -> Int {
        try FileManager.default.contentsOfDirectory(atPath: "/proc/self/fd").filter { name in
            (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/fd/" + name)) == path
        }.count
    }

    /// The bytes this thread has read with read and pread so far (`rchar`).
    static func bytesReadByThisThread() throws -> Int {
        let text = try procText("/proc/thread-self/io")
        let line = try #require(text.split(separator: "\n").first { $0.hasPrefix("rchar:") })
        return try #require(Int(line.dropFirst("rchar:".count).trimmingCharacters(in: .whitespaces)))
    }
    #endif

    @Test("every corpus file and fixture reads the same through windows of 13, 256 and 64 KiB bytes as from memory",
          .tags(.corpus), .enabled(if: SharedData.isPresent, "\(SharedData.skipMessage)"))
    func corpusReadsTheSame() throws {
        let fixtures = try FileManager.default.contentsOfDirectory(atPath: FixtureTests.directory.path)
            .filter { $0.hasSuffix(".riv") }.map { FixtureTests.directory.appendingPathComponent($0) }
        var compared = 0
        for url in SharedData.corpusFiles() + fixtures {
            let expected = Self.inMemory(url.path)
            #expect(throws: Never.self, "\(url.lastPathComponent)") { try expected.get() }
            for capacity in [13, 256, FileWindow.defaultCapacity] {
                #expect(Self.windowed(url.path, capacity: capacity) == expected, "\(url.lastPathComponent), window \(capacity)")
                compared += 1
            }
        }
        #expect(compared > 600)
    }

    @Test("truncated and corrupted files fail at the same offset with the same message through a window")
    func failuresMatch() throws {
        try EditFixture.withFolder { folder in
            let original = EditFixture.mixed
            var variants = (0..<original.count).map { Array(original.prefix($0)) }
            var generator = SystemRandomNumberGenerator()
            for _ in 0..<300 {
                var corrupted = original
                for _ in 0..<Int.random(in: 1...3, using: &generator) {
                    corrupted[Int.random(in: 0..<corrupted.count, using: &generator)] = UInt8.random(in: 0...255, using: &generator)
                }
                variants.append(corrupted)
            }
            let url = folder.appendingPathComponent("variant.riv")
            var failures = 0
            for variant in variants {
                try Data(variant).write(to: url)
                let expected = Self.inMemory(url.path)
                if case .failure = expected { failures += 1 }
                for capacity in [1, 5, 64] {
                    #expect(Self.windowed(url.path, capacity: capacity) == expected, "\(variant.count) bytes, window \(capacity)")
                }
            }
            #expect(failures > original.count / 2, "most variants should fail to read")
        }
    }

    @Test("a name, uuid and base URL longer than the window are read whole")
    func valuesLargerThanTheWindow() throws {
        try EditFixture.withFolder { folder in
            let name = String(repeating: "long-name-", count: 500) + ".png"
            let bytes = EditFixture.file([
                EditFixture.asset(105, name, id: 7, cdnUUID: EditFixture.cdnUUID, baseURL: "https://" + String(repeating: "x", count: 300)),
            ])
            let url = folder.appendingPathComponent("long.riv")
            try Data(bytes).write(to: url)
            let file = try RivFile(path: url.path, mappingThreshold: 0, windowCapacity: 64)
            #expect(file.assets.first?.name == name)
            #expect(file.assets.first?.cdn?.baseURL.count == 308)
            #expect(Self.windowed(url.path, capacity: 64) == Self.inMemory(url.path))
        }
    }

    #if os(Linux)
    @Test("listing a large file reads a few KiB and maps nothing; asking for its bytes maps it and closes the descriptor")
    func listingDoesNotMap() throws {
        try EditFixture.withFolder { folder in
            let (url, payload) = try Self.largeFile(in: folder)
            let before = try Self.bytesReadByThisThread()
            let file = try RivFile(contentsOf: url)
            let read = try Self.bytesReadByThisThread() - before
            #expect(read < 64 << 10, "listing read \(read) bytes of a \(file.byteCount)-byte file")
            #expect(file.assets.first?.detectedFormat == .png)
            #expect(try Self.mappings(of: url.path).isEmpty)
            #expect(try Self.openDescriptors(on: url.path) == 1)

            #expect(file.assets.first?.embeddedBytes == Data(payload))
            let mapped = try Self.mappings(of: url.path)
            let descriptors = try Self.openDescriptors(on: url.path)
            withExtendedLifetime(file) {}
            #expect(!mapped.isEmpty)
            #expect(descriptors == 0)
        }
    }

    @Test("many threads asking at once for the bytes of one unmapped file all get them, from one mapping")
    func concurrentFirstUse() throws {
        try EditFixture.withFolder { folder in
            let (url, payload) = try Self.largeFile(in: folder, payloadSize: 1 << 20)
            let file = try RivFile(contentsOf: url)
            let expected = payload.withUnsafeBytes { XXH64.hash($0) }
            let hashes = UnsafeMutableBufferPointer<UInt64>.allocate(capacity: 64)
            defer { hashes.deallocate() }
            let slots = UncheckedSlots(hashes)
            DispatchQueue.concurrentPerform(iterations: 64) { index in
                slots.buffer[index] = index % 2 == 0 ? file.assets[0].contentHash : file.assets[0].withEmbeddedBytes { XXH64.hash($0) }
            }
            #expect(hashes.allSatisfy { $0 == expected })
            let mapped = try Self.mappings(of: url.path)
            withExtendedLifetime(file) {}
            #expect(mapped.count == 1, "\(mapped)")
        }
    }

    @Test("a file released before its bytes are needed closes its descriptor")
    func releaseClosesTheDescriptor() throws {
        try EditFixture.withFolder { folder in
            let (url, _) = try Self.largeFile(in: folder, payloadSize: 100_000)
            do {
                let file = try RivFile(contentsOf: url)
                let descriptors = try Self.openDescriptors(on: url.path)
                withExtendedLifetime(file) {}
                #expect(descriptors == 1)
            }
            #expect(try Self.openDescriptors(on: url.path) == 0)
            #expect(try Self.mappings(of: url.path).isEmpty)
        }
    }
    #endif

    @Test("a file replaced by a rename after it was read still gives the bytes that were read")
    func renamedOverStillReadsTheOriginal() throws {
        try EditFixture.withFolder { folder in
            let (url, payload) = try Self.largeFile(in: folder)
            let file = try RivFile(contentsOf: url)
            let replacement = folder.appendingPathComponent("other.riv")
            try Data(EditFixture.mixed).write(to: replacement)
            #expect(rename(replacement.path, url.path) == 0)

            #expect(file.assets[0].embeddedBytes == Data(payload))
            let extracted = folder.appendingPathComponent("large.png")
            try file.assets[0].writeEmbeddedBytes(to: extracted)
            #expect(try Data(contentsOf: extracted) == Data(payload))
        }
    }

    @Test("a file modified in place before its bytes are needed: rewrite and extraction refuse it, reading does not crash")
    func modifiedInPlaceIsRefused() throws {
        try EditFixture.withFolder { folder in
            let (url, payload) = try Self.largeFile(in: folder)
            let file = try RivFile(contentsOf: url)
            let handle = try FileHandle(forWritingTo: url)
            try handle.seek(toOffset: UInt64(file.byteCount - 1000))
            try handle.write(contentsOf: Data(repeating: 0xEE, count: 10))
            try handle.close()

            #expect(file.assets[0].embeddedByteCount == payload.count)
            #expect(file.assets[0].embeddedBytes?.count == payload.count)
            #expect(throws: RivEditError.sourceChanged(path: url.path)) {
                try file.assets[0].writeEmbeddedBytes(to: folder.appendingPathComponent("out.png"))
            }
            var editor = RivEditor(file)
            try editor.embed(Data(Payload.Minimal.jpeg), in: file.assets[0])
            #expect(throws: RivEditError.sourceChanged(path: url.path)) { try editor.write(to: folder.appendingPathComponent("out.riv")) }
            #expect(try EditFixture.temporaryFiles(in: folder).isEmpty)
            #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("out.riv").path))
        }
    }

    @Test("a file that shrinks while it is being read fails with an error that says so, where the bytes ran out")
    func shrinksDuringTheRead() throws {
        try EditFixture.withFolder { folder in
            let (url, _) = try Self.largeFile(in: folder)
            let payloadEnd = try #require(try RivFile(bytes: Data(contentsOf: url)).assets.first?.embeddedRange?.upperBound)
            let storage = try ByteStorage.open(path: url.path)
            #expect(truncate(url.path, 100_000) == 0)
            var reader = storage.makeReader(windowCapacity: 4096)
            let header = try RivHeader(reading: &reader)
            // The payload is skipped unread; the load just past it finds the file ended.
            let error = #expect(throws: RivError.self) { try AssetScanner.scan(reader: reader, storage: storage, header: header) }
            #expect(error?.reason == .unreadable(reason: "the file shrank while it was read"))
            #expect(error?.offset == payloadEnd)
            #expect(error?.reading.contains("FileAssetContents") == true, "\(String(describing: error?.reading))")
        }
    }

    @Test("a file written in place whose modification time is then set back is still found changed")
    func modificationTimeSetBack() throws {
        try EditFixture.withFolder { folder in
            let (url, _) = try Self.largeFile(in: folder)
            let modified = try #require(try FileManager.default.attributesOfItem(atPath: url.path)[.modificationDate] as? Date)
            let file = try RivFile(contentsOf: url)
            let handle = try FileHandle(forWritingTo: url)
            try handle.seek(toOffset: UInt64(file.byteCount - 1000))
            try handle.write(contentsOf: Data([0xEE]))
            try handle.close()
            try FileManager.default.setAttributes([.modificationDate: modified], ofItemAtPath: url.path)

            #expect(throws: RivEditError.sourceChanged(path: url.path)) {
                try file.assets[0].writeEmbeddedBytes(to: folder.appendingPathComponent("out.png"))
            }
        }
    }

    @Test("a file truncated in place before its bytes are needed reads as zeros past its new end, never a crash")
    func truncatedInPlaceReadsZeros() throws {
        try EditFixture.withFolder { folder in
            let (url, payload) = try Self.largeFile(in: folder)
            let file = try RivFile(contentsOf: url)
            #expect(truncate(url.path, 4096) == 0)

            let range = try #require(file.assets[0].embeddedRange)
            let bytes = try #require(file.assets[0].embeddedBytes)
            let kept = 4096 - range.lowerBound
            #expect(bytes.prefix(kept) == Data(payload.prefix(kept)))
            #expect(bytes.dropFirst(kept).allSatisfy { $0 == 0 })
            _ = file.assets[0].contentHash
            #expect(throws: RivEditError.sourceChanged(path: url.path)) {
                try file.assets[0].writeEmbeddedBytes(to: folder.appendingPathComponent("out.png"))
            }
        }
    }
}

/// One result slot per concurrent iteration; each iteration writes only its own slot.
private struct UncheckedSlots: @unchecked Sendable {
    let buffer: UnsafeMutableBufferPointer<UInt64>

    init(_ buffer: UnsafeMutableBufferPointer<UInt64>) {
        self.buffer = buffer
    }
}
