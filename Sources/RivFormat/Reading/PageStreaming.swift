import RivSupport

/// Walks a large buffer in chunks and, for a read-only file mapping, gives each
/// window's pages back to the kernel once it is used, so that writing or hashing a
/// mapped range of any size keeps the process's resident memory near one window.
/// The pages stay in the page cache; touching the bytes again reads them back.
enum PageStreaming {
    /// The size of each chunk handed to the body. Single writes much larger than
    /// this from a mapping were measured at half the speed on Linux.
    static let chunkSize = 1 << 20
    /// How many bytes are walked before their pages are given back.
    static let windowSize = 8 << 20

    /// Calls `body` with consecutive chunks of `buffer`. `droppingPages` must only be
    /// set for memory that is a read-only private mapping of a file (see ``ByteStorage``).
    static func forEachChunk<Failure: Error>(of buffer: UnsafeRawBufferPointer, droppingPages: Bool,
                                             _ body: (UnsafeRawBufferPointer) throws(Failure) -> Void) throws(Failure) {
        guard let base = buffer.baseAddress, buffer.count > chunkSize else { return try body(buffer) }
        var windowStart = 0
        while windowStart < buffer.count {
            let windowEnd = min(windowStart + windowSize, buffer.count)
            var offset = windowStart
            while offset < windowEnd {
                let count = min(chunkSize, windowEnd - offset)
                try body(UnsafeRawBufferPointer(start: base + offset, count: count))
                offset += count
            }
            if droppingPages { dropPages(from: base + windowStart, count: windowEnd - windowStart) }
            windowStart = windowEnd
        }
    }

    /// Gives back the whole pages inside the range (partial pages at the ends stay).
    private static func dropPages(from start: UnsafeRawPointer, count: Int) {
        let page = UInt(POSIX.pageSize)
        let low = (UInt(bitPattern: start) + page - 1) & ~(page - 1)
        let high = (UInt(bitPattern: start) + UInt(count)) & ~(page - 1)
        guard high > low, let pageStart = UnsafeRawPointer(bitPattern: low) else { return }
        POSIX.dropPages(from: pageStart, count: Int(high - low))
    }
}
