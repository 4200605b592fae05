import Foundation
import RivFormat

/// Builds small `.riv` files with ``RivFileBuilder`` for the editor and registry tests.
public enum EditFixture {
    public static let signature = [UInt8](repeating: 0x5A, count: 64)
    public static let cdnUUID: [UInt8] = Array(0..<16)

    /// Property keys of asset and contents records.
    package typealias Key = Schema.PropertyKey

    /// One object of a test file.
    public typealias Object = RivFileBuilder.Record

    /// A file asset record; `baseURL` is written only with a uuid.
    public static func asset(_ typeKey: UInt16, _ name: String, id: UInt64, cdnUUID: [UInt8]? = nil, baseURL: String? = nil) -> Object {
        .asset(typeKey, name: name, id: id, cdnUUID: cdnUUID, baseURL: cdnUUID == nil ? nil : baseURL)
    }

    /// A FileAssetContents record.
    public static func contents(_ bytes: [UInt8], signature: [UInt8]? = nil) -> Object {
        .contents(bytes, signature: signature)
    }

    /// The ToC real files carry: the asset keys above 160, the bytes key included.
    public static let fullTableOfContents: [RivHeader.TableOfContentsEntry] = [
        .init(key: Key.assetName, fieldType: .bytes), .init(key: Key.fileAssetAssetId, fieldType: .varUInt),
        .init(key: Key.fileAssetContentsBytes, fieldType: .bytes), .init(key: Key.fileAssetCdnUuid, fieldType: .bytes),
        .init(key: Key.fileAssetCdnBaseUrl, fieldType: .bytes),
    ]

    /// A file: Backboard, `objects`, then an Artboard, so that bytes follow every asset.
    public static func file(_ objects: [Object], tableOfContents: [RivHeader.TableOfContentsEntry] = fullTableOfContents) -> [UInt8] {
        var file = RivFileBuilder(fileID: 42, tableOfContents: tableOfContents)
        file.appendBackboard()
        for object in objects { file.append(object) }
        file.appendArtboard(name: "Main", width: 500, height: 500)
        return file.bytes
    }

    /// An embedded image, a referenced font, a hosted audio clip and an embedded JPEG image.
    public static let mixed = file([
        asset(105, "logo.png", id: 1), contents(Payload.Minimal.png),
        asset(141, "Inter.ttf", id: 2),
        asset(406, "beep.wav", id: 3, cdnUUID: cdnUUID, baseURL: "https://cdn.example.com/assets"),
        asset(105, "photo.jpg", id: 4), contents(Payload.Minimal.jpeg),
    ])

    /// An embedded image and a signed, embedded script.
    public static let signed = file([
        asset(105, "logo.png", id: 1), contents(Payload.Minimal.png),
        asset(529, "main.lua", id: 0), contents(Payload.Minimal.script, signature: signature),
    ])

    /// Every byte of `file`.
    public static func bytes(of file: RivFile) -> [UInt8] {
        Array(file.bytes(in: 0..<file.byteCount))
    }

    /// Re-reads the editor's output.
    public static func output(of editor: RivEditor) throws -> RivFile {
        try RivFile(bytes: editor.makeBytes())
    }

    /// A fresh folder under the temporary directory; the caller removes it.
    public static func makeFolder() throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("riv-edit-tests-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        return folder
    }

    /// A fresh folder under the temporary directory, removed after `body`.
    public static func withFolder<Result>(_ body: (URL) throws -> Result) throws -> Result {
        let folder = try makeFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        return try body(folder)
    }

    /// Names in `folder` that look like the writer's temporary files.
    public static func temporaryFiles(in folder: URL) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.contains(".riv-assets-") }
    }

    /// Whether an edit of `input` into `output` stayed inside `touched`: the header
    /// (when the table of contents is the same), the objects before the edit and the
    /// bytes after it are equal, and every asset not in `edited` keeps its record
    /// and contents byte for byte. `differences` names what is not so (empty when
    /// confined); `spliced` is the output bytes that stand where `touched` stood.
    public static func confinement(from input: RivFile, to output: RivFile, touched: Range<Int>,
                                   edited: Set<Int>) -> (differences: [String], spliced: [UInt8]) {
        let (old, new) = (bytes(of: input), bytes(of: output))
        let (oldStart, newStart) = (input.header.objectsOffset, output.header.objectsOffset)
        var differences: [String] = []
        if output.header.tableOfContents == input.header.tableOfContents, new[..<newStart] != old[..<oldStart] {
            differences.append("header")
        }
        let prefix = old[oldStart..<touched.lowerBound]
        let suffix = old[touched.upperBound...]
        guard new.count >= newStart + prefix.count + suffix.count else { return (["output shorter than what the edit kept"], []) }
        if !new[newStart..<(newStart + prefix.count)].elementsEqual(prefix) { differences.append("objects before the edit") }
        if !new.suffix(suffix.count).elementsEqual(suffix) { differences.append("bytes after the edit") }
        if output.assets.count != input.assets.count { differences.append("asset count") }
        for (index, (before, after)) in zip(input.assets, output.assets).enumerated() where !edited.contains(index) {
            if new[after.recordRange] != old[before.recordRange] { differences.append("record of \(before.uniqueName)") }
            if after.contentsRecordRange.map({ new[$0] }) != before.contentsRecordRange.map({ old[$0] }) {
                differences.append("contents of \(before.uniqueName)")
            }
            if after.uniqueName != before.uniqueName || after.location != before.location || after.cdn != before.cdn {
                differences.append("identity of \(before.uniqueName)")
            }
        }
        return (differences, Array(new[(newStart + prefix.count)..<(new.count - suffix.count)]))
    }
}
