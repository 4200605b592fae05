import Foundation

/// Reads a file of the cache the way the package opens its inputs: never through
/// a final symbolic link (so no entry leads out of the cache), without blocking
/// on a pipe, only when it is a regular file, and never past a size limit, so a
/// crafted entry (a FIFO, a link to `/dev/zero`, a file larger than its record)
/// is refused at once instead of hanging or spinning the reader.
enum CacheFile {
    /// Calls `body` with each chunk of the regular file at `url`, in order, and
    /// returns how many bytes there were; nil when it is not a regular file (or a
    /// link), holds more than `limit` bytes, or cannot be read.
    static func forEachChunk(of url: URL, limit: Int, _ body: (UnsafeRawBufferPointer) -> Void) -> Int? {
        let descriptor = open(url.path, O_RDONLY | O_NONBLOCK | O_NOFOLLOW | O_CLOEXEC)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        var status = stat()
        guard fstat(descriptor, &status) == 0, UInt32(status.st_mode) & UInt32(S_IFMT) == UInt32(S_IFREG),
              Int(status.st_size) <= limit else { return nil }
        // A file smaller than a megabyte is read in one piece into a buffer its size.
        let chunkSize = min(1 << 20, Int(status.st_size) + 1)
        let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: chunkSize, alignment: 16)
        defer { buffer.deallocate() }
        var total = 0
        while true {
            // One byte past the limit is asked for, to tell a file that grew.
            let wanted = limit - total >= chunkSize ? chunkSize : limit - total + 1
            var filled = 0
            while filled < wanted {
                let count = read(descriptor, buffer.baseAddress! + filled, wanted - filled)
                if count < 0 && errno == EINTR { continue }
                guard count >= 0 else { return nil }
                if count == 0 { break }
                filled += count
            }
            total += filled
            guard total <= limit else { return nil }
            if filled > 0 { body(UnsafeRawBufferPointer(rebasing: buffer[..<filled])) }
            if filled < wanted { return total }
        }
    }

    /// The whole regular file at `url` when it holds at most `limit` bytes; nil otherwise.
    static func data(_ url: URL, limit: Int) -> Data? {
        var data = Data()
        guard forEachChunk(of: url, limit: limit, { data.append(contentsOf: $0) }) != nil else { return nil }
        return data
    }
}
