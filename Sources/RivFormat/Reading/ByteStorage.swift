#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation

/// The immutable bytes of one file: either memory-mapped from disk or an owned copy.
///
/// Everything the reader hands out (objects, properties, assets) refers to byte
/// ranges inside one storage, so values are only copied when someone asks for them.
final class ByteStorage: @unchecked Sendable {
    /// The bytes. Valid for the lifetime of the storage; never mutated.
    let bytes: UnsafeRawBufferPointer
    /// True when the bytes are a read-only private mapping of a file, whose pages can
    /// be given back to the kernel at any time without losing anything.
    let isMapped: Bool
    private let release: @Sendable (UnsafeRawBufferPointer) -> Void

    private init(bytes: UnsafeRawBufferPointer, isMapped: Bool = false,
                 release: @escaping @Sendable (UnsafeRawBufferPointer) -> Void) {
        self.bytes = bytes
        self.isMapped = isMapped
        self.release = release
    }

    deinit { release(bytes) }

    /// Copies `source` into storage owned by the reader.
    convenience init<Bytes: Collection>(copying source: Bytes) where Bytes.Element == UInt8 {
        let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: source.count, alignment: 16)
        _ = buffer.initializeMemory(as: UInt8.self, from: source)
        self.init(bytes: UnsafeRawBufferPointer(buffer)) { $0.deallocate() }
    }

    /// Files at least this large are memory-mapped rather than read into memory.
    static let mappingThreshold = 1 << 16

    /// Opens `path` read-only; maps it when it is large, reads it otherwise.
    static func open(path: String) throws(RivError) -> ByteStorage {
        let descriptor = Glibc.open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else {
            throw RivError(.unreadable(reason: String(cString: strerror(errno))), offset: 0, reading: "the file", path: path)
        }
        defer { close(descriptor) }
        var status = stat()
        guard fstat(descriptor, &status) == 0 else {
            throw RivError(.unreadable(reason: String(cString: strerror(errno))), offset: 0, reading: "the file", path: path)
        }
        guard (status.st_mode & S_IFMT) == S_IFREG else {
            let what = (status.st_mode & S_IFMT) == S_IFDIR ? "is a directory" : "is not a regular file"
            throw RivError(.unreadable(reason: what), offset: 0, reading: "the file", path: path)
        }
        let size = Int(status.st_size)
        if size >= mappingThreshold {
            let address = mmap(nil, size, PROT_READ, MAP_PRIVATE, descriptor, 0)
            if let address, address != MAP_FAILED {
                return ByteStorage(bytes: UnsafeRawBufferPointer(start: address, count: size), isMapped: true) { mapped in
                    munmap(UnsafeMutableRawPointer(mutating: mapped.baseAddress), mapped.count)
                }
            }
        }
        let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: size, alignment: 16)
        var filled = 0
        while filled < size {
            let count = read(descriptor, buffer.baseAddress! + filled, size - filled)
            if count < 0 && errno == EINTR { continue }
            guard count > 0 else {
                buffer.deallocate()
                let reason = count == 0 ? "the file shrank while it was read" : String(cString: strerror(errno))
                throw RivError(.unreadable(reason: reason), offset: filled, reading: "the file", path: path)
            }
            filled += count
        }
        return ByteStorage(bytes: UnsafeRawBufferPointer(buffer)) { $0.deallocate() }
    }

    /// A copy of the bytes in `range` as `Data`.
    func data(in range: Range<Int>) -> Data {
        Data(bytes[range])
    }

    /// Calls `body` with consecutive chunks of the bytes in `range`, giving mapped
    /// pages back as it goes (see ``PageStreaming``).
    func forEachChunk<Failure: Error>(in range: Range<Int>,
                                      _ body: (UnsafeRawBufferPointer) throws(Failure) -> Void) throws(Failure) {
        try PageStreaming.forEachChunk(of: UnsafeRawBufferPointer(rebasing: bytes[range]), droppingPages: isMapped, body)
    }
}
