import Foundation
import RivSupport

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
package final class ByteStorage: @unchecked Sendable {
    /// The size in bytes, as it was when the file was read.
    package let count: Int
    /// The path the bytes came from, when they came from a file.
    let path: String?
    private let contents: Protected<Contents>

    /// Where the bytes are.
    enum State {
        /// Bytes this storage owns.
        case owned(UnsafeRawBufferPointer)
        /// A read-only private mapping of the whole file.
        case mapped(UnsafeRawBufferPointer)
        /// An anonymous mapping holding what was left of a file that shrank, the rest
        /// zero pages that take no memory until touched (see ``ZeroFilledCopy``).
        case zeroFilled(UnsafeRawBufferPointer)
        /// A file read but not yet mapped, kept open under the ``DescriptorBudget``,
        /// with what `fstat` said of it then.
        case unmapped(descriptor: Int32, identity: FileIdentity)
    }

    private struct Contents {
        var state: State
        /// Set when the file was found changed on disk; see ``sourceChanged``.
        var changed = false
        /// How many ``forEachChunk(in:_:)`` calls are reading the unmapped file's descriptor.
        var streams = 0
        /// A descriptor given up by mapping while streams still read it, closed when the last one ends.
        var releaseWhenIdle: Int32?
    }

    init(count: Int, path: String?, state: State) {
        self.count = count
        self.path = path
        contents = Protected(Contents(state: state))
    }

    deinit {
        if let descriptor = contents.withLock({ $0.releaseWhenIdle }) { DescriptorBudget.release(descriptor) }
        switch contents.withLock({ $0.state }) {
        case .owned(let bytes): bytes.deallocate()
        case .mapped(let bytes), .zeroFilled(let bytes): POSIX.unmap(bytes)
        case .unmapped(let descriptor, _): DescriptorBudget.release(descriptor)
        }
    }

    /// Copies `source` into storage owned by the reader.
    convenience init<Bytes: Collection>(copying source: Bytes) where Bytes.Element == UInt8 {
        let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: source.count, alignment: 16)
        _ = buffer.initializeMemory(as: UInt8.self, from: source)
        self.init(count: buffer.count, path: nil, state: .owned(UnsafeRawBufferPointer(buffer)))
    }

    /// A reader over the bytes: through a window of `windowCapacity` bytes while the
    /// file is unmapped, straight from memory otherwise. Only for the read that
    /// creates the storage, before it is shared.
    func makeReader(windowCapacity: Int = FileWindow.defaultCapacity) -> ByteReader {
        contents.withLock { contents in
            if case .unmapped(let descriptor, _) = contents.state {
                return ByteReader(window: FileWindow(descriptor: descriptor, fileSize: count, capacity: windowCapacity))
            }
            return ByteReader(resolve(&contents).bytes)
        }
    }

    /// The bytes, mapping the file first if it is not yet. Valid for the lifetime of
    /// the storage; never mutated by this process.
    var bytes: UnsafeRawBufferPointer {
        contents.withLock { resolve(&$0).bytes }
    }

    /// True when the file was modified in place since it was read (another size,
    /// modification time or status-change time while it kept its names), or could
    /// not be read back, so its bytes may not be those the listing described.
    /// Rewrites and extraction refuse such a source; a file replaced by renaming
    /// another over its path is unaffected. Asking maps nothing.
    var sourceChanged: Bool {
        contents.withLock { contents in
            if case .unmapped(let descriptor, let identity) = contents.state {
                let current = try? FileIdentity(descriptor: descriptor)
                if !(current?.isUnchanged(since: identity) ?? false) { contents.changed = true }
            }
            return contents.changed
        }
    }

    /// The bytes and whether they are mapped; maps an unmapped file. Called with the lock held.
    private func resolve(_ contents: inout Contents) -> (bytes: UnsafeRawBufferPointer, isMapped: Bool) {
        switch contents.state {
        case .owned(let bytes), .zeroFilled(let bytes): return (bytes, false)
        case .mapped(let bytes): return (bytes, true)
        case .unmapped(let descriptor, let identity):
            defer {
                if contents.streams > 0 { contents.releaseWhenIdle = descriptor } else { DescriptorBudget.release(descriptor) }
            }
            let current = try? FileIdentity(descriptor: descriptor)
            contents.changed = !(current?.isUnchanged(since: identity) ?? false)
            // A file that shrank cannot be mapped safely (touching its lost tail would
            // raise SIGBUS), so it is read instead, the lost tail left as zeros.
            if let current, current.size >= count, let mapped = POSIX.mapReadOnly(descriptor, count: count) {
                contents.state = .mapped(mapped)
                return (mapped, true)
            }
            let copy = ZeroFilledCopy(of: descriptor, count: count, keeping: min(count, current?.size ?? count))
            if !copy.isComplete { contents.changed = true }
            contents.state = copy.isAnonymousMapping ? .zeroFilled(copy.bytes) : .owned(copy.bytes)
            return (copy.bytes, false)
        }
    }

    /// The first `count` bytes (fewer when the storage is shorter), read without
    /// mapping a file that is not mapped yet.
    package func prefix(_ count: Int) -> [UInt8] {
        copy(of: 0..<min(count, self.count))
    }

    /// A copy of the bytes in `range` (clamped to the storage), read without mapping
    /// a file that is not mapped yet: for the few bytes a format header needs.
    func copy(of range: Range<Int>) -> [UInt8] {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(range.clamped(to: 0..<count).count)
        forEachChunk(in: range.clamped(to: 0..<count)) { (chunk: UnsafeRawBufferPointer) in bytes += chunk }
        return bytes
    }

    /// A copy of the bytes in `range` as `Data`.
    func data(in range: Range<Int>) -> Data {
        Data(bytes[range])
    }

    /// The size of the pieces a file that is not mapped is read in by ``forEachChunk(in:_:)``.
    static let readChunkSize = 256 << 10

    /// Calls `body` with consecutive chunks of the bytes in `range`. A file not yet
    /// mapped is read with `pread` into a buffer and never mapped, so a file cut
    /// short meanwhile ends the chunks early (and marks the source changed) instead
    /// of faulting; mapped pages are given back as they are used (see ``PageStreaming``).
    func forEachChunk<Failure: Error>(in range: Range<Int>,
                                      _ body: (UnsafeRawBufferPointer) throws(Failure) -> Void) throws(Failure) {
        let source: (descriptor: Int32?, bytes: UnsafeRawBufferPointer?, isMapped: Bool) = contents.withLock { contents in
            if case .unmapped(let descriptor, _) = contents.state {
                contents.streams += 1
                return (descriptor, nil, false)
            }
            let (bytes, isMapped) = resolve(&contents)
            return (nil, bytes, isMapped)
        }
        if let bytes = source.bytes {
            return try PageStreaming.forEachChunk(of: UnsafeRawBufferPointer(rebasing: bytes[range]), droppingPages: source.isMapped, body)
        }
        guard let descriptor = source.descriptor else { return }
        defer {
            contents.withLock { contents in
                contents.streams -= 1
                if contents.streams == 0, let idle = contents.releaseWhenIdle {
                    contents.releaseWhenIdle = nil
                    DescriptorBudget.release(idle)
                }
            }
        }
        // A quarter of a megabyte: read, then used while still in the core's cache.
        let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: min(Self.readChunkSize, max(1, range.count)), alignment: 16)
        defer { buffer.deallocate() }
        var offset = range.lowerBound
        while offset < range.upperBound {
            let chunk = UnsafeMutableRawBufferPointer(rebasing: buffer[0..<min(buffer.count, range.upperBound - offset)])
            do throws(ReadFailure) {
                try FileWindow.readFully(descriptor, into: chunk, at: offset)
            } catch {
                contents.withLock { $0.changed = true }
                return
            }
            try body(UnsafeRawBufferPointer(chunk))
            offset += chunk.count
        }
    }
}
