#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation

/// The immutable bytes of one file: an owned copy, or a file on disk that is
/// memory-mapped the first time its bytes are asked for.
///
/// Everything the reader hands out (objects, properties, assets) refers to byte
/// ranges inside one storage, so values are only copied when someone asks for them.
///
/// A large file is read through a ``FileWindow`` and kept open, unmapped: listing
/// thousands of files then costs a few `pread` calls each, where mapping and
/// unmapping every one would serialise the threads on the kernel's address-space
/// lock. The first call that needs the bytes maps the file through the descriptor
/// it was read from (so renaming another file over the path changes nothing) and
/// closes the descriptor.
final class ByteStorage: @unchecked Sendable {
    /// The size in bytes, as it was when the file was read.
    let count: Int
    /// The path the bytes came from, when they came from a file.
    let path: String?
    private let lock = NSLock()
    private var state: State
    /// Set when the file was found changed on disk when it was mapped; see ``sourceChanged``.
    private var changed = false

    private enum State {
        /// Bytes this storage owns.
        case owned(UnsafeRawBufferPointer)
        /// A read-only private mapping of the whole file.
        case mapped(UnsafeRawBufferPointer)
        /// An anonymous mapping holding what was left of a file that shrank, the rest
        /// zero pages that take no memory until touched.
        case zeroFilled(UnsafeRawBufferPointer)
        /// A file read but not yet mapped, with what `fstat` said of it then.
        case unmapped(descriptor: Int32, identity: FileIdentity)
    }

    /// What tells that an open file's contents changed: its size, its modification
    /// time, and its status-change time, which any write moves and no one can set
    /// back (`touch -r` or `cp -p` can restore a modification time). The
    /// status-change time also moves when the file loses a name, as when another
    /// file is renamed over its path; that leaves the contents as they were, so it
    /// counts only while the link count is unchanged.
    private struct FileIdentity {
        var size: Int
        var linkCount: UInt64
        var modified: timespec
        var statusChanged: timespec

        init(_ status: stat) {
            size = Int(status.st_size)
            linkCount = UInt64(status.st_nlink)
            modified = status.st_mtim
            statusChanged = status.st_ctim
        }

        /// Whether the file can still hold the contents it held when `earlier` was taken.
        func isUnchanged(since earlier: FileIdentity) -> Bool {
            func same(_ a: timespec, _ b: timespec) -> Bool { a.tv_sec == b.tv_sec && a.tv_nsec == b.tv_nsec }
            return size == earlier.size && same(modified, earlier.modified)
                && (linkCount != earlier.linkCount || same(statusChanged, earlier.statusChanged))
        }
    }

    private init(count: Int, path: String?, state: State) {
        self.count = count
        self.path = path
        self.state = state
    }

    deinit {
        switch state {
        case .owned(let bytes): bytes.deallocate()
        case .mapped(let bytes), .zeroFilled(let bytes): munmap(UnsafeMutableRawPointer(mutating: bytes.baseAddress), bytes.count)
        case .unmapped(let descriptor, _): Self.release(descriptor)
        }
    }

    /// Copies `source` into storage owned by the reader.
    convenience init<Bytes: Collection>(copying source: Bytes) where Bytes.Element == UInt8 {
        let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: source.count, alignment: 16)
        _ = buffer.initializeMemory(as: UInt8.self, from: source)
        self.init(count: buffer.count, path: nil, state: .owned(UnsafeRawBufferPointer(buffer)))
    }

    /// Files at least this large are read through a window and mapped when needed,
    /// rather than read into memory.
    static let mappingThreshold = 1 << 16

    /// Opens `path` read-only. A file of `mappingThreshold` bytes or more stays open
    /// to be read through ``makeReader(windowCapacity:)`` and mapped on demand (mapped
    /// at once when this process already holds ``descriptorBudget`` such files open);
    /// a smaller one is read into memory.
    static func open(path: String, mappingThreshold: Int = mappingThreshold) throws(RivError) -> ByteStorage {
        let descriptor = Glibc.open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else {
            throw RivError(.unreadable(reason: String(cString: strerror(errno))), offset: 0, reading: "the file", path: path)
        }
        var status = stat()
        guard fstat(descriptor, &status) == 0 else {
            let reason = String(cString: strerror(errno))
            close(descriptor)
            throw RivError(.unreadable(reason: reason), offset: 0, reading: "the file", path: path)
        }
        guard (status.st_mode & S_IFMT) == S_IFREG else {
            close(descriptor)
            let what = (status.st_mode & S_IFMT) == S_IFDIR ? "is a directory" : "is not a regular file"
            throw RivError(.unreadable(reason: what), offset: 0, reading: "the file", path: path)
        }
        let size = Int(status.st_size)
        if size >= mappingThreshold {
            let isHeld = heldDescriptors.withLock { held in
                guard held < descriptorBudget else { return false }
                held += 1
                return true
            }
            if isHeld {
                return ByteStorage(count: size, path: path, state: .unmapped(descriptor: descriptor, identity: FileIdentity(status)))
            }
            if let mapped = map(descriptor, count: size) {
                close(descriptor)
                return ByteStorage(count: size, path: path, state: .mapped(mapped))
            }
        }
        defer { close(descriptor) }
        let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: size, alignment: 16)
        do throws(ReadFailure) {
            try FileWindow.readFully(descriptor, into: buffer, at: 0)
        } catch {
            buffer.deallocate()
            throw RivError(error.reason, offset: error.offset, reading: "the file", path: path)
        }
        return ByteStorage(count: size, path: path, state: .owned(UnsafeRawBufferPointer(buffer)))
    }

    /// How many files this process keeps open, unmapped, at most: a quarter of its
    /// descriptor limit, so that holding many ``RivFile``s never starves the rest
    /// of the program of descriptors.
    static let descriptorBudget: Int = {
        var limit = rlimit()
        guard getrlimit(Int32(RLIMIT_NOFILE.rawValue), &limit) == 0 else { return 64 }
        return Int(clamping: min(limit.rlim_cur / 4, 1 << 16))
    }()

    private static let heldDescriptors = Protected(0)

    private static func release(_ descriptor: Int32) {
        close(descriptor)
        heldDescriptors.withLock { $0 -= 1 }
    }

    private static func map(_ descriptor: Int32, count: Int) -> UnsafeRawBufferPointer? {
        guard let address = mmap(nil, count, PROT_READ, MAP_PRIVATE, descriptor, 0), address != MAP_FAILED else { return nil }
        return UnsafeRawBufferPointer(start: address, count: count)
    }

    /// A reader over the bytes: through a window of `windowCapacity` bytes while the
    /// file is unmapped, straight from memory otherwise. Only for the read that
    /// creates the storage, before it is shared.
    func makeReader(windowCapacity: Int = FileWindow.defaultCapacity) -> ByteReader {
        lock.withLock {
            if case .unmapped(let descriptor, _) = state {
                return ByteReader(window: FileWindow(descriptor: descriptor, fileSize: count, capacity: windowCapacity))
            }
            return ByteReader(resolvedBytes().bytes)
        }
    }

    /// The bytes, mapping the file first if it is not yet. Valid for the lifetime of
    /// the storage; never mutated by this process.
    var bytes: UnsafeRawBufferPointer {
        lock.withLock { resolvedBytes().bytes }
    }

    /// True when the file was modified in place between being read and being mapped
    /// (another size or modification time), or could not be read back, so its
    /// bytes may not be those the listing described. Rewrites and extraction refuse
    /// such a source; a file replaced by renaming another over its path is unaffected.
    var sourceChanged: Bool {
        lock.withLock {
            _ = resolvedBytes()
            return changed
        }
    }

    /// The bytes and whether they are mapped; maps an unmapped file. Called with the lock held.
    private func resolvedBytes() -> (bytes: UnsafeRawBufferPointer, isMapped: Bool) {
        switch state {
        case .owned(let bytes), .zeroFilled(let bytes): return (bytes, false)
        case .mapped(let bytes): return (bytes, true)
        case .unmapped(let descriptor, let identity):
            defer { Self.release(descriptor) }
            var status = stat()
            let current = fstat(descriptor, &status) == 0 ? FileIdentity(status) : nil
            changed = !(current?.isUnchanged(since: identity) ?? false)
            // A file that shrank cannot be mapped safely (touching its lost tail would
            // raise SIGBUS), so it is read instead, the lost tail left as zeros.
            if let current, current.size >= count, let mapped = Self.map(descriptor, count: count) {
                state = .mapped(mapped)
                return (mapped, true)
            }
            // An anonymous mapping starts as zero pages that cost nothing until
            // written, so a 2 GiB file cut to 1 KiB costs 1 KiB here.
            let zeroed = mmap(nil, count, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0)
            let isAnonymous = zeroed != nil && zeroed != MAP_FAILED
            let buffer = isAnonymous ? UnsafeMutableRawBufferPointer(start: zeroed, count: count)
                : UnsafeMutableRawBufferPointer.allocate(byteCount: count, alignment: 16)
            if !isAnonymous { buffer.initializeMemory(as: UInt8.self, repeating: 0) }
            let kept = min(count, current?.size ?? count)
            do throws(ReadFailure) {
                try FileWindow.readFully(descriptor, into: UnsafeMutableRawBufferPointer(rebasing: buffer[0..<kept]), at: 0)
            } catch {
                changed = true
            }
            let bytes = UnsafeRawBufferPointer(buffer)
            state = isAnonymous ? .zeroFilled(bytes) : .owned(bytes)
            return (bytes, false)
        }
    }

    /// A copy of the bytes in `range` as `Data`.
    func data(in range: Range<Int>) -> Data {
        Data(bytes[range])
    }

    /// Calls `body` with consecutive chunks of the bytes in `range`, giving mapped
    /// pages back as it goes (see ``PageStreaming``).
    func forEachChunk<Failure: Error>(in range: Range<Int>,
                                      _ body: (UnsafeRawBufferPointer) throws(Failure) -> Void) throws(Failure) {
        let (bytes, isMapped) = lock.withLock { resolvedBytes() }
        try PageStreaming.forEachChunk(of: UnsafeRawBufferPointer(rebasing: bytes[range]), droppingPages: isMapped, body)
    }
}
