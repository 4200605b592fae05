import Dispatch
import RivFormat
import RivSupport

/// The physical baselines, measured on the same bytes as the library: reading each
/// file once, sequentially, into one reused buffer; and copying it (the same reads,
/// each chunk written to a new file, which is then flushed to disk as the library
/// flushes every file it writes).
enum BaselineOperations {
    static let bufferSize = 1 << 20

    /// Returns the number of bytes read.
    static func read(_ paths: [String]) throws(BenchError) -> Int {
        let buffer = UnsafeMutableRawPointer.allocate(byteCount: bufferSize, alignment: 4096)
        defer { buffer.deallocate() }
        var total = 0
        for path in paths {
            total += try readChunks(of: path, into: buffer) { (_) throws(BenchError) in }
        }
        return total
    }

    /// Copies each file into `folder` under its own name; returns the number of bytes copied.
    static func copy(_ paths: [String], into folder: String) throws(BenchError) -> Int {
        let buffer = UnsafeMutableRawPointer.allocate(byteCount: bufferSize, alignment: 4096)
        defer { buffer.deallocate() }
        var total = 0
        for path in paths {
            let target = folder + "/" + (path.split(separator: "/").last.map(String.init) ?? "copy")
            let destination = try Platform.create(target)
            defer { try? Platform.closeFile(destination, path: target) }
            total += try readChunks(of: path, into: buffer) { (chunk) throws(BenchError) in
                try Platform.writeAll(chunk, to: destination, path: target)
            }
            try Platform.flush(destination, path: target)
        }
        return total
    }

    /// Purely CPU-bound work split into equal tasks (XXH64 over a 2 MiB buffer each),
    /// run one after another or spread over the cores by `concurrentPerform`: the
    /// speed-up the machine offers right now, with whatever else it is running.
    /// Returns the number of bytes hashed.
    static func compute(allCores: Bool) -> Int {
        let tasks = 48
        let size = 2 << 20
        let hashes = Protected<UInt64>(0)
        let work: @Sendable (Int) -> Void = { index in
            let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: size, alignment: 4096)
            defer { buffer.deallocate() }
            buffer.initializeMemory(as: UInt8.self, repeating: UInt8(truncatingIfNeeded: index))
            let hash = XXH64.hash(UnsafeRawBufferPointer(buffer))
            hashes.withLock { $0 ^= hash }  // kept, so the work cannot be optimised away
        }
        if allCores {
            DispatchQueue.concurrentPerform(iterations: tasks, execute: work)
        } else {
            (0..<tasks).forEach(work)
        }
        return tasks * size
    }

    /// The whole file at `path` in a buffer of its own (the caller deallocates it).
    static func load(_ path: String) throws(BenchError) -> UnsafeMutableRawBufferPointer {
        let size = try Platform.size(of: path)
        let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: size, alignment: 4096)
        let descriptor = try Platform.openForReading(path)
        defer { try? Platform.closeFile(descriptor, path: path) }
        var filled = 0
        while filled < size {
            let count = try Platform.readSome(descriptor, into: buffer.baseAddress! + filled, count: size - filled, path: path)
            if count == 0 { break }
            filled += count
        }
        return buffer
    }

    /// The package's content hash over `bytes` on this thread: XXH64, as listings,
    /// results and the hosted cache compute it. Returns the number of bytes hashed.
    static func hash(_ bytes: UnsafeRawBufferPointer) -> Int {
        lastHash = XXH64.hash(bytes)  // kept, so the work cannot be optimised away
        return bytes.count
    }

    nonisolated(unsafe) private static var lastHash: UInt64 = 0

    /// Reads the file at `path` through `buffer` (of `bufferSize` bytes) and lends
    /// each chunk read. Returns the number of bytes read.
    private static func readChunks(of path: String, into buffer: UnsafeMutableRawPointer,
                                   _ body: (UnsafeRawBufferPointer) throws(BenchError) -> Void) throws(BenchError) -> Int {
        let descriptor = try Platform.openForReading(path)
        defer { try? Platform.closeFile(descriptor, path: path) }
        var total = 0
        while true {
            let count = try Platform.readSome(descriptor, into: buffer, count: bufferSize, path: path)
            if count == 0 { return total }
            try body(UnsafeRawBufferPointer(start: buffer, count: count))
            total += count
        }
    }
}
