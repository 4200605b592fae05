import Foundation
import Testing
@testable import RivFormat

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
            try editor.write(to: url)
            let status = try #require(POSIX.FileStatus(ofLinkAt: url.path))
            #expect(status.owner == 1234 && status.group == 4321)
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
}
