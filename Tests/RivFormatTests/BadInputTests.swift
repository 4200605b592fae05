import Foundation
import Testing
import RivTestSupport
@testable import RivFormat

/// Malformed and foreign input: every case must end in a typed ``RivError`` that
/// names the offset and what was being read, never a crash, hang or huge allocation.
///
/// Inputs are built in code with ``RivFileBuilder`` and, where the encoder cannot write
/// the damage, by appending hand-written bytes to an encoder-built prefix.
@Suite("Bad input")
struct BadInputTests {
    // MARK: - Files that are not .riv files at all

    @Test("an empty file")
    func emptyFile() {
        let error = expectRecognised([], .emptyFile, at: 0, reading: "the header", saying: "the file is empty")
        #expect(error?.message == "the file is empty")
    }

    @Test("a Git LFS pointer")
    func gitLFSPointer() {
        let pointer = """
        version https://git-lfs.github.com/spec/v1
        oid sha256:4d7a214614ab2935c943f9e0ff69d22eadbb8f32b1258daaa5e2ca24d17e2393
        size 12345

        """
        expectRecognised(Array(pointer.utf8), .gitLFSPointer, at: 0, reading: "the fingerprint", saying: "git lfs pull")
    }

    @Test("a JSON document and a Lottie animation, bare and after white space or a byte-order mark",
          arguments: [
              #"{"name": "not a rive file"}"#,
              #"[1, 2, 3]"#,
              #"{"v":"5.7.4","fr":60,"ip":0,"op":120,"w":512,"h":512,"nm":"Comp 1","ddd":0,"assets":[],"layers":[]}"#,
          ], ["", " \n\t\r\n  ", "\u{FEFF}", "\u{FEFF}\n  "])
    func jsonDocument(json: String, leading: String) {
        expectRecognised(Array((leading + json).utf8), .jsonDocument, at: 0, reading: "the fingerprint",
                         saying: "JSON document")
    }

    @Test("random bytes (fixed seed) are not a Rive file")
    func randomBytes() {
        var random = SplitMix64(seed: 0x5EED)
        for length in [1, 3, 4, 5, 16, 1000] {
            var bytes = random.bytes(count: length)
            bytes[0] = 0x01 // neither `R`, white space, `{` nor `[`
            expectRecognised(bytes, .notARiveFile, at: 0, reading: "the fingerprint", saying: "RIVE fingerprint")
        }
    }

    @Test("a cut-off fingerprint is truncated, not foreign", arguments: ["R", "RI", "RIV"])
    func shortFingerprint(text: String) {
        expectPositioned(Array(text.utf8), .truncated, at: 0, reading: "the fingerprint")
    }

    @Test("major versions 6 and 8 are unsupported", arguments: [6, 8] as [UInt64])
    func unsupportedMajorVersion(major: UInt64) {
        let bytes = RivFileBuilder(majorVersion: major, fileID: 1, tableOfContents: []).bytes
        expectRecognised(bytes, .unsupportedMajorVersion(major), at: 4,
                         reading: "the version numbers of the header", saying: "major version \(major)")
    }

    @Test("a path names the file in description, not in message")
    func pathInDescription() throws {
        let directory = FileManager.default.temporaryDirectory
            .appendingPathComponent("BadInputTests-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = directory.appendingPathComponent("cut.riv").path
        let bytes = Build.header() + [Build.imageAssetKey, 0xCB, 0x01, 5] + Array("lo".utf8)
        #expect(FileManager.default.createFile(atPath: path, contents: Data(bytes)))

        let error = #expect(throws: RivError.self) { try RivFile(path: path) }
        #expect(error?.path == path)
        #expect(error?.reason == .lengthPastEnd(length: 5, available: 2))
        #expect(error?.message.contains(path) == false)
        #expect(error?.description == "\(path): \(error?.message ?? "")")
    }

    // MARK: - Lengths, varuints and keys

    @Test("a length prefix past the end of the file")
    func lengthPastEnd() {
        let bytes = Build.header() + [Build.imageAssetKey, 0xCB, 0x01, 100] + Array("short".utf8)
        let error = expectPositioned(bytes, .lengthPastEnd(length: 100, available: 5), at: Build.objects + 3,
                                     reading: "property 203 (name) of ImageAsset at offset \(Build.objects)")
        #expect(error?.message.contains("length 100") == true)
    }

    @Test("a length prefix near 2^64 (ten-byte varuint FF .. FF 01)")
    func lengthNearTwoToThe64() {
        let bytes = Build.header() + [Build.contentsKey, 0xD4, 0x01] + Build.maxVarUInt + [1, 2, 3]
        expectPositioned(bytes, .lengthPastEnd(length: UInt64.max, available: 3), at: Build.objects + 3,
                         reading: "property 212 (bytes) of FileAssetContents at offset \(Build.objects)")
    }

    @Test("the largest ten-byte varuint is a valid value")
    func largestVarUIntValue() throws {
        let bytes = Build.header() + [Build.imageAssetKey, 0xCC, 0x01] + Build.maxVarUInt + [0]
        let file = try RivFile(bytes: bytes)
        #expect(file.assets.first?.storedAssetID == UInt64.max)
    }

    @Test("a varuint longer than ten bytes, or one that overflows 64 bits in its tenth byte",
          arguments: [
              [UInt8](repeating: 0x80, count: 10) + [0x00],
              [UInt8](repeating: 0xFF, count: 11) + [0x01],
              [UInt8](repeating: 0xFF, count: 9) + [0x02],
          ])
    func varUIntTooLong(value: [UInt8]) {
        let asset = Build.header() + [Build.imageAssetKey, 0xCC, 0x01] + value + [0]
        expectPositioned(asset, .varUIntTooLong, at: Build.objects + 3,
                         reading: "property 204 (assetId) of ImageAsset at offset \(Build.objects)")
        expectPositioned(Array("RIVE".utf8) + value, .varUIntTooLong, at: 4,
                         reading: "the version numbers of the header")
    }

    @Test("a property key over 65535")
    func propertyKeyTooLarge() {
        let bytes = Build.header() + [Build.imageAssetKey] + Build.key65536 + [0]
        expectPositioned(bytes, .keyTooLarge(65536), at: Build.objects + 1,
                         reading: "a property key of ImageAsset at offset \(Build.objects)")
    }

    @Test("a type key over 65535")
    func typeKeyTooLarge() {
        let bytes = Build.header() + [Build.backboardKey, 0] + Build.key65536 + [0]
        expectPositioned(bytes, .keyTooLarge(65536), at: Build.objects + 2,
                         reading: "the type key of the object at offset \(Build.objects + 2)")
    }

    @Test("a table-of-contents key over 65535")
    func tableOfContentsKeyTooLarge() {
        let bytes = Array("RIVE".utf8) + [7, 0, 1] + Build.key65536 + [0]
        expectPositioned(bytes, .keyTooLarge(65536), at: 7, reading: "the property keys of the table of contents")
    }

    @Test("key 65535 is in range: an unknown type is skipped, an unknown property is named")
    func largestKey() throws {
        let key65535: [UInt8] = [0xFF, 0xFF, 0x03]
        let unknownType = Build.header() + key65535 + [0]
        #expect(try RivFile(bytes: unknownType).objectCount == 1)

        let unknownProperty = Build.header() + [Build.imageAssetKey] + key65535 + [0, 0]
        expectPositioned(unknownProperty, .unknownPropertyKey(65535), at: Build.objects + 1,
                         reading: "ImageAsset at offset \(Build.objects)")
    }

    // MARK: - Objects and the table of contents

    @Test("a file that ends inside an object, after a property and before its terminating 0")
    func endsInsideObject() {
        let bytes = Build.header() + [Build.imageAssetKey, 0xCB, 0x01, 5] + Array("a.png".utf8)
        let error = expectPositioned(bytes, .truncated, at: bytes.count,
                                     reading: "a property key of ImageAsset at offset \(Build.objects)")
        #expect(error?.message == "at byte \(bytes.count): the file ends inside a property key of ImageAsset at offset 8")
    }

    @Test("a property key that neither the table of contents nor the schema knows")
    func unknownPropertyKey() throws {
        let property: [UInt8] = [0x8F, 0x4E, 2, 0xAA, 0xBB] // key 9999, then 2 length-prefixed bytes
        #expect(Schema.property(forKey: 9999) == nil)
        let bytes = Build.header() + [Build.imageAssetKey] + property + [0]
        expectPositioned(bytes, .unknownPropertyKey(9999), at: Build.objects + 1,
                         reading: "ImageAsset at offset \(Build.objects)")

        let declared = RivFileBuilder(fileID: 1, tableOfContents: [.init(key: 9999, fieldType: .bytes)]).bytes
        let file = try RivFile(bytes: declared + [Build.imageAssetKey] + property + [0])
        #expect(file.assets.count == 1)
    }

    @Test("a table of contents whose field-type words are missing or short")
    func missingFieldTypeWords() {
        let twoKeys = Array("RIVE".utf8) + [7, 0, 1, 0xD4, 0x01, 0x8F, 0x4E, 0] // keys 212, 9999
        expectPositioned(twoKeys, .truncated, at: twoKeys.count,
                         reading: "the field types of the table of contents")
        expectPositioned(twoKeys + [0x01, 0x00, 0x00], .truncated, at: twoKeys.count,
                         reading: "the field types of the table of contents")

        let fiveKeys = Array("RIVE".utf8) + [7, 0, 1, 1, 2, 3, 4, 5, 0]
        expectPositioned(fiveKeys + [0, 0, 0, 0], .truncated, at: fiveKeys.count + 4,
                         reading: "the field types of the table of contents")
    }

    @Test("a header cut off after the fingerprint")
    func headerCutAfterFingerprint() {
        expectPositioned(Array("RIVE".utf8), .truncated, at: 4, reading: "the version numbers of the header")
        expectPositioned(Array("RIVE".utf8) + [7, 0x80], .truncated, at: 5,
                         reading: "the version numbers of the header")
    }

    // MARK: - Huge length prefixes allocate nothing

    /// If the reader allocated (or zero-filled, or copied) the length it was given
    /// before checking it against the bytes that remain, 2^60 would abort the
    /// process and a thousand 2 GiB lengths would take minutes and raise the peak
    /// resident size by gigabytes. The reader must simply throw, quickly.
    @Test("a 2^60 length prefix is an error, not an allocation")
    func hugeLengthDoesNotAllocate() {
        let peakBefore = peakResidentBytes()
        for length: UInt64 in [1 << 60, (1 << 31) + 17] {
            var writer = ByteWriter()
            writer.appendVarUInt(length)
            let bytes = Build.header() + [Build.contentsKey, 0xD4, 0x01] + writer.bytes + [0xAB]
            for _ in 0..<1000 {
                do {
                    _ = try RivFile(bytes: bytes)
                    Issue.record("a \(length)-byte property in a \(bytes.count)-byte file parsed")
                    return
                } catch {
                    guard error.reason == .lengthPastEnd(length: length, available: 1) else {
                        Issue.record("unexpected error: \(error)")
                        return
                    }
                }
            }
        }
        let growth = peakResidentBytes() - peakBefore
        #expect(growth < 1 << 30, "peak resident size grew by \(growth) bytes")
    }

    // MARK: - Every prefix of a good file

    @Test("every prefix of encoder-built files with embedded assets parses only at an object boundary",
          arguments: Build.filesWithEmbeddedAssets())
    func everyPrefixOfEncoderFile(file: Build.Sample) throws {
        try checkPrefixes(of: file.bytes, label: file.label, cuts: Array(0...file.bytes.count))
    }

    /// Corpus files run from a hundred bytes to almost a megabyte, and reading a
    /// prefix costs its length, so cutting large files at every byte would take
    /// hours in a debug build. Files up to 4 KiB are cut at every byte; larger ones
    /// at every byte of their first KiB, at each asset and contents record
    /// (around its start and end and through its length prefixes), at the last
    /// byte, and at 48 evenly spaced points: about 10,700 cuts of 11 files, some 9 s
    /// in a debug build (the budget is ~20 s).
    @Test("every prefix of a sample of corpus files parses only at an object boundary")
    func prefixesOfCorpusFiles() throws {
        let files = SharedData.sampleFiles(count: 10)
        guard !files.isEmpty else {
            print(SharedData.skipMessage)
            return
        }
        var cutCount = 0
        for url in files {
            let bytes = try [UInt8](Data(contentsOf: url))
            let cuts = try corpusCuts(for: bytes)
            try checkPrefixes(of: bytes, label: url.lastPathComponent, cuts: cuts)
            cutCount += cuts.count
        }
        print("corpus prefixes: \(files.count) files cut at \(cutCount) points")
    }

    // MARK: - Damaged files

    @Test("random tails after a valid header and random byte changes never crash")
    func randomDamage() throws {
        var random = SplitMix64(seed: 0xBAD1)
        let header = Build.header()
        for _ in 0..<2000 {
            let bytes = header + random.bytes(count: Int(random.next() % 48))
            expectParsesOrFailsInside(bytes, from: header.count)
        }
        for sample in Build.filesWithEmbeddedAssets() {
            for _ in 0..<500 {
                var bytes = sample.bytes
                for _ in 0...(random.next() % 3) {
                    bytes[Int(random.next() % UInt64(bytes.count))] = UInt8(truncatingIfNeeded: random.next())
                }
                expectParsesOrFailsInside(bytes, from: 0)
            }
        }
    }
}

// MARK: - Checks

/// Expects `bytes` to fail with `reason` at `offset` while reading `reading`, and
/// the message to name both: `at byte <offset>: ... <reading>`.
@discardableResult
private func expectPositioned(_ bytes: [UInt8], _ reason: RivError.Reason, at offset: Int, reading: String,
                              sourceLocation: SourceLocation = #_sourceLocation) -> RivError? {
    let error = #expect(throws: RivError.self, sourceLocation: sourceLocation) { try RivFile(bytes: bytes) }
    guard let error else { return nil }
    #expect(error.reason == reason, sourceLocation: sourceLocation)
    #expect(error.offset == offset, sourceLocation: sourceLocation)
    #expect(error.reading == reading, sourceLocation: sourceLocation)
    #expect(error.message.hasPrefix("at byte \(offset): "), "\(error.message)", sourceLocation: sourceLocation)
    #expect(error.message.hasSuffix(" \(reading)"), "\(error.message)", sourceLocation: sourceLocation)
    #expect(error.path == nil && error.description == error.message, sourceLocation: sourceLocation)
    return error
}

/// Expects `bytes` to be recognised as a wrong kind of file: `reason` at `offset`
/// while reading `reading`, and a message that says what the file is.
///
/// These messages say what the file is rather than where: "the file is empty" or
/// "this is a Git LFS pointer" is the whole story, and `at byte 0` would add nothing.
@discardableResult
private func expectRecognised(_ bytes: [UInt8], _ reason: RivError.Reason, at offset: Int, reading: String,
                              saying words: String, sourceLocation: SourceLocation = #_sourceLocation) -> RivError? {
    let error = #expect(throws: RivError.self, sourceLocation: sourceLocation) { try RivFile(bytes: bytes) }
    guard let error else { return nil }
    #expect(error.reason == reason, sourceLocation: sourceLocation)
    #expect(error.offset == offset, sourceLocation: sourceLocation)
    #expect(error.reading == reading, sourceLocation: sourceLocation)
    #expect(error.message.localizedCaseInsensitiveContains(words), "\(error.message)", sourceLocation: sourceLocation)
    #expect(error.description == error.message, sourceLocation: sourceLocation)
    return error
}

/// Expects `bytes` to parse, or to fail with an error whose offset lies in
/// `start...bytes.count` and whose message names it.
private func expectParsesOrFailsInside(_ bytes: [UInt8], from start: Int,
                                       sourceLocation: SourceLocation = #_sourceLocation) {
    do {
        _ = try RivFile(bytes: bytes)
    } catch {
        #expect((start...bytes.count).contains(error.offset), "\(error) in \(bytes)", sourceLocation: sourceLocation)
        switch error.reason {
        case .emptyFile, .gitLFSPointer, .jsonDocument, .notARiveFile, .unsupportedMajorVersion, .unreadable:
            break
        case .truncated, .varUIntTooLong, .lengthPastEnd, .keyTooLarge, .unknownPropertyKey:
            #expect(error.message.hasPrefix("at byte \(error.offset): "), "\(error)", sourceLocation: sourceLocation)
        }
    }
}

/// Reads `bytes[..<cut]` for every cut: a prefix must parse exactly when it ends
/// at the end of the header or of an object (the format has no end marker), with
/// the objects before the cut; any other prefix must fail as truncated or with a
/// length past its end, at an offset inside the prefix.
private func checkPrefixes(of bytes: [UInt8], label: String, cuts: [Int]) throws {
    let full = try RivFile(bytes: bytes)
    var objectsBefore = [full.header.objectsOffset: 0]
    for (index, object) in full.objects.enumerated() { objectsBefore[object.range.upperBound] = index + 1 }
    #expect(objectsBefore[bytes.count] == full.objectCount, "\(label): the objects do not end at the end of the file")

    var failures: [String] = []
    for cut in cuts {
        let expectedObjects = objectsBefore[cut]
        do {
            let prefix = try RivFile(bytes: bytes[..<cut])
            if prefix.objectCount != expectedObjects {
                failures.append("cut \(cut) parsed with \(prefix.objectCount) objects; expected \(expectedObjects.map(String.init) ?? "an error")")
            }
        } catch {
            if expectedObjects != nil { failures.append("cut \(cut) at an object boundary failed: \(error)") }
            switch error.reason {
            case .emptyFile where cut == 0:
                break
            case .truncated where error.offset <= cut && error.message.hasPrefix("at byte \(error.offset): the file ends inside "):
                break
            case .lengthPastEnd(let length, let available)
                where error.offset < cut && length > UInt64(available) && available < cut - error.offset:
                break
            default:
                failures.append("cut \(cut): \(error)")
            }
        }
    }
    let summary = "\(label) (\(bytes.count) bytes), \(failures.count) of \(cuts.count) cuts wrong:\n"
        + failures.prefix(10).joined(separator: "\n")
    #expect(failures.isEmpty, "\(summary)")
}

/// The cut points for a corpus file; see ``BadInputTests/prefixesOfCorpusFiles()``.
private func corpusCuts(for bytes: [UInt8]) throws -> [Int] {
    guard bytes.count > 4096 else { return Array(0...bytes.count) }
    let file = try RivFile(bytes: bytes)
    var cuts = Set(0...1024)
    for asset in file.assets {
        for record in [asset.recordRange, asset.contentsRecordRange].compactMap({ $0 }) {
            cuts.formUnion(record.lowerBound - 1...record.lowerBound + 8)
            cuts.formUnion(record.upperBound - 2...record.upperBound + 1)
        }
    }
    cuts.formUnion(stride(from: 0, to: bytes.count, by: bytes.count / 48))
    cuts.insert(bytes.count - 1)
    cuts.insert(bytes.count)
    return cuts.filter { (0...bytes.count).contains($0) }.sorted()
}

/// The largest peak resident set size of this process so far, in bytes.
private func peakResidentBytes() -> Int {
    var usage = rusage()
    getrusage(RUSAGE_SELF.rawValue, &usage)
    return usage.ru_maxrss * 1024
}

// MARK: - Inputs

extension BadInputTests {
    /// Builds the test inputs.
    enum Build {
        static let backboardKey: UInt8 = 23
        static let imageAssetKey: UInt8 = 105
        static let contentsKey: UInt8 = 106
        /// 65536 as a varuint.
        static let key65536: [UInt8] = [0x80, 0x80, 0x04]
        /// UInt64.max as a ten-byte varuint.
        static let maxVarUInt = [UInt8](repeating: 0xFF, count: 9) + [0x01]

        /// A header with an empty table of contents: `RIVE`, 7, 0, file id 1, 0.
        static func header() -> [UInt8] { RivFileBuilder(fileID: 1, tableOfContents: []).bytes }
        /// The offset of the first object after ``header()``.
        static let objects = 8

        /// An encoder-built file and what it is, for test arguments.
        struct Sample: Sendable, CustomTestStringConvertible {
            let label: String
            let bytes: [UInt8]
            var testDescription: String { "\(label) (\(bytes.count) bytes)" }
        }

        /// Files with embedded, referenced and hosted assets, multi-byte keys and
        /// lengths, a signature, and a property only the table of contents declares.
        static func filesWithEmbeddedAssets() -> [Sample] {
            var random = SplitMix64(seed: 7)
            let uuid: [UInt8] = Array(0..<16)

            var small = RivFileBuilder(fileID: 3, tableOfContents: [])
            small.appendObject(typeKey: 23, properties: [])
            small.appendObject(typeKey: 105, properties: [(203, .string("dot.png")), (204, .uint(1))])
            small.appendObject(typeKey: 106, properties: [(212, .bytes([0x89, 0x50, 0x4E, 0x47]))])

            var mixed = RivFileBuilder(minorVersion: 12, fileID: 300, tableOfContents: [
                .init(key: 212, fieldType: .bytes), .init(key: 204, fieldType: .varUInt),
                .init(key: 9999, fieldType: .bytes), .init(key: 9998, fieldType: .color),
                .init(key: 9997, fieldType: .float32),
            ])
            mixed.appendObject(typeKey: 23, properties: [(9999, .string("only the ToC knows 9999"))])
            mixed.appendObject(typeKey: 1, properties: [(4, .string("Artboard")), (7, .float32(500)), (8, .float32(400))])
            mixed.appendObject(typeKey: 105, properties: [
                (203, .string("walle.jpg")), (204, .uint(370)), (208, .float32(64)), (207, .float32(32)),
            ])
            mixed.appendObject(typeKey: 106, properties: [(212, .bytes(random.bytes(count: 300)))])
            mixed.appendObject(typeKey: 141, properties: [(203, .string("Inter.ttf")), (204, .uint(370))])
            mixed.appendObject(typeKey: 106, properties: [(212, .bytes(random.bytes(count: 20))),
                                                          (911, .bytes(random.bytes(count: 64)))])
            mixed.appendObject(typeKey: 406, properties: [(203, .string("beep.wav")), (204, .uint(2))])
            mixed.appendObject(typeKey: 105, properties: [
                (203, .string("hosted.webp")), (204, .uint(3)), (359, .bytes(uuid)),
                (362, .string("https://cdn.example.com")), (9998, .color(0xFF00_FF00)), (9997, .float32(1.5)),
            ])
            mixed.appendObject(typeKey: 60000, properties: [(204, .uint(1 << 40))])

            return [Sample(label: "one image", bytes: small.bytes), Sample(label: "mixed assets", bytes: mixed.bytes)]
        }
    }
}

extension SplitMix64 {
    /// `count` random bytes.
    mutating func bytes(count: Int) -> [UInt8] {
        (0..<count).map { _ in UInt8(truncatingIfNeeded: next()) }
    }
}
