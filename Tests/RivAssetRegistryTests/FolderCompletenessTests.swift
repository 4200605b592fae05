import Foundation
import Testing
@testable import RivAssetRegistry
import RivTestSupport
import RivSupport

/// A folder source serves a PNG or JPEG once its format's own end has arrived,
/// whatever follows it, and says so when a settled file never gets there.
@Suite("Folder completeness")
struct FolderCompletenessTests {
    /// SOI, an APP1 holding a thumbnail's FF D9, a 1x1 frame, a scan whose data has
    /// a stuffed FF and a restart marker, EOI.
    private static let jpeg: [UInt8] = [0xFF, 0xD8]
        + [0xFF, 0xE1, 0x00, 0x0A] + Array("Exif".utf8) + [0xFF, 0xD8, 0xFF, 0xD9]
        + [0xFF, 0xC0, 0x00, 0x0B, 0x08, 0x00, 0x01, 0x00, 0x01, 0x01, 0x01, 0x11, 0x00]
        + [0xFF, 0xDA, 0x00, 0x08, 0x01, 0x01, 0x00, 0x00, 0x3F, 0x00]
        + [0x12, 0xFF, 0x00, 0x34, 0xFF, 0xD0, 0x56, 0x78, 0xFF, 0xD9]

    private func folder(_ directory: TemporaryDirectory) throws -> URL {
        let folder = directory.url.appendingPathComponent("brand")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        return folder
    }

    @Test("a PNG with bytes after IEND and a JPEG with a video after its end are served at once; cut inside a chunk, before IEND or in the scan data they are not")
    func trailingBytesServed() throws {
        let directory = try TemporaryDirectory()
        let folder = try folder(directory)
        // A settle interval no test waits out: only the format's end decides.
        let source = FolderAssetSource(url: folder, settleInterval: 3600)
        let png = Payload.wholePNG(40)
        let padded = Data(png + [UInt8](repeating: 0, count: 8))
        let motion = Data(Self.jpeg + [0, 0, 0, 0x18] + Array("ftypmp42".utf8) + [UInt8](repeating: 0xD9, count: 40))
        try padded.write(to: folder.appendingPathComponent("hero-1.png"))
        try motion.write(to: folder.appendingPathComponent("photo-2.jpg"))
        #expect(try source.scan().map(\.bytes) == [padded, motion])
        // Cut inside the filler chunk, just before IEND, and inside the scan data (after an FF D9 in the APP1).
        try Data(png.prefix(50)).write(to: folder.appendingPathComponent("hero-1.png"))
        try Data(Self.jpeg.prefix(Self.jpeg.count - 2)).write(to: folder.appendingPathComponent("photo-2.jpg"))
        try Data(png.prefix(png.count - 12)).write(to: folder.appendingPathComponent("logo-3.png"))
        try Data(Self.jpeg.prefix(16)).write(to: folder.appendingPathComponent("thumb-4.jpg"))
        #expect(try source.scan().map(\.bytes) == [padded, motion], "the whole versions before stay; the cut files are not served")
        #expect(source.takeNotes().isEmpty, "files that may still be being written are not noted")
    }

    @Test("a file that has settled and still is not whole is noted once, naming it, and again after it changes; a watch hands the note on")
    func settledButCutIsNoted() async throws {
        let directory = try TemporaryDirectory()
        let folder = try folder(directory)
        let source = FolderAssetSource(url: folder, settleInterval: 0)
        let png = Payload.wholePNG(40)
        let path = folder.appendingPathComponent("hero-1.png")
        try Data(png.prefix(50)).write(to: path)
        #expect(try source.scan().isEmpty)
        let notes = source.takeNotes()
        #expect(notes.count == 1)
        #expect(notes.first?.contains(path.path) == true && notes.first?.contains("IEND") == true)
        #expect(try source.scan().isEmpty)
        #expect(source.takeNotes().isEmpty, "noted once while unchanged")
        try Data(png.prefix(60)).write(to: path)
        #expect(try source.scan().isEmpty)
        #expect(source.takeNotes().count == 1, "noted again once changed")
        try Data(png).write(to: path)
        #expect(try source.scan().map(\.name) == ["hero-1"])
        #expect(source.takeNotes().isEmpty)

        // A watch puts the note in the update it hands on.
        let registry = AssetRegistry()
        let settling = FolderAssetSource(url: folder, settleInterval: 0.05)
        registry.addSourceImmediately(settling)
        let handed = Protected<[String]>([])
        let watch = settling.watch(updating: registry) { update in handed.withLock { $0 += update.notes } }
        defer { watch.stop() }
        try Data(Self.jpeg.prefix(30)).write(to: folder.appendingPathComponent("photo-2.jpg"))
        for _ in 0..<400 where handed.withLock({ $0.isEmpty }) { try await Task.sleep(for: .milliseconds(25)) }
        #expect(handed.withLock { $0 }.count == 1)
        #expect(handed.withLock { $0 }.first?.contains("photo-2.jpg") == true)
    }
}
