#if canImport(Glibc)
import Glibc
#endif
import Foundation
import Testing
import RivTestSupport
@testable import RivFormat

/// Deterministic adversarial input, the companion of the fuzzer in `Fuzz/`.
///
/// The fixtures and a sample of corpus files are cut at every byte, flipped at
/// fixed-seed positions, and given inflated length prefixes, overlong varuints and
/// keys over 65535; then files are built at scale: a table of contents with a
/// million keys, ten million empty objects, a 10 MB asset name, a million contents
/// records behind one asset (a hundredth of each under the address sanitizer:
/// ``AddressSanitizer/scaled(_:)``). Each input must end in a `RivFile` or in a `RivError`
/// that names an offset inside the input; a file that reads must write back
/// unchanged, and survive strip-then-embed and embedding new bytes. The inputs the
/// fuzzer found live in `Fuzz/regressions/` and are replayed here.
@Suite("Adversarial input")
struct AdversarialTests {
    // MARK: - Mutations of real files

    @Test("every truncation point of the fixtures and of small corpus files ends in success or a truncation error inside the cut")
    func everyTruncationPoint() throws {
        let files = AdversarialSamples.fixtures() + AdversarialSamples.smallCorpusFiles()
        #expect(!files.isEmpty)
        var cuts = 0
        var readable = 0
        for sample in files {
            for cut in 0..<sample.bytes.count {
                let prefix = Array(sample.bytes[..<cut])
                cuts += 1
                switch AdversarialCheck.read(prefix, "\(sample.name) cut at \(cut)") {
                case .success(let file):
                    readable += 1
                    AdversarialCheck.verifyUnchangedRoundTrip(file, prefix, "\(sample.name) cut at \(cut)")
                case .failure(let error):
                    switch error.reason {
                    case .emptyFile, .truncated, .lengthPastEnd: break
                    default: Issue.record("\(sample.name) cut at \(cut): \(error) is not a truncation error")
                    }
                }
            }
        }
        print("truncation: \(cuts) cuts of \(files.count) files, \(readable) read (cut at an object boundary)")
    }

    @Test("fixed-seed byte flips end in success or a typed error, and a file that still reads survives editing")
    func byteFlips() throws {
        var random = AdversarialRandom(seed: 0xF11B)
        var flips = 0
        var readable = 0
        for sample in AdversarialSamples.fixtures() + AdversarialSamples.corpusSample() {
            let count = sample.bytes.count <= 4096 ? 200 : 24
            for _ in 0..<count {
                var bytes = sample.bytes
                let position = random.below(bytes.count)
                let before = bytes[position]
                bytes[position] = random.below(2) == 0 ? before ^ (1 << UInt8(random.below(8))) : UInt8(random.below(256))
                flips += 1
                let label = "\(sample.name) with byte \(position) \(before) -> \(bytes[position])"
                if case .success(let file) = AdversarialCheck.read(bytes, label) {
                    readable += 1
                    AdversarialCheck.verifyEdits(file, bytes, label)
                }
            }
        }
        print("byte flips: \(flips) flipped files, \(readable) still read")
    }

    @Test("a length prefix inflated to 2^32, 2^60 or 2^64 - 1 is a length-past-end error at the prefix")
    func inflatedLengthPrefixes() throws {
        var checked = 0
        for sample in AdversarialSamples.fixtures() + AdversarialSamples.corpusSample() {
            let file = try RivFile(bytes: sample.bytes)
            let properties = AdversarialSamples.spread(file.objects.flatMap(\.properties).filter { $0.fieldType == .bytes }, count: 64)
            for property in properties {
                let prefixStart = property.offset + AdversarialEncoding.encodedLength(at: property.offset, in: sample.bytes)
                for length: UInt64 in [1 << 32, 1 << 60, .max] {
                    let inflated = AdversarialEncoding.varUInt(length)
                    let bytes = Array(sample.bytes[..<prefixStart]) + inflated + Array(sample.bytes[property.valueRange.lowerBound...])
                    let available = bytes.count - prefixStart - inflated.count
                    AdversarialCheck.expectError(bytes, .lengthPastEnd(length: length, available: available), at: prefixStart,
                                                 "\(sample.name): length of property \(property.key) at \(property.offset) set to \(length)")
                    checked += 1
                }
            }
        }
        print("inflated length prefixes: \(checked)")
    }

    @Test("a varuint value inflated past ten bytes is an error at the value; an overlong ten-byte encoding of the same value reads")
    func inflatedVarUInts() throws {
        var checked = 0
        for sample in AdversarialSamples.fixtures() + AdversarialSamples.corpusSample() {
            let file = try RivFile(bytes: sample.bytes)
            let properties = AdversarialSamples.spread(file.objects.flatMap(\.properties).filter { $0.fieldType == .varUInt }, count: 64)
            for property in properties {
                let head = Array(sample.bytes[..<property.valueRange.lowerBound])
                let tail = Array(sample.bytes[property.valueRange.upperBound...])
                let label = "\(sample.name): varuint property \(property.key) at \(property.offset)"
                AdversarialCheck.expectError(head + [UInt8](repeating: 0xFF, count: 10) + [0x01] + tail, .varUIntTooLong,
                                             at: property.valueRange.lowerBound, "\(label) made 11 bytes long")
                AdversarialCheck.expectError(head + [UInt8](repeating: 0xFF, count: 9) + [0x02] + tail, .varUIntTooLong,
                                             at: property.valueRange.lowerBound, "\(label) overflowing 64 bits")
                let value = sample.bytes.withUnsafeBytes { $0.varUIntValue(in: property.valueRange) }
                let overlong = head + AdversarialEncoding.tenByteVarUInt(value) + tail
                if case .success(let reread) = AdversarialCheck.read(overlong, "\(label) in ten bytes") {
                    #expect(reread.objectCount == file.objectCount, "\(label) in ten bytes")
                    #expect(reread.assets.map(\.storedAssetID) == file.assets.map(\.storedAssetID), "\(label) in ten bytes")
                    AdversarialCheck.verifyUnchangedRoundTrip(reread, overlong, "\(label) in ten bytes")
                }
                checked += 1
            }
        }
        print("inflated varuints: \(checked) properties")
    }

    @Test("a property or type key over 65535 is a key-too-large error at the key")
    func keysOver65535() throws {
        var checked = 0
        for sample in AdversarialSamples.fixtures() + AdversarialSamples.corpusSample() {
            let file = try RivFile(bytes: sample.bytes)
            let objects = Array(file.objects)
            let keyOffsets = AdversarialSamples.spread(objects.flatMap { $0.properties.map(\.offset) }, count: 48)
                + AdversarialSamples.spread(objects.map(\.range.lowerBound), count: 16)
            for offset in keyOffsets {
                let keyLength = AdversarialEncoding.encodedLength(at: offset, in: sample.bytes)
                for key: UInt64 in [65536, 1 << 40] {
                    let bytes = Array(sample.bytes[..<offset]) + AdversarialEncoding.varUInt(key) + Array(sample.bytes[(offset + keyLength)...])
                    AdversarialCheck.expectError(bytes, .keyTooLarge(key), at: offset, "\(sample.name): key at \(offset) set to \(key)")
                    checked += 1
                }
            }
        }
        print("keys over 65535: \(checked)")
    }

    // MARK: - Files built at scale

    @Test("a table of contents with a million keys reads; cut short in its field types it is a truncation error at the missing word")
    func millionKeyTableOfContents() throws {
        let keyCount = AddressSanitizer.scaled(1_000_000)
        let entries = (0..<keyCount).map { RivHeader.TableOfContentsEntry(key: UInt16($0 % 65535 + 1), fieldType: .bytes) }
        let bytes = RivFileBuilder(fileID: 1, tableOfContents: entries).bytes + [23, 0]
        let file = try RivFile(bytes: bytes)
        #expect(file.header.tableOfContents.count == keyCount)
        #expect(file.objectCount == 1)
        #expect(RivEditor(file).makeBytes().elementsEqual(bytes))
        let typesStart = file.header.objectsOffset - keyCount / 4 * 4
        let cut = Array(bytes[..<(typesStart + 4 * 1000 + 2)])
        AdversarialCheck.expectError(cut, .truncated, at: typesStart + 4 * 1000, "million-key ToC cut inside its field types")
    }

    // How long reading and editing take at scale is measured by riv-bench, not
    // here: a unit test on a busy machine cannot tell time from load.
    @Test("ten million empty objects read, each counted")
    func tenMillionEmptyObjects() throws {
        let typeKey = AdversarialSamples.unknownOneByteTypeKey()
        func emptyObjects(_ count: Int) -> [UInt8] {
            var bytes = RivFileBuilder(fileID: 1, tableOfContents: []).bytes
            bytes.reserveCapacity(bytes.count + 2 * count)
            for _ in 0..<count { bytes += [typeKey, 0] }
            return bytes
        }
        let count = AddressSanitizer.scaled(10_000_000)
        let large = try RivFile(bytes: emptyObjects(count))
        #expect(large.objectCount == count)
        #expect(large.assets.isEmpty && large.problems.isEmpty)
    }

    @Test("an asset name of 10 MB reads, names the asset, and survives strip then embed")
    func tenMegabyteAssetName() throws {
        let length = AddressSanitizer.scaled(10 << 20)
        let stem = String(repeating: "a", count: length)
        var encoder = RivFileBuilder(fileID: 1, tableOfContents: [])
        encoder.appendObject(typeKey: 23, properties: [])
        encoder.appendObject(typeKey: 105, properties: [(203, .string(stem + ".png")), (204, .uint(7))])
        encoder.appendObject(typeKey: 106, properties: [(212, .bytes(AdversarialSamples.png))])
        let bytes = encoder.bytes
        let file = try RivFile(bytes: bytes)
        let asset = try #require(file.assets.first)
        #expect(asset.name.utf8.count == length + 4)
        #expect(asset.uniqueName.utf8.count == length + 2 && asset.uniqueName.hasSuffix("a-7"))
        #expect(asset.uniqueFilename == stem + "-7.png")
        AdversarialCheck.verifyEdits(file, bytes, "10 MB asset name")
    }

    @Test("a million contents records behind one asset read; the last one wins and strip removes them all")
    func millionContentsRecords() throws {
        func repeatedContents(_ count: Int) -> [UInt8] {
            var bytes = RivFileBuilder(fileID: 1, tableOfContents: [.init(key: 212, fieldType: .bytes)]).bytes
            var asset = ByteWriter()
            asset.appendObject(typeKey: 105, properties: [(203, .string("again.png")), (204, .uint(3))])
            bytes += asset.bytes
            for index in 0..<count { bytes += [106, 0xD4, 0x01, 1, UInt8(truncatingIfNeeded: index), 0] }
            return bytes
        }
        for count in [100_000, 1_000_000].map(AddressSanitizer.scaled) {
            let bytes = repeatedContents(count)
            let file = try RivFile(bytes: bytes)
            let asset = try #require(file.assets.first)
            #expect(asset.contentsRecordCount == count)
            #expect(asset.embeddedBytes == Data([UInt8(truncatingIfNeeded: count - 1)]))
            var editor = RivEditor(file)
            try editor.strip(asset, skipChecks: true)
            let stripped = try RivFile(bytes: editor.makeBytes())
            #expect(stripped.objectCount == 1 && stripped.assets.first?.location == .referenced)
            AdversarialCheck.verifyEdits(file, bytes, "\(count) contents records")
        }
    }

    @Test("embedding into every asset of a file embeds each one once")
    func editingEveryAsset() throws {
        let count = 2_000
        var encoder = RivFileBuilder(fileID: 1, tableOfContents: [])
        for index in 0..<count { encoder.appendObject(typeKey: 105, properties: [(203, .string("i\(index).png")), (204, .uint(UInt64(index)))]) }
        let file = try RivFile(bytes: encoder.bytes)
        var editor = RivEditor(file)
        for asset in file.assets { try editor.embed(Data(AdversarialSamples.png), in: asset) }
        let output = try RivFile(bytes: editor.makeBytes())
        #expect(output.assets.count == count)
        #expect(output.assets.allSatisfy { $0.embeddedByteCount == AdversarialSamples.png.count && $0.contentsRecordCount == 1 })
        #expect(output.assets.allSatisfy { $0.embeddedBytes == Data(AdversarialSamples.png) })
    }

    @Test("the asset list a read builds is in file order and of exactly its size, past the first chunks (the fuzzer's peak-memory finding)")
    func assetListIsExactSize() throws {
        for count in [1, ChunkedList<FileAsset>.chunkSize, ChunkedList<FileAsset>.chunkSize + 1, 17 * ChunkedList<FileAsset>.chunkSize + 163] {
            var encoder = RivFileBuilder(fileID: 1, tableOfContents: [])
            for index in 0..<count {
                encoder.appendObject(typeKey: index % 3 == 0 ? Schema.TypeKey.fontAsset : Schema.TypeKey.imageAsset,
                                     properties: [(Schema.PropertyKey.fileAssetAssetId, .uint(UInt64(index + 1)))])
            }
            let file = try RivFile(bytes: encoder.bytes)
            #expect(file.assets.count == count)
            #expect(file.assets.map(\.assetID) == (1...count).map(UInt64.init))
            #expect(file.assets.enumerated().allSatisfy { $0.element.type == ($0.offset % 3 == 0 ? .font : .image) })
            // Doubling growth would leave up to twice the room; the list is copied once to its size.
            #expect(file.assets.capacity <= count + count / 32 + 8, "capacity \(file.assets.capacity) for \(count) assets")
        }
    }

    #if os(Linux)
    @Test("a file of a million empty image assets (2 MB): at most 40 bytes of asset per file byte, and a bounded resident size")
    func millionEmptyAssetsMemory() throws {
        let count = AddressSanitizer.scaled(1_000_000)
        var bytes = RivFileBuilder(fileID: 1, tableOfContents: []).bytes
        for _ in 0..<count { bytes += [105, 0] }
        let before = AdversarialCheck.residentBytes()
        let file = try RivFile(bytes: bytes)
        let retained = AdversarialCheck.residentBytes() - before
        #expect(file.assets.count == count)
        guard !AddressSanitizer.isActive else {
            // The address sanitizer's allocator reuses its resident quarantine, so the
            // resident size says nothing here; the fuzzer measures allocations instead.
            print("million empty assets: memory not measured under the address sanitizer")
            return
        }
        // A bare asset is one FileAsset and nothing else: the fuzzer counts allocations
        // exactly (64 times the input plus 4 MiB per step); here the layout is checked...
        #expect(MemoryLayout<FileAsset>.stride * count <= 40 * bytes.count)
        // ...and the resident size of the whole process, once the allocator has handed
        // freed memory back. Other tests run at the same time and add to it, so the
        // bound leaves room for them; the reader before its compact layout kept ~300x.
        #expect(retained < 128 * bytes.count, "\(retained) bytes retained for a \(bytes.count)-byte file (\(retained / bytes.count) times its size)")
        print("million empty assets: \(retained) bytes retained for \(bytes.count) bytes (\(retained / bytes.count)x)")
    }
    #endif

    // MARK: - Fuzzer findings

    @Test("every fuzzer regression input reads or fails with a typed error, and survives editing")
    func fuzzerRegressions() throws {
        let files = AdversarialSamples.regressions()
        for sample in files {
            if case .success(let file) = AdversarialCheck.read(sample.bytes, sample.name) {
                AdversarialCheck.verifyEdits(file, sample.bytes, sample.name)
            }
        }
        print("fuzzer regressions: \(files.count) replayed")
    }

    @Test("embedding into an asset of a file whose table of contents declares key 212 as a uint reads back: 212 is read as bytes, as Rive's runtime reads it (Fuzz/regressions/toc-212-not-bytes.riv)")
    func tableOfContentsDeclares212AsUInt() throws {
        // RIVE 7.0, file id 106, ToC [212: uint], then a LayeredAsset (type 119) with no properties.
        let bytes = try #require(AdversarialSamples.regressions().first { $0.name == "toc-212-not-bytes.riv" }).bytes
        #expect(bytes == Array("RIVE".utf8) + [7, 0, 0x6A, 0xD4, 0x01, 0, 0, 0, 0, 0, 0x77, 0])
        let file = try RivFile(bytes: bytes)
        let asset = try #require(file.assets.first)
        var editor = RivEditor(file)
        try editor.embed(Data("new".utf8), in: asset, skipChecks: true)
        let output = editor.makeBytes()
        let reread = try RivFile(bytes: output)
        #expect(reread.assets.first?.embeddedBytes == Data("new".utf8))
    }

    @Test("a ToC declaring the CDN keys as uints and an image's width as a uint does not change how the asset reads, nor where an embed goes (Fuzz/regressions/toc-cdn-keys-as-uint.riv)")
    func cdnKeysDeclaredAsUInt() throws {
        // RIVE 7.0, ToC [359 cdnUuid: uint, 362 cdnBaseUrl: uint, 208 width: uint, 207 height: float], a Backboard,
        // then an ImageAsset "photo" with a uuid, the base URL https://public.uat.rive.app/cdn/uuid, width 64, height 32.
        let bytes = try #require(AdversarialSamples.regressions().first { $0.name == "toc-cdn-keys-as-uint.riv" }).bytes
        let file = try RivFile(bytes: bytes)
        #expect(file.header.tableOfContents.map(\.fieldType) == [.varUInt, .varUInt, .varUInt, .float32])
        let asset = try #require(file.assets.first)
        #expect(asset.name == "photo")
        #expect(asset.cdn?.baseURL == "https://public.uat.rive.app/cdn/uuid")
        #expect(asset.cdn?.uuid == "13121110-1514-1716-1918-1f1e1d1c1b1a")
        if RuntimeOracle.isPresent {
            let directory = try TemporaryDirectory()
            let verdict = try RuntimeOracle.list(URL(fileURLWithPath: try directory.write("cdn.riv", bytes)))
            #expect(verdict.assets.map { $0["cdnBaseUrl"] as? String } == [asset.cdn?.baseURL])
            #expect(verdict.assets.map { $0["cdnUuid"] as? String } == [asset.cdn?.uuid])
        }
        var editor = RivEditor(file)
        try editor.embed(Data(Payload.Minimal.png), in: asset)
        let reread = try RivFile(bytes: editor.makeBytes())
        #expect(reread.assets.first?.embeddedBytes == Data(Payload.Minimal.png))
        #expect(reread.assets.first?.name == "photo")
    }

    @Test("a table of contents that lists 212 first as a uint, then as bytes, reads 212 as bytes; embedding is not refused (Fuzz/regressions/toc-212-duplicate.riv)")
    func tableOfContentsLists212Twice() throws {
        // RIVE 7.0, file id 102, ToC [212: uint, 212: bytes], then an ImageAsset with no properties.
        let bytes = try #require(AdversarialSamples.regressions().first { $0.name == "toc-212-duplicate.riv" }).bytes
        #expect(bytes == Array("RIVE".utf8) + [7, 0, 0x66, 0xD4, 0x01, 0xD4, 0x01, 0, 0x44, 0x69, 0x63, 0x75, 0x69, 0])
        let file = try RivFile(bytes: bytes)
        #expect(file.header.tableOfContents.map(\.fieldType) == [.varUInt, .bytes])
        let asset = try #require(file.assets.first)
        var editor = RivEditor(file)
        try editor.embed(Data("new".utf8), in: asset, skipChecks: true)
        let reread = try RivFile(bytes: editor.makeBytes())
        #expect(reread.assets.first?.embeddedBytes == Data("new".utf8))
    }
}

// MARK: - Inputs

/// A file to damage: its name and bytes.
private struct AdversarialSample {
    var name: String
    var bytes: [UInt8]
}

private enum AdversarialSamples {
    static let png: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0x00, 0x00, 0x00, 0x0D]

    static func files(in directory: URL) -> [AdversarialSample] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
        return names.filter { $0.hasSuffix(".riv") }.sorted().compactMap { name in
            (try? Data(contentsOf: directory.appendingPathComponent(name))).map { AdversarialSample(name: name, bytes: Array($0)) }
        }
    }

    /// The project's own fixtures.
    static func fixtures() -> [AdversarialSample] {
        files(in: SharedData.packageRoot.appendingPathComponent("Fixtures"))
    }

    /// The inputs the fuzzer found.
    static func regressions() -> [AdversarialSample] {
        files(in: SharedData.packageRoot.appendingPathComponent("Fuzz/regressions"))
    }

    /// Up to 4 corpus files of at most 6 KB, spread over the corpus; none when it is absent.
    static func smallCorpusFiles() -> [AdversarialSample] {
        corpus(maxBytes: 6 << 10, count: 4)
    }

    /// Up to 8 corpus files of at most 256 KB, spread over the corpus; none when it is absent.
    static func corpusSample() -> [AdversarialSample] {
        corpus(maxBytes: 256 << 10, count: 8)
    }

    private static func corpus(maxBytes: Int, count: Int) -> [AdversarialSample] {
        let files = SharedData.corpusFiles().filter { url in
            ((try? FileManager.default.attributesOfItem(atPath: url.path)[.size] as? Int) ?? .max) <= maxBytes
        }
        if files.isEmpty { print(SharedData.skipMessage) }
        return spread(files, count: count).compactMap { url in
            (try? Data(contentsOf: url)).map { AdversarialSample(name: "corpus/" + url.lastPathComponent, bytes: Array($0)) }
        }
    }

    /// At most `count` elements, evenly spread, first and last included.
    static func spread<Element>(_ elements: [Element], count: Int) -> [Element] {
        guard elements.count > count, count > 1 else { return Array(elements.prefix(count)) }
        return (0..<count).map { elements[$0 * (elements.count - 1) / (count - 1)] }
    }

    /// A one-byte type key (below 128) that the schema does not know.
    static func unknownOneByteTypeKey() -> UInt8 {
        UInt8((1..<128).first { Schema.type(forKey: UInt16($0)) == nil && $0 != Int(Schema.TypeKey.fileAssetContents) }!)
    }
}

private enum AdversarialEncoding {
    static func varUInt(_ value: UInt64) -> [UInt8] {
        var writer = ByteWriter()
        writer.appendVarUInt(value)
        return writer.bytes
    }

    /// `value` as a LEB128 of exactly ten bytes (overlong, but valid).
    static func tenByteVarUInt(_ value: UInt64) -> [UInt8] {
        (0..<9).map { UInt8(truncatingIfNeeded: value >> (7 * UInt64($0))) & 0x7F | 0x80 } + [UInt8(value >> 63)]
    }

    /// The length of the LEB128 value at `offset`.
    static func encodedLength(at offset: Int, in bytes: [UInt8]) -> Int {
        var end = offset
        while bytes[end] & 0x80 != 0 { end += 1 }
        return end - offset + 1
    }
}

/// A fixed-seed generator (SplitMix64), so every run damages the same bytes.
private struct AdversarialRandom {
    var state: UInt64

    init(seed: UInt64) { state = seed }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var mixed = state
        mixed = (mixed ^ (mixed >> 30)) &* 0xBF58_476D_1CE4_E5B9
        mixed = (mixed ^ (mixed >> 27)) &* 0x94D0_49BB_1331_11EB
        return mixed ^ (mixed >> 31)
    }

    mutating func below(_ bound: Int) -> Int { Int(next() % UInt64(bound)) }
}

// MARK: - Checks

private enum AdversarialCheck {
    /// Reads `bytes`; a failure must be a `RivError` naming an offset inside the input.
    static func read(_ bytes: [UInt8], _ label: String) -> Result<RivFile, RivError> {
        do throws(RivError) {
            return .success(try RivFile(bytes: bytes))
        } catch {
            #expect(error.offset >= 0 && error.offset <= bytes.count, "\(label): offset \(error.offset) of \(bytes.count) bytes: \(error)")
            #expect(!error.reading.isEmpty, "\(label): \(error) does not say what was being read")
            return .failure(error)
        }
    }

    static func expectError(_ bytes: [UInt8], _ reason: RivError.Reason, at offset: Int, _ label: String) {
        switch read(bytes, label) {
        case .success: Issue.record("\(label): read without error")
        case .failure(let error):
            #expect(error.reason == reason && error.offset == offset, "\(label): got \(error)")
        }
    }

    #if os(Linux)
    /// The resident size of this process (from /proc/self/statm).
    /// The process's resident size after the C allocator returns the memory it holds
    /// free (`malloc_trim`), so that only live memory counts.
    static func residentBytes() -> Int {
        typealias Trim = @convention(c) (Int) -> Int32
        if let trim = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "malloc_trim") {
            _ = unsafeBitCast(trim, to: Trim.self)(0)
        }
        guard let text = try? String(contentsOfFile: "/proc/self/statm", encoding: .utf8) else { return 0 }
        let pages = text.split(separator: " ").dropFirst().first.flatMap { Int($0) } ?? 0
        return pages * sysconf(Int32(_SC_PAGESIZE))
    }
    #endif

    /// A bytes property as the writer encodes it: key, length, value.
    private static func property(_ key: UInt64, _ value: Data) -> [UInt8] {
        AdversarialEncoding.varUInt(key) + AdversarialEncoding.varUInt(UInt64(value.count)) + Array(value)
    }

    static func verifyUnchangedRoundTrip(_ file: RivFile, _ bytes: [UInt8], _ label: String) {
        #expect(RivEditor(file).makeBytes().elementsEqual(bytes), "\(label): writing back unchanged changed the bytes")
    }

    /// Unchanged round trip; strip then embed of up to two embedded assets gives back
    /// their bytes and signature; embedding new bytes into up to two assets reads back.
    static func verifyEdits(_ file: RivFile, _ bytes: [UInt8], _ label: String) {
        verifyUnchangedRoundTrip(file, bytes, label)
        for index in AdversarialSamples.spread(file.assets.indices.filter { file.assets[$0].location == .embedded }, count: 2) {
            let asset = file.assets[index]
            let what = "\(label), strip then embed of asset \(index)"
            do {
                var stripper = RivEditor(file)
                try stripper.strip(asset, skipChecks: true)
                let stripped = try RivFile(bytes: stripper.makeBytes())
                var embedder = RivEditor(stripped)
                let signature = asset.signatureRange.map { file.bytes(in: $0) }
                try embedder.embed(asset.embeddedBytes!, in: stripped.assets[index], signature: signature, skipChecks: true)
                let restored = try RivFile(bytes: embedder.makeBytes())
                #expect(restored.assets[index].embeddedBytes == asset.embeddedBytes, "\(what)")
                #expect(restored.assets[index].signatureRange.map { restored.bytes(in: $0) } == signature, "\(what)")
                let canonical = [106] + property(212, asset.embeddedBytes!) + (signature.map { property(911, $0) } ?? []) + [0]
                if asset.contentsRecordCount == 1, asset.cdn == nil,
                   asset.contentsRecordRange?.lowerBound == asset.recordRange.upperBound,
                   asset.contentsRecordRange.map({ file.bytes(in: $0) }) == Data(canonical),
                   file.header.tableOfContents.contains(where: { $0.key == 212 }),
                   signature == nil || file.header.tableOfContents.contains(where: { $0.key == 911 }) {
                    // One canonical contents record right after the asset: the file comes back byte for byte.
                    #expect(embedder.makeBytes().elementsEqual(bytes), "\(what) is not byte for byte the original")
                }
            } catch {
                Issue.record("\(what): \(error)")
            }
        }
        let payload = Data("adversarial".utf8)
        for index in AdversarialSamples.spread(Array(file.assets.indices), count: 2) {
            let what = "\(label), embedding into asset \(index)"
            var editor = RivEditor(file)
            do throws(RivEditError) {
                try editor.embed(payload, in: file.assets[index], skipChecks: true)
            } catch {
                Issue.record("\(what): \(error)")
                continue
            }
            do {
                let reread = try RivFile(bytes: editor.makeBytes())
                #expect(reread.assets.count == file.assets.count && reread.assets[index].embeddedBytes == payload, "\(what)")
            } catch {
                Issue.record("\(what): \(error)")
            }
        }
    }
}
