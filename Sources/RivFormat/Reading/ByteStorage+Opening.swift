import RivSupport

extension ByteStorage {
    /// Files at least this large are read through a window and mapped when needed,
    /// rather than read into memory.
    static let mappingThreshold = 1 << 16

    /// Opens `path` read-only. A file of `mappingThreshold` bytes or more stays open
    /// to be read through ``makeReader(windowCapacity:)`` and mapped on demand (mapped
    /// at once when this process already holds ``DescriptorBudget/limit`` such files
    /// open); a smaller one is read into memory.
    package static func open(path: String, mappingThreshold: Int = mappingThreshold) throws(RivError) -> ByteStorage {
        func unreadable(_ reason: String) -> RivError {
            RivError(.unreadable(reason: reason), offset: 0, reading: "the file", path: path)
        }
        let descriptor: Int32
        let status: POSIX.FileStatus
        do throws(POSIX.Failure) {
            descriptor = try POSIX.openForReading(path)
        } catch {
            throw unreadable(error.message)
        }
        do throws(POSIX.Failure) {
            status = try POSIX.FileStatus(descriptor: descriptor)
        } catch {
            try? POSIX.closeDescriptor(descriptor)
            throw unreadable(error.message)
        }
        guard status.kind == .regularFile else {
            try? POSIX.closeDescriptor(descriptor)
            throw unreadable(status.kind == .directory ? "is a directory" : "is not a regular file")
        }
        let size = status.size
        if size >= mappingThreshold {
            if DescriptorBudget.reserve() {
                return ByteStorage(count: size, path: path, state: .unmapped(descriptor: descriptor, identity: FileIdentity(status)))
            }
            guard let mapped = POSIX.mapReadOnly(descriptor, count: size) else {
                // Reading it into memory instead would need as much memory as the
                // mapping that was just refused (under `ulimit -v`, say).
                try? POSIX.closeDescriptor(descriptor)
                throw unreadable("too many large files are open at once to keep it open, and it cannot be mapped into memory (\(size) bytes)")
            }
            try? POSIX.closeDescriptor(descriptor)
            return ByteStorage(count: size, path: path, state: .mapped(mapped))
        }
        defer { try? POSIX.closeDescriptor(descriptor) }
        let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: size, alignment: 16)
        do throws(ReadFailure) {
            try FileWindow.readFully(descriptor, into: buffer, at: 0)
        } catch {
            buffer.deallocate()
            throw RivError(error.reason, offset: error.offset, reading: "the file", path: path)
        }
        return ByteStorage(count: size, path: path, state: .owned(UnsafeRawBufferPointer(buffer)))
    }
}
