import Foundation

/// Writes a file so that readers never see it half-written: the bytes go to a
/// temporary file in the destination's folder, are flushed to disk, and the
/// temporary file is renamed over the destination.
///
/// If the destination is a symbolic link, the link itself is replaced by the new
/// file; the file it pointed to is never written. An existing regular file's
/// permissions, owner and group (where the system permits) carry over to the new
/// file, which is created with those permissions from the start; other hard links
/// to the old file keep the old bytes. The folder is flushed after the rename. A destination that exists and is
/// neither a regular file nor a link (a directory, a device such as `/dev/full`, a
/// pipe) is refused. While a write is in progress the
/// temporary file's path is known to ``TemporaryFiles`` so that an interrupted
/// process can remove it.
package enum AtomicFileWriter {
    /// Writes `bytes` (whole, from memory). Without `replacing`, the new file is
    /// linked to `path` instead of renamed over it, which fails when anything is
    /// there: the existence check and the write are one step. A regular file at
    /// `path` that already holds exactly these bytes is left as it is (same inode,
    /// same modification time), so a build system sees no change.
    package static func write(_ bytes: UnsafeRawBufferPointer, to path: String, replacing: Bool = true, flushing: Bool = true) throws(FileWriteError) {
        if replacing, file(at: path, holds: bytes) { return }
        try write(to: path, replacing: replacing, flushing: flushing) { descriptor throws(FileWriteError) in
            try writeAll(bytes, to: descriptor, path: path)
        }
    }

    /// Whether `path` names a regular file (not a link) holding exactly `bytes`.
    package static func file(at path: String, holds bytes: UnsafeRawBufferPointer) -> Bool {
        file(at: path, count: bytes.count) { matches in matches(bytes) }
    }

    /// The comparison under both: `path` must be a regular file of `count` bytes,
    /// and `feed` hands the expected bytes, in order, to the `matches` it is given,
    /// which compares them with the file's next bytes (false at the first difference).
    package static func file(at path: String, count: Int, _ feed: ((UnsafeRawBufferPointer) -> Bool) -> Bool) -> Bool {
        guard let existing = POSIX.FileStatus(ofLinkAt: path), existing.kind == .regularFile, existing.size == count else { return false }
        let descriptor = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC | O_NOFOLLOW)
        guard descriptor >= 0 else { return false }
        defer { close(descriptor) }
        var offset = 0
        var buffer = [UInt8](repeating: 0, count: 1 << 16)
        func matches(_ chunk: UnsafeRawBufferPointer) -> Bool {
            var done = 0
            while done < chunk.count {
                let want = min(buffer.count, chunk.count - done)
                let got = buffer.withUnsafeMutableBytes { pread(descriptor, $0.baseAddress, want, off_t(offset + done)) }
                guard got > 0, buffer.withUnsafeBytes({ memcmp($0.baseAddress!, chunk.baseAddress! + done, got) == 0 }) else { return false }
                done += got
            }
            offset += chunk.count
            return true
        }
        return feed(matches) && offset == count
    }

    /// Creates the temporary file, lets `body` fill it, then flushes and renames it to `path`.
    /// Throws what a write to `path` would throw before writing anything: a
    /// destination that is neither a regular file nor a link, or, without
    /// `replacing`, any destination at all.
    package static func checkDestination(_ path: String, replacing: Bool) throws(FileWriteError) {
        guard let existing = POSIX.FileStatus(ofLinkAt: path) else { return }
        if existing.kind != .regularFile && existing.kind != .symbolicLink {
            let what = existing.kind == .directory ? "it is a directory" : "it exists and is not a regular file (a device, pipe or socket)"
            throw .writeFailed(path: path, reason: what)
        }
        if !replacing { throw .destinationExists(path: path) }
    }

    /// With `leavingIdenticalFile`, a regular file at `path` that holds exactly what
    /// `body` wrote is left as it is and the temporary file removed: the check for
    /// bytes that are not known until they are written.
    /// Without `flushing`, neither the file nor its folder is flushed to disk.
    package static func write(to path: String, replacing: Bool, leavingIdenticalFile: Bool = false, flushing: Bool = true,
                              _ body: (Int32) throws(FileWriteError) -> Void) throws(FileWriteError) {
        try checkDestination(path, replacing: replacing)
        let existing = POSIX.FileStatus(ofLinkAt: path)
        let existingFile = existing?.kind == .regularFile ? existing : nil
        // Created with the destination's permissions (narrowed further by the umask), so
        // the new bytes are never readable by more people than the old ones were, not
        // even while they are written or after an interruption leaves the file behind.
        let (descriptor, temporaryPath) = try createTemporaryFile(beside: path, permissions: existingFile?.permissions ?? 0o666)
        defer { TemporaryFiles.shared.unregister(temporaryPath) }
        var isOpen = true
        do throws(FileWriteError) {
            try body(descriptor)
            if leavingIdenticalFile, replacing, existingFile != nil, holdsSameBytes(path, as: temporaryPath) {
                isOpen = false
                try? POSIX.closeDescriptor(descriptor)
                POSIX.removeFile(temporaryPath)
                return
            }
            do throws(POSIX.Failure) {
                if let existingFile {
                    POSIX.setOwner(existingFile.owner, group: existingFile.group, of: descriptor)
                    try POSIX.setPermissions(existingFile.permissions, of: descriptor)
                }
                if flushing { try POSIX.synchronize(descriptor) }
                isOpen = false
                try POSIX.closeDescriptor(descriptor)
                if replacing { try POSIX.renameFile(temporaryPath, to: path) }
            } catch {
                throw .writeFailed(path: path, reason: error.message)
            }
            if !replacing { try placeWithoutReplacing(temporaryPath, at: path) }
            TemporaryFiles.shared.recordCompletedWrite()
            if flushing { POSIX.synchronizeFolder(URL(fileURLWithPath: path).deletingLastPathComponent().path) }
        } catch {
            if isOpen { try? POSIX.closeDescriptor(descriptor) }
            POSIX.removeFile(temporaryPath)
            throw error
        }
    }

    /// Whether the regular file at `path` holds the same bytes as the one at `written`.
    private static func holdsSameBytes(_ path: String, as written: String) -> Bool {
        guard let status = POSIX.FileStatus(ofLinkAt: written), status.kind == .regularFile,
              let descriptor = try? POSIX.openForReading(written) else { return false }
        defer { try? POSIX.closeDescriptor(descriptor) }
        return file(at: path, count: status.size) { matches in
            var buffer = [UInt8](repeating: 0, count: 1 << 16)
            var offset = 0
            while offset < status.size {
                let read = buffer.withUnsafeMutableBytes { chunk in Result { () throws(POSIX.Failure) in try POSIX.read(from: descriptor, into: chunk, at: offset) } }
                guard let count = try? read.get(), count > 0,
                      buffer.withUnsafeBytes({ matches(UnsafeRawBufferPointer(rebasing: $0.prefix(count))) }) else { return false }
                offset += count
            }
            return true
        }
    }

    /// Gives the finished temporary file the name `path` only if nothing has it:
    /// a hard link, which fails when the name exists, then the temporary name is
    /// removed. A file system without hard links gets a check and a rename instead.
    private static func placeWithoutReplacing(_ temporaryPath: String, at path: String) throws(FileWriteError) {
        do throws(POSIX.Failure) {
            try POSIX.linkFile(temporaryPath, to: path)
            POSIX.removeFile(temporaryPath)
        } catch {
            if error.isAlreadyExists { throw .destinationExists(path: path) }
            guard error.isLinkUnsupported, POSIX.FileStatus(ofLinkAt: path) == nil else { throw .writeFailed(path: path, reason: error.message) }
            do throws(POSIX.Failure) {
                try POSIX.renameFile(temporaryPath, to: path)
            } catch {
                throw .writeFailed(path: path, reason: error.message)
            }
        }
    }

    /// Creates `.<name>.riv-assets-<random>` beside `path` with `permissions`, which
    /// the kernel narrows by the umask, through ``TemporaryFiles`` so that an
    /// interruption can always remove it. The name is kept within the 255-byte limit.
    package static func createTemporaryFile(beside path: String, permissions: UInt32) throws(FileWriteError) -> (Int32, String) {
        let url = URL(fileURLWithPath: path)
        let folder = url.deletingLastPathComponent().path
        var stem = url.lastPathComponent
        while stem.utf8.count > 200 { stem.removeLast() }
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<100 {
            let suffix = String(generator.next() & 0xFF_FFFF_FFFF, radix: 36)
            let candidate = folder + "/." + stem + ".riv-assets-" + suffix
            let created: Int32?
            do throws(POSIX.Failure) {
                created = try TemporaryFiles.shared.create(candidate) { () throws(POSIX.Failure) in
                    try POSIX.createExclusively(candidate, permissions: permissions)
                }
            } catch {
                guard error.isAlreadyExists else { throw .writeFailed(path: path, reason: error.message) }
                continue
            }
            guard let descriptor = created else { throw .writeFailed(path: path, reason: "the process is being interrupted") }
            return (descriptor, candidate)
        }
        throw .writeFailed(path: path, reason: "could not create a temporary file beside it")
    }

    /// Writes every byte of `buffer`, retrying short writes and interruptions.
    package static func writeAll(_ buffer: UnsafeRawBufferPointer, to descriptor: Int32, path: String) throws(FileWriteError) {
        do throws(POSIX.Failure) {
            try POSIX.writeAll(buffer, to: descriptor)
        } catch {
            throw .writeFailed(path: path, reason: error.message)
        }
    }
}
