import RivSupport

/// A buffer holding one stretch of an open file, refilled with `pread` wherever
/// the reader goes next: how a large file is read without being mapped, touching
/// only the bytes the object stream occupies and never the payloads it skips.
///
/// A window borrows the descriptor of the ``ByteStorage`` being read. It is used
/// only while that file is being read, before the storage is shared, so nothing
/// can close the descriptor under it.
package final class FileWindow {
    /// The default capacity: large enough that a long object stream is read in few
    /// steps, small enough to stay out of the way of the allocator's mapping threshold.
    package static let defaultCapacity = 64 << 10
    /// The size of the first load; each later load doubles it up to the capacity, so
    /// a file read in a few places costs a few pages and a long stream large steps.
    static let firstLoadSize = 4 << 10

    private let descriptor: Int32
    /// The size of the file when it was opened; nothing past it is read.
    let fileSize: Int
    private let buffer: UnsafeMutableRawBufferPointer
    private var loadSize: Int

    init(descriptor: Int32, fileSize: Int, capacity: Int = defaultCapacity) {
        self.descriptor = descriptor
        self.fileSize = fileSize
        buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: max(1, capacity), alignment: 16)
        loadSize = min(buffer.count, Self.firstLoadSize)
    }

    deinit { buffer.deallocate() }

    /// The most bytes one load holds.
    var capacity: Int { buffer.count }

    /// Loads the bytes from `offset` on and returns them: at least `minimum` of them
    /// (which must not exceed the capacity or run past the end of the file), more
    /// when the file has them. Valid until the next load.
    func load(at offset: Int, atLeast minimum: Int) throws(ReadFailure) -> UnsafeRawBufferPointer {
        let size = min(buffer.count, max(loadSize, minimum), fileSize - offset)
        loadSize = min(buffer.count, loadSize * 2)
        let target = UnsafeMutableRawBufferPointer(rebasing: buffer[0..<size])
        try Self.readFully(descriptor, into: target, at: offset)
        return UnsafeRawBufferPointer(target)
    }

    /// Reads exactly `destination.count` bytes from `offset` into `destination`,
    /// bypassing the buffer (for values larger than the window).
    func read(at offset: Int, into destination: UnsafeMutableRawBufferPointer) throws(ReadFailure) {
        try Self.readFully(descriptor, into: destination, at: offset)
    }

    /// Fills `destination` from `offset` of the file open as `descriptor`, retrying
    /// interrupted and partial reads. Throws when the file fails or ends first.
    static func readFully(_ descriptor: Int32, into destination: UnsafeMutableRawBufferPointer, at offset: Int) throws(ReadFailure) {
        var filled = 0
        while filled < destination.count {
            let count: Int
            do throws(POSIX.Failure) {
                count = try POSIX.read(from: descriptor, into: UnsafeMutableRawBufferPointer(rebasing: destination[filled...]),
                                       at: offset + filled)
            } catch {
                throw ReadFailure(.unreadable(reason: error.message), at: offset + filled)
            }
            guard count > 0 else {
                throw ReadFailure(.unreadable(reason: "the file shrank while it was read"), at: offset + filled)
            }
            filled += count
        }
    }
}
