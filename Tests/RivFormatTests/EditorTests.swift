#if canImport(Glibc)
import Glibc
#endif
import Foundation
import Testing
import RivTestSupport
@testable import RivFormat


/// Checks that `output` differs from `input` only inside `touched` (input offsets in the
/// object stream): the header (unless the ToC changed), the objects before `touched` and the
/// bytes after it are equal, and every asset not in `edited` keeps its record and contents
/// byte for byte. Returns the output bytes that stand where `touched` stood.
@discardableResult
func expectChangeConfined(from input: RivFile, to output: RivFile, touched: Range<Int>, edited: Set<Int>,
                          sourceLocation: SourceLocation = #_sourceLocation) -> [UInt8] {
    let confined = EditFixture.confinement(from: input, to: output, touched: touched, edited: edited)
    #expect(confined.differences.isEmpty, "\(confined.differences)", sourceLocation: sourceLocation)
    return confined.spliced
}

@Suite("RivEditor: splicing edits into a file")
struct EditorTests {
    @Test("with no edits the output is the input")
    func noEdits() throws {
        let file = try RivFile(bytes: EditFixture.mixed)
        let editor = RivEditor(file)
        #expect(!editor.hasChanges)
        #expect(editor.outcomes.isEmpty)
        #expect(editor.makeBytes() == Data(EditFixture.mixed))
        #expect(editor.outputByteCount == EditFixture.mixed.count)
    }

    @Test("replacing embedded bytes re-encodes only that asset's contents record")
    func replaceEmbedded() throws {
        let file = try RivFile(bytes: EditFixture.mixed)
        let logo = file.assets[0]
        var editor = RivEditor(file)
        let outcome = try editor.embed(Data(Payload.Minimal.jpeg), in: logo)
        #expect(outcome == AssetEditOutcome(uniqueName: "logo-1", type: .image, action: .replaced, byteCount: Payload.Minimal.jpeg.count,
                                            previousByteCount: logo.embeddedByteCount))
        #expect(outcome.previousByteCount > 0, "the logo was embedded")
        #expect(editor.outcomes == [outcome])
        #expect(editor.outputByteCount == editor.makeBytes().count)

        let output = try EditFixture.output(of: editor)
        let edited = output.assets[0]
        #expect(edited.location == .embedded)
        #expect(edited.embeddedBytes == Data(Payload.Minimal.jpeg))
        #expect(edited.detectedFormat == .jpeg)
        #expect(edited.contentsRecordCount == 1)
        #expect(output.header == file.header)
        let middle = expectChangeConfined(from: file, to: output, touched: logo.contentsRecordRange!, edited: [0])
        #expect(middle == EditFixture.bytes(of: output)[edited.contentsRecordRange!].map { $0 })
        #expect(EditFixture.bytes(of: output)[edited.recordRange] == EditFixture.bytes(of: file)[logo.recordRange])
    }

    @Test("embedding into a referenced asset adds one contents record right after it; the ToC already has 212")
    func embedReferenced() throws {
        let file = try RivFile(bytes: EditFixture.mixed)
        let font = file.assets[1]
        #expect(font.location == .referenced)
        var editor = RivEditor(file)
        let outcome = try editor.embed(Data(Payload.Minimal.ttf), in: font)
        #expect(outcome.action == .embedded && outcome.byteCount == Payload.Minimal.ttf.count)

        let output = try EditFixture.output(of: editor)
        let edited = output.assets[1]
        #expect(edited.location == .embedded)
        #expect(edited.embeddedBytes == Data(Payload.Minimal.ttf))
        #expect(edited.contentsRecordRange?.lowerBound == edited.recordRange.upperBound)
        #expect(output.header.tableOfContents == file.header.tableOfContents)
        let insertionPoint = font.recordRange.upperBound
        let middle = expectChangeConfined(from: file, to: output, touched: insertionPoint..<insertionPoint, edited: [1])
        #expect(middle == [106, 0xD4, 0x01, UInt8(Payload.Minimal.ttf.count)] + Payload.Minimal.ttf + [0])
        #expect(editor.outputByteCount == EditFixture.mixed.count + middle.count)
    }

    @Test("embedding into a file whose ToC lacks 212 appends it to the ToC; the objects change only by the new record")
    func embedAddsBytesKeyToTableOfContents() throws {
        let toc: [RivHeader.TableOfContentsEntry] = [.init(key: 203, fieldType: .bytes), .init(key: 204, fieldType: .varUInt)]
        let input = EditFixture.file([EditFixture.asset(105, "logo.png", id: 1), EditFixture.asset(141, "Inter.ttf", id: 2)],
                                     tableOfContents: toc)
        let file = try RivFile(bytes: input)
        var editor = RivEditor(file)
        try editor.embed(Data(Payload.Minimal.png), in: file.assets[0])
        #expect(editor.outputByteCount == editor.makeBytes().count)

        let output = try EditFixture.output(of: editor)
        #expect(output.header.tableOfContents == toc + [.init(key: 212, fieldType: .bytes)])
        #expect(output.header.fileID == file.header.fileID && output.header.majorVersion == 7)
        #expect(output.assets[0].embeddedBytes == Data(Payload.Minimal.png))
        #expect(output.assets[1].location == .referenced)
        let insertionPoint = file.assets[0].recordRange.upperBound
        let middle = expectChangeConfined(from: file, to: output, touched: insertionPoint..<insertionPoint, edited: [0])
        #expect(middle == EditFixture.bytes(of: output)[output.assets[0].contentsRecordRange!].map { $0 })
    }

    @Test("replacing bytes in a file whose ToC lacks 212 leaves the header alone")
    func replaceKeepsTableOfContents() throws {
        let input = EditFixture.file([EditFixture.asset(105, "logo.png", id: 1), EditFixture.contents(Payload.Minimal.png)],
                                     tableOfContents: [])
        let file = try RivFile(bytes: input)
        var editor = RivEditor(file)
        try editor.embed(Data(Payload.Minimal.jpeg), in: file.assets[0])
        let output = try EditFixture.output(of: editor)
        #expect(output.header.tableOfContents.isEmpty)
        #expect(output.assets[0].embeddedBytes == Data(Payload.Minimal.jpeg))
        expectChangeConfined(from: file, to: output, touched: file.assets[0].contentsRecordRange!, edited: [0])
    }

    @Test("embedding a hosted asset removes its CDN uuid and base URL and reports it")
    func embedHosted() throws {
        let file = try RivFile(bytes: EditFixture.mixed)
        let audio = file.assets[2]
        #expect(audio.location == .hosted)
        #expect(audio.cdn?.baseURL == "https://cdn.example.com/assets")
        var editor = RivEditor(file)
        let outcome = try editor.embed(Data(Payload.Minimal.wav), in: audio)
        #expect(outcome == AssetEditOutcome(uniqueName: "beep-3", type: .audio, action: .embeddedFromCDN, byteCount: Payload.Minimal.wav.count,
                                            previousByteCount: 0), "a hosted asset had no embedded bytes")

        let output = try EditFixture.output(of: editor)
        let edited = output.assets[2]
        #expect(edited.location == .embedded)
        #expect(edited.cdn == nil)
        #expect(edited.embeddedBytes == Data(Payload.Minimal.wav))
        #expect(edited.name == "beep.wav" && edited.assetID == 3)
        let record = output.objects.first { $0.range == edited.recordRange }
        #expect(record?.properties.map(\.key) == [EditFixture.Key.assetName, EditFixture.Key.fileAssetAssetId])

        let middle = expectChangeConfined(from: file, to: output, touched: audio.recordRange, edited: [2])
        let old = EditFixture.bytes(of: file)
        var expectedRecord = Array(old[audio.recordRange])
        for cdnProperty in audio.byteRanges.cdnPropertyRanges.reversed() {
            expectedRecord.removeSubrange((cdnProperty.lowerBound - audio.recordRange.lowerBound)..<(cdnProperty.upperBound - audio.recordRange.lowerBound))
        }
        #expect(middle == expectedRecord + EditFixture.bytes(of: output)[edited.contentsRecordRange!])
    }

    @Test("a hosted asset with only a uuid (default base URL) loses the uuid when embedded")
    func embedHostedDefaultBaseURL() throws {
        let file = try RivFile(bytes: EditFixture.file([EditFixture.asset(105, "sky.png", id: 7, cdnUUID: EditFixture.cdnUUID)]))
        #expect(file.assets[0].cdn?.baseURL == CDNInfo.defaultBaseURL)
        var editor = RivEditor(file)
        #expect(try editor.embed(Data(Payload.Minimal.png), in: file.assets[0]).action == .embeddedFromCDN)
        let output = try EditFixture.output(of: editor)
        #expect(output.assets[0].cdn == nil && output.assets[0].location == .embedded)
        expectChangeConfined(from: file, to: output, touched: file.assets[0].recordRange, edited: [0])
    }

    @Test("stripping removes the contents record and nothing else; the asset becomes referenced")
    func strip() throws {
        let file = try RivFile(bytes: EditFixture.mixed)
        let photo = file.assets[3]
        var editor = RivEditor(file)
        let outcome = try editor.strip(photo)
        #expect(outcome == AssetEditOutcome(uniqueName: "photo-4", type: .image, action: .stripped, byteCount: 0,
                                            previousByteCount: photo.embeddedByteCount))
        #expect(editor.outputByteCount == file.byteCount - photo.contentsRecordRange!.count)

        let output = try EditFixture.output(of: editor)
        #expect(output.assets[3].location == .referenced)
        #expect(output.assets[3].contentsRecordCount == 0)
        #expect(output.assets[3].embeddedBytes == nil)
        let middle = expectChangeConfined(from: file, to: output, touched: photo.contentsRecordRange!, edited: [3])
        #expect(middle.isEmpty)
    }

    @Test("stripping an embedded asset that also has a CDN uuid leaves it hosted")
    func stripHostedAndEmbedded() throws {
        let file = try RivFile(bytes: EditFixture.file([
            EditFixture.asset(105, "sky.png", id: 7, cdnUUID: EditFixture.cdnUUID), EditFixture.contents(Payload.Minimal.png),
        ]))
        #expect(file.assets[0].location == .embedded)
        var editor = RivEditor(file)
        try editor.strip(file.assets[0])
        let output = try EditFixture.output(of: editor)
        #expect(output.assets[0].location == .hosted)
        #expect(output.assets[0].cdn == file.assets[0].cdn)
        expectChangeConfined(from: file, to: output, touched: file.assets[0].contentsRecordRange!, edited: [0])
    }

    @Test("with two contents records, replacing changes the last one's bytes and stripping removes both")
    func repeatedContentsRecords() throws {
        let file = try RivFile(bytes: EditFixture.file([
            EditFixture.asset(105, "twice.png", id: 1), EditFixture.contents(Payload.Minimal.png), EditFixture.contents(Payload.Minimal.jpeg),
        ]))
        let asset = file.assets[0]
        #expect(asset.contentsRecordCount == 2 && asset.detectedFormat == .jpeg)
        let records = asset.byteRanges.contentsRecordRanges

        var replacer = RivEditor(file)
        try replacer.embed(Data(Payload.Minimal.webp), in: asset)
        let replaced = try EditFixture.output(of: replacer)
        #expect(replaced.assets[0].embeddedBytes == Data(Payload.Minimal.webp))
        #expect(replaced.assets[0].contentsRecordCount == 2)
        expectChangeConfined(from: file, to: replaced, touched: records[1], edited: [0])

        var stripper = RivEditor(file)
        try stripper.strip(asset)
        let stripped = try EditFixture.output(of: stripper)
        #expect(stripped.assets[0].contentsRecordCount == 0 && stripped.assets[0].location == .referenced)
        #expect(expectChangeConfined(from: file, to: stripped, touched: records[0].lowerBound..<records[1].upperBound, edited: [0]).isEmpty)
    }

    @Test("embedding into an asset whose last contents record has no bytes makes the new bytes the ones a runtime keeps")
    func embedAfterBytelessContentsRecord() throws {
        let file = try RivFile(bytes: EditFixture.file([
            EditFixture.asset(105, "odd.png", id: 1), EditFixture.contents(Payload.Minimal.png), EditFixture.Object(typeKey: 106, properties: []),
        ]))
        #expect(file.assets[0].contentsRecordCount == 2 && file.assets[0].location == .referenced)
        var editor = RivEditor(file)
        try editor.embed(Data(Payload.Minimal.jpeg), in: file.assets[0])
        let output = try EditFixture.output(of: editor)
        #expect(output.assets[0].embeddedBytes == Data(Payload.Minimal.jpeg), "the runtime keeps the last contents record")
        #expect(output.assets[0].location == .embedded)
    }

    @Test("embedding with a signature into a file whose ToC lacks 911 declares 911 in the ToC, as it does 212")
    func signatureKeyAddedToTableOfContents() throws {
        let file = try RivFile(bytes: EditFixture.file([EditFixture.asset(529, "main.lua", id: 0)]))
        #expect(!file.header.tableOfContents.contains { $0.key == 911 })
        var editor = RivEditor(file)
        try editor.embed(Data(Payload.Minimal.script), in: file.assets[0], signature: Data(EditFixture.signature))
        let output = try EditFixture.output(of: editor)
        #expect(output.assets[0].signatureByteCount == 64)
        #expect(output.header.tableOfContents.contains(.init(key: 911, fieldType: .bytes)))
    }

    @Test("several edits in one editor: later edits of an asset win, outcomes are in file order")
    func combinedEdits() throws {
        let file = try RivFile(bytes: EditFixture.mixed)
        var editor = RivEditor(file)
        try editor.strip(file.assets[3])
        try editor.embed(Data(Payload.Minimal.wav), in: file.assets[2])
        try editor.embed(Data(Payload.Minimal.otf), in: file.assets[1])
        try editor.embed(Data(Payload.Minimal.jpeg), in: file.assets[0])
        try editor.embed(Data(Payload.Minimal.webp), in: file.assets[0])
        #expect(editor.outcomes.map(\.uniqueName) == ["logo-1", "Inter-2", "beep-3", "photo-4"])
        #expect(editor.outcomes.map(\.action) == [.replaced, .embedded, .embeddedFromCDN, .stripped])
        #expect(editor.outputByteCount == editor.makeBytes().count)

        let output = try EditFixture.output(of: editor)
        #expect(output.assets.map(\.embeddedBytes) == [Data(Payload.Minimal.webp), Data(Payload.Minimal.otf), Data(Payload.Minimal.wav), nil])
        #expect(output.assets.map(\.location) == [.embedded, .embedded, .embedded, .referenced])
        #expect(output.problems.isEmpty && output.objectCount == file.objectCount + 1)
        let touched = file.assets[0].contentsRecordRange!.lowerBound..<file.assets[3].contentsRecordRange!.upperBound
        expectChangeConfined(from: file, to: output, touched: touched, edited: [0, 1, 2, 3])
    }

    /// A sample payload of each format the check knows about.
    static let samples: [ContentFormat: [UInt8]] = [
        .png: Payload.Minimal.png, .jpeg: Payload.Minimal.jpeg, .webp: Payload.Minimal.webp, .ttf: Payload.Minimal.ttf, .otf: Payload.Minimal.otf,
        .wav: Payload.Minimal.wav, .mp3: Payload.Minimal.mp3, .flac: Payload.Minimal.flac, .ogg: Payload.Minimal.ogg,
        .luaSource: Payload.Minimal.script,
    ]

    @Test("replacement bytes must suit the asset type unless forced", arguments: [
        (UInt16(105), [ContentFormat.png, .jpeg, .webp]),
        (UInt16(141), [ContentFormat.ttf, .otf]),
        (UInt16(406), [ContentFormat.wav, .mp3, .flac, .ogg]),
    ])
    func formatCheck(typeKey: UInt16, accepted: [ContentFormat]) throws {
        let file = try RivFile(bytes: EditFixture.file([EditFixture.asset(typeKey, "thing", id: 9)]))
        let asset = file.assets[0]
        for (format, payload) in Self.samples {
            #expect(ContentFormat(sniffing: payload) == format)
            var editor = RivEditor(file)
            if accepted.contains(format) {
                try editor.embed(Data(payload), in: asset)
                #expect(try EditFixture.output(of: editor).assets[0].detectedFormat == format)
            } else {
                #expect(throws: RivEditError.unsupportedFormat(uniqueName: "thing-9", type: asset.type, detected: format, accepted: accepted)) {
                    try editor.embed(Data(payload), in: asset)
                }
                #expect(!editor.hasChanges && editor.makeBytes() == Data(EditFixture.bytes(of: file)))
                try editor.embed(Data(payload), in: asset, skipChecks: true)
                #expect(try EditFixture.output(of: editor).assets[0].embeddedBytes == Data(payload))
            }
        }
    }

    @Test("the format error says what was found and what is accepted")
    func formatErrorMessage() throws {
        let file = try RivFile(bytes: EditFixture.mixed)
        var editor = RivEditor(file)
        let error = #expect(throws: RivEditError.self) { try editor.embed(Data(Payload.Minimal.wav), in: file.assets[1]) }
        let message = error?.description ?? ""
        #expect(message.contains("Inter-2") && message.contains("wav") && message.contains("ttf, otf") && !message.contains("--force"),
                "a library error names no command-line option: \(message)")
    }

    @Test("a signed script is neither changed nor stripped unless forced")
    func signedScriptRefused() throws {
        let file = try RivFile(bytes: EditFixture.signed)
        let script = file.assets[1]
        #expect(script.isSigned && script.signatureByteCount == 64)
        var editor = RivEditor(file)
        #expect(throws: RivEditError.signedContents(uniqueName: "main-0")) {
            try editor.embed(Data("return 1".utf8), in: script)
        }
        #expect(throws: RivEditError.signedContents(uniqueName: "main-0")) { try editor.strip(script) }
        #expect(!editor.hasChanges)

        var forced = RivEditor(file)
        try forced.embed(Data("return 1".utf8), in: script, skipChecks: true)
        let forcedFile = try EditFixture.output(of: forced)
        #expect(forcedFile.assets[1].embeddedBytes == Data("return 1".utf8))
        #expect(forcedFile.assets[1].signatureRange.map { forcedFile.bytes(in: $0) } == Data(EditFixture.signature))

        var resigned = RivEditor(file)
        let newSignature = [UInt8](repeating: 0xA5, count: 64)
        try resigned.embed(Data("return 2".utf8), in: script, signature: Data(newSignature), skipChecks: true)
        let resignedFile = try EditFixture.output(of: resigned)
        #expect(resignedFile.assets[1].signatureRange.map { resignedFile.bytes(in: $0) } == Data(newSignature))
        #expect(resignedFile.assets[1].contentsRecordCount == 1)

        var stripper = RivEditor(file)
        try stripper.strip(script, skipChecks: true)
        let stripped = try EditFixture.output(of: stripper)
        #expect(stripped.assets[1].location == .referenced && !stripped.assets[1].isSigned)
        expectChangeConfined(from: file, to: stripped, touched: script.contentsRecordRange!, edited: [1])
    }

    @Test("an unsigned script in a file with signed scripts is refused too, since the signature covers the scripts")
    func unsignedScriptBesideSignedOne() throws {
        let file = try RivFile(bytes: EditFixture.file([
            EditFixture.asset(529, "main.lua", id: 0), EditFixture.contents(Payload.Minimal.script, signature: EditFixture.signature),
            EditFixture.asset(529, "helper.lua", id: 0), EditFixture.contents(Payload.Minimal.script),
        ]))
        #expect(!file.assets[1].isSigned)
        var editor = RivEditor(file)
        #expect(throws: RivEditError.signedContents(uniqueName: "helper-1")) { try editor.strip(file.assets[1]) }
    }

    @Test("an image edit beside a signed script leaves the script's contents (bytes and signature) byte-identical")
    func imageEditKeepsSignature() throws {
        let file = try RivFile(bytes: EditFixture.signed)
        var editor = RivEditor(file)
        try editor.embed(Data(Payload.Minimal.jpeg), in: file.assets[0])
        let output = try EditFixture.output(of: editor)
        let (before, after) = (file.assets[1], output.assets[1])
        #expect(output.bytes(in: after.contentsRecordRange!) == file.bytes(in: before.contentsRecordRange!))
        #expect(output.bytes(in: after.signatureRange!) == Data(EditFixture.signature))
        #expect(after.embeddedBytes == Data(Payload.Minimal.script))
        expectChangeConfined(from: file, to: output, touched: file.assets[0].contentsRecordRange!, edited: [0])
    }

    @Test("stripping an asset with nothing embedded throws notEmbedded")
    func stripNotEmbedded() throws {
        let file = try RivFile(bytes: EditFixture.mixed)
        var editor = RivEditor(file)
        #expect(throws: RivEditError.notEmbedded(uniqueName: "Inter-2")) { try editor.strip(file.assets[1]) }
        #expect(throws: RivEditError.notEmbedded(uniqueName: "beep-3")) { try editor.strip(file.assets[2]) }
        #expect(!editor.hasChanges)
    }

    @Test("an asset of another RivFile is refused, even one read from the same bytes")
    func assetOfAnotherFile() throws {
        let file = try RivFile(bytes: EditFixture.mixed)
        let twin = try RivFile(bytes: EditFixture.mixed)
        var editor = RivEditor(file)
        #expect(throws: RivEditError.assetNotInFile(uniqueName: "logo-1")) { try editor.embed(Data(Payload.Minimal.png), in: twin.assets[0]) }
        #expect(throws: RivEditError.assetNotInFile(uniqueName: "photo-4")) { try editor.strip(twin.assets[3]) }
        #expect(!editor.hasChanges)
    }

    @Test("a ToC that declares the contents keys as something other than bytes does not stop an embed: the runtime reads both keys as bytes, and so does the reader")
    func conflictingTableOfContents() throws {
        let declaresBytesAsUInt = EditFixture.fullTableOfContents.map {
            $0.key == EditFixture.Key.fileAssetContentsBytes ? RivHeader.TableOfContentsEntry(key: $0.key, fieldType: .varUInt) : $0
        }
        let file = try RivFile(bytes: EditFixture.file([EditFixture.asset(105, "logo.png", id: 1)], tableOfContents: declaresBytesAsUInt))
        var editor = RivEditor(file)
        try editor.embed(Data(Payload.Minimal.png), in: file.assets[0])
        #expect(try EditFixture.output(of: editor).assets[0].embeddedBytes == Data(Payload.Minimal.png))
        let declaresSignatureAsColor = EditFixture.fullTableOfContents + [.init(key: EditFixture.Key.fileAssetContentsSignature, fieldType: .color)]
        let script = try RivFile(bytes: EditFixture.file([EditFixture.asset(529, "main.lua", id: 0)], tableOfContents: declaresSignatureAsColor))
        var scriptEditor = RivEditor(script)
        try scriptEditor.embed(Data(Payload.Minimal.script), in: script.assets[0], signature: Data(EditFixture.signature))
        let signed = try EditFixture.output(of: scriptEditor).assets[0]
        #expect(signed.embeddedByteCount == Payload.Minimal.script.count)
        #expect(signed.signatureByteCount == EditFixture.signature.count)
    }
}

@Suite("RivEditor and FileAsset: writing files")
struct EditorWriteTests {
    /// An editor of ``EditFixture/mixed`` with the logo replaced.
    private func editedMixed() throws -> RivEditor {
        let file = try RivFile(bytes: EditFixture.mixed)
        var editor = RivEditor(file)
        try editor.embed(Data(Payload.Minimal.jpeg), in: file.assets[0])
        return editor
    }

    /// Runs `body` with that editor, a fresh folder and the destination `out.riv` in it, which already holds `existing`.
    private func withExistingDestination(_ existing: String, _ body: (RivEditor, URL, URL) throws -> Void) throws {
        let editor = try editedMixed()
        try EditFixture.withFolder { folder in
            let destination = folder.appendingPathComponent("out.riv")
            try Data(existing.utf8).write(to: destination)
            try body(editor, folder, destination)
        }
    }

    /// Checks that writing `editor` to `destination` fails with writeFailed naming it.
    private func expectWriteFailed(_ editor: RivEditor, to destination: URL, sourceLocation: SourceLocation = #_sourceLocation) {
        let error = #expect(throws: RivEditError.self, sourceLocation: sourceLocation) { try editor.write(to: destination) }
        #expect(error.map { $0.code == .writeFailed && $0.path == destination.path } == true, sourceLocation: sourceLocation)
    }

    private func mode(_ path: String) -> (type: mode_t, permissions: mode_t) {
        var status = stat()
        guard lstat(path, &status) == 0 else { return (0, 0) }
        return (status.st_mode & S_IFMT, status.st_mode & 0o7777)
    }

    @Test("write(to:) writes what makeBytes() returns, with the umask's permissions, and leaves no temporary file")
    func writeNew() throws {
        let editor = try editedMixed()
        try EditFixture.withFolder { folder in
            let destination = folder.appendingPathComponent("out.riv")
            try editor.write(to: destination)
            #expect(try Data(contentsOf: destination) == editor.makeBytes())
            #expect(try EditFixture.temporaryFiles(in: folder).isEmpty)
            let status = mode(destination.path)
            #expect(status.type == S_IFREG)
            #if os(Linux)
            if let umaskLine = (try? String(contentsOfFile: "/proc/self/status", encoding: .utf8))?
                .split(separator: "\n").first(where: { $0.hasPrefix("Umask:") }),
               let mask = mode_t(umaskLine.dropFirst(6).trimmingCharacters(in: .whitespaces), radix: 8) {
                #expect(status.permissions == 0o666 & ~mask)
            }
            #endif
        }
    }

    @Test("bytes embedded from an array (as shrink hands them over, uncopied) are written and compared like the same bytes in Data")
    func embedArray() throws {
        let file = try RivFile(bytes: EditFixture.mixed)
        var fromData = RivEditor(file), fromArray = RivEditor(file)
        let expected = try fromData.embed(Data(Payload.Minimal.jpeg), in: file.assets[0])
        #expect(try fromArray.embed(Payload.Minimal.jpeg, in: file.assets[0]) == expected)
        #expect(fromArray.makeBytes() == fromData.makeBytes() && fromArray.outputByteCount == fromData.outputByteCount)
        try EditFixture.withFolder { folder in
            let destination = folder.appendingPathComponent("out.riv")
            try fromArray.write(to: destination)
            #expect(try Data(contentsOf: destination) == fromData.makeBytes())
            try fromArray.write(to: destination, overwrite: true)
            #expect(try EditFixture.temporaryFiles(in: folder).isEmpty)
        }
    }

    @Test("overwriting keeps the destination's permissions")
    func preservesPermissions() throws {
        try withExistingDestination("old") { editor, folder, destination in
            #expect(chmod(destination.path, 0o640) == 0)
            try editor.write(to: destination, overwrite: true)
            #expect(mode(destination.path).permissions == 0o640)
            #expect(try Data(contentsOf: destination) == editor.makeBytes())
            #expect(try EditFixture.temporaryFiles(in: folder).isEmpty)
        }
    }

    @Test("a memory-mapped input can be rewritten in place")
    func rewriteInPlace() throws {
        let large = Payload.Minimal.png + [UInt8](repeating: 0x42, count: 100_000)
        try EditFixture.withFolder { folder in
            let path = folder.appendingPathComponent("big.riv")
            try Data(EditFixture.file([EditFixture.asset(105, "big.png", id: 1), EditFixture.contents(large)])).write(to: path)
            let file = try RivFile(contentsOf: path)
            #expect(file.byteCount >= ByteStorage.mappingThreshold)
            var editor = RivEditor(file)
            try editor.embed(Data(Payload.Minimal.jpeg), in: file.assets[0])
            let expected = editor.makeBytes()
            try editor.write(to: path, overwrite: true)
            #expect(try Data(contentsOf: path) == expected)
            #expect(file.assets[0].embeddedBytes == Data(large), "the input's mapping still holds the old bytes")
        }
    }

    @Test("a destination that is a symbolic link: the link becomes a regular file, its target is untouched")
    func symlinkDestination() throws {
        let editor = try editedMixed()
        try EditFixture.withFolder { folder in
            let target = folder.appendingPathComponent("target.riv")
            let link = folder.appendingPathComponent("link.riv")
            try Data("target".utf8).write(to: target)
            try FileManager.default.createSymbolicLink(at: link, withDestinationURL: target)
            try editor.write(to: link, overwrite: true)
            #expect(mode(link.path).type == S_IFREG)
            #expect(try Data(contentsOf: link) == editor.makeBytes())
            #expect(try Data(contentsOf: target) == Data("target".utf8))
            #expect(try EditFixture.temporaryFiles(in: folder).isEmpty)
        }
    }

    @Test("writing into a folder that does not exist throws writeFailed and creates nothing")
    func missingFolder() throws {
        let editor = try editedMixed()
        try EditFixture.withFolder { (folder: URL) throws in
            expectWriteFailed(editor, to: folder.appendingPathComponent("absent/out.riv"))
            #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).isEmpty)
        }
    }

    @Test("a destination that is a folder is refused with writeFailed; the folder stays as it was, no temporary file is left")
    func destinationIsFolder() throws {
        let editor = try editedMixed()
        try EditFixture.withFolder { folder in
            let destination = folder.appendingPathComponent("out.riv")
            try FileManager.default.createDirectory(at: destination, withIntermediateDirectories: false)
            try Data("keep".utf8).write(to: destination.appendingPathComponent("inside"))
            expectWriteFailed(editor, to: destination)
            #expect(try FileManager.default.contentsOfDirectory(atPath: destination.path) == ["inside"])
            #expect(try Data(contentsOf: destination.appendingPathComponent("inside")) == Data("keep".utf8))
            #expect(try EditFixture.temporaryFiles(in: folder).isEmpty)
        }
    }

    @Test("a destination that is a named pipe is refused with writeFailed and stays a pipe")
    func pipeDestination() throws {
        let editor = try editedMixed()
        try EditFixture.withFolder { (folder: URL) throws in
            let destination = folder.appendingPathComponent("out.riv")
            #expect(mkfifo(destination.path, 0o600) == 0)
            expectWriteFailed(editor, to: destination)
            #expect(mode(destination.path).type == S_IFIFO)
            #expect(try EditFixture.temporaryFiles(in: folder).isEmpty)
        }
    }

    @Test("a destination whose name is long but valid (254 bytes) can be written")
    func longDestinationName() throws {
        let editor = try editedMixed()
        try EditFixture.withFolder { folder in
            let destination = folder.appendingPathComponent(String(repeating: "a", count: 250) + ".riv")
            #expect(FileManager.default.createFile(atPath: destination.path, contents: Data("old".utf8)), "the file system takes the name")
            try editor.write(to: destination, overwrite: true)
            #expect(try Data(contentsOf: destination) == editor.makeBytes())
            #expect(try EditFixture.temporaryFiles(in: folder).isEmpty)
        }
    }

    @Test("writing into a read-only folder throws writeFailed and leaves the existing destination unchanged",
          .enabled(if: getuid() != 0, "root ignores folder permissions"))
    func readOnlyFolder() throws {
        try withExistingDestination("existing") { (editor: RivEditor, folder: URL, destination: URL) throws in
            #expect(chmod(folder.path, 0o555) == 0)
            defer { chmod(folder.path, 0o755) }
            expectWriteFailed(editor, to: destination)
            #expect(try Data(contentsOf: destination) == Data("existing".utf8))
            #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == ["out.riv"])
        }
    }

    @Test("a failed write leaves the input file unchanged")
    func inputUntouchedOnFailure() throws {
        try EditFixture.withFolder { folder in
            let input = folder.appendingPathComponent("in.riv")
            try Data(EditFixture.mixed).write(to: input)
            let file = try RivFile(contentsOf: input)
            var editor = RivEditor(file)
            try editor.strip(file.assets[0])
            expectWriteFailed(editor, to: folder.appendingPathComponent("no/such/out.riv"))
            #expect(try Data(contentsOf: input) == Data(EditFixture.mixed))
        }
    }

    @Test("FileAsset.writeEmbeddedBytes(to:) writes exactly the embedded bytes; a referenced asset throws notEmbedded")
    func writeEmbeddedBytes() throws {
        let file = try RivFile(bytes: EditFixture.mixed)
        try EditFixture.withFolder { folder in
            let destination = folder.appendingPathComponent("photo.jpg")
            try file.assets[3].writeEmbeddedBytes(to: destination)
            #expect(try Data(contentsOf: destination) == Data(Payload.Minimal.jpeg))
            try file.assets[0].writeEmbeddedBytes(to: destination)
            #expect(try Data(contentsOf: destination) == Data(Payload.Minimal.png))
            let missing = folder.appendingPathComponent("Inter-2.ttf")
            #expect(throws: RivEditError.notEmbedded(uniqueName: "Inter-2")) { try file.assets[1].writeEmbeddedBytes(to: missing) }
            #expect(!FileManager.default.fileExists(atPath: missing.path))
            #expect(try EditFixture.temporaryFiles(in: folder).isEmpty)
        }
    }
}
