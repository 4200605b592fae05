import Foundation
import Testing
import RivSupport

/// The one folder maker every output goes through: parents made, a folder left as it
/// is, anything else at the path refused with the path and the reason.
@Suite("Output folders")
struct OutputFolderTests {
    private static func scratch() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("riv-folder-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    @Test("missing parents are made, and a folder that is there is left with what it holds")
    func makesParentsAndKeepsAFolder() throws {
        let root = try Self.scratch()
        defer { try? FileManager.default.removeItem(at: root) }
        let nested = root.appendingPathComponent("a/b/c")
        try OutputFolder.create(nested)
        var isFolder: ObjCBool = false
        #expect(FileManager.default.fileExists(atPath: nested.path, isDirectory: &isFolder) && isFolder.boolValue)
        try Data("kept".utf8).write(to: nested.appendingPathComponent("file"))
        try OutputFolder.create(nested)
        #expect(try Data(contentsOf: nested.appendingPathComponent("file")) == Data("kept".utf8))
    }

    @Test("a file at the path, or a file where a parent should be, is an error naming the path; the file is untouched")
    func refusesAFileInTheWay() throws {
        let root = try Self.scratch()
        defer { try? FileManager.default.removeItem(at: root) }
        let file = root.appendingPathComponent("taken")
        try Data("bytes".utf8).write(to: file)

        let atPath = #expect(throws: OutputFolder.CreationError.self) { try OutputFolder.create(file) }
        #expect(atPath?.path == file.path && atPath?.reason == "it is not a folder")
        #expect(atPath?.description == "\(file.path): cannot create the folder: it is not a folder")

        let below = file.appendingPathComponent("inner")
        let underFile = #expect(throws: OutputFolder.CreationError.self) { try OutputFolder.create(below) }
        #expect(underFile?.path == below.path && underFile?.underlying != nil)
        #expect(underFile.map { !$0.reason.isEmpty && !$0.reason.contains("NSCocoaErrorDomain") } == true, "\(String(describing: underFile))")
        #expect(try Data(contentsOf: file) == Data("bytes".utf8))
    }
}
