import Foundation
import Testing
import RivTestSupport
@testable import RivFormat
@testable import RivSupport

/// What a rewrite does to the file's metadata, and inputs that are not files.
@Suite("Atomic writes and odd inputs")
struct AtomicWriteTests {
    @Test("the temporary file is created with the destination's permissions, never wider")
    func temporaryFileMode() throws {
        try EditFixture.withFolder { folder in
            let destination = folder.appendingPathComponent("private.riv").path
            let (descriptor, path) = try AtomicFileWriter.createTemporaryFile(beside: destination, permissions: 0o600)
            defer {
                close(descriptor)
                unlink(path)
                TemporaryFiles.shared.unregister(path)
            }
            let status = try POSIX.FileStatus(descriptor: descriptor)
            #expect(status.permissions == 0o600)
        }
    }

    @Test("rewriting keeps the file's owner and group (as root, who may set them)",
          .enabled(if: getuid() == 0, "only the superuser may give a file to another owner"))
    func ownerAndGroupKept() throws {
        try EditFixture.withFolder { folder in
            let url = folder.appendingPathComponent("owned.riv")
            try Data(EditFixture.mixed).write(to: url)
            #expect(chown(url.path, 1234, 4321) == 0)
            let file = try RivFile(contentsOf: url)
            var editor = RivEditor(file)
            try editor.strip(file.assets[0])
            try editor.write(to: url, overwrite: true)
            let status = try #require(POSIX.FileStatus(ofLinkAt: url.path))
            #expect(status.owner == 1234 && status.group == 4321)
        }
    }

    @Test("a streamed file holds every piece in order, larger ones than its buffer included; a failing body leaves nothing behind")
    func streamedFile() throws {
        try EditFixture.withFolder { folder in
            let url = folder.appendingPathComponent("page.html")
            let large = String(repeating: "a", count: 3 << 20)
            let count = try AtomicFile.stream(to: url) { out throws(FileWriteError) in
                try out.write("head ")
                try out.write(large)
                try out.write(" tail")
            }
            #expect(count == large.utf8.count + 10)
            #expect(try Data(contentsOf: url) == Data(("head " + large + " tail").utf8))
            #expect(throws: FileWriteError.self) {
                try AtomicFile.stream(to: folder.appendingPathComponent("never.html")) { out throws(FileWriteError) in
                    try out.write("partial")
                    throw .writeFailed(path: "never.html", reason: "stopped")
                }
            }
            let names = try FileManager.default.contentsOfDirectory(atPath: folder.path)
            #expect(names == ["page.html"], "no output and no temporary file: \(names)")
            #expect(throws: FileWriteError.destinationExists(path: url.path)) {
                try AtomicFile.stream(to: url, replacing: false) { out throws(FileWriteError) in try out.write("x") }
            }
        }
    }

    @Test("a FIFO given as a .riv file is refused at once, never waited on")
    func fifoInput() throws {
        try EditFixture.withFolder { folder in
            let path = folder.appendingPathComponent("pipe.riv").path
            #expect(mkfifo(path, 0o600) == 0)
            let error = #expect(throws: RivError.self) { try RivFile(path: path) }
            #expect(error?.message.contains("is not a regular file") == true, "\(String(describing: error))")
        }
    }

    @Test("a large file cut short after it was read: hashing stops without a fault and says so; extraction refuses it")
    func truncatedWhileHashed() throws {
        try EditFixture.withFolder { folder in
            let url = folder.appendingPathComponent("large.riv")
            var encoder = RivFileBuilder(fileID: 1, tableOfContents: [])
            encoder.appendObject(typeKey: Schema.TypeKey.imageAsset, properties: [(Schema.PropertyKey.assetName, .string("big.png")),
                                                                                 (Schema.PropertyKey.fileAssetAssetId, .uint(1))])
            encoder.appendObject(typeKey: Schema.TypeKey.fileAssetContents,
                                 properties: [(Schema.PropertyKey.fileAssetContentsBytes, .bytes([0x89, 0x50, 0x4E, 0x47] + Array(repeating: 7, count: 3 << 20)))])
            try Data(encoder.bytes).write(to: url)
            let file = try RivFile(contentsOf: url)
            #expect(!file.hasChangedOnDisk)
            #expect(truncate(url.path, 4096) == 0)
            _ = file.assets[0].contentHash
            #expect(file.hasChangedOnDisk)
            #expect(throws: RivEditError.sourceChanged(path: url.path)) {
                try file.assets[0].writeEmbeddedBytes(to: folder.appendingPathComponent("out.png"))
            }
            #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("out.png").path))
        }
    }

    @Test("a file set aside is put back by the interrupt cleanup, over whatever took its name")
    func setAsideRestoredOnInterrupt() throws {
        try EditFixture.withFolder { folder in
            let original = folder.appendingPathComponent("logo-1.png").path
            let holding = folder.appendingPathComponent(".riv-assets-x.previous").path
            try Data("earlier run".utf8).write(to: URL(fileURLWithPath: original))
            let files = TemporaryFiles()
            try files.setAside(original, to: holding)
            try Data("new".utf8).write(to: URL(fileURLWithPath: original))
            files.removeAll()
            #expect(try Data(contentsOf: URL(fileURLWithPath: original)) == Data("earlier run".utf8))
            #expect(!FileManager.default.fileExists(atPath: holding))
        }
    }
}
