import RivSupport

/// A copy of a file that cannot be mapped — it shrank since it was read (touching
/// a mapping past its end would raise SIGBUS), or the system refused the mapping —
/// at the size the file had when it was read: what is left of the file, then zeros.
///
/// The copy lives in an anonymous mapping, which starts as zero pages that cost
/// nothing until written, so a 2 GiB file cut to 1 KiB costs 1 KiB here. Where the
/// system refuses that mapping too, it is allocated and zeroed.
struct ZeroFilledCopy {
    /// The bytes: release them with `POSIX.unmap` when ``isAnonymousMapping``, with `deallocate()` otherwise.
    let bytes: UnsafeRawBufferPointer
    /// True when ``bytes`` is an anonymous mapping, false when it was allocated.
    let isAnonymousMapping: Bool
    /// False when reading what was left of the file failed; the bytes not read are zeros.
    let isComplete: Bool

    /// Copies the first `kept` bytes of the file open as `descriptor` into `count` zeroed bytes.
    init(of descriptor: Int32, count: Int, keeping kept: Int) {
        let mapped = POSIX.mapZeroPages(count: count)
        let buffer = mapped ?? UnsafeMutableRawBufferPointer.allocate(byteCount: count, alignment: 16)
        if mapped == nil { buffer.initializeMemory(as: UInt8.self, repeating: 0) }
        var isComplete = true
        do throws(ReadFailure) {
            try FileWindow.readFully(descriptor, into: UnsafeMutableRawBufferPointer(rebasing: buffer[0..<kept]), at: 0)
        } catch {
            isComplete = false
        }
        bytes = UnsafeRawBufferPointer(buffer)
        isAnonymousMapping = mapped != nil
        self.isComplete = isComplete
    }
}
