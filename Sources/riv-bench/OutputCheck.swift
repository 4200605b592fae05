import Foundation

/// Checks what an operation wrote, after its child has exited (so the checks'
/// reads count toward no measurement).
enum OutputCheck {
    /// The total size of the regular files under `folder` and their number.
    static func size(of folder: String) -> (bytes: Int, files: Int) {
        guard let walker = FileManager.default.enumerator(atPath: folder) else { return (0, 0) }
        var bytes = 0
        var files = 0
        while walker.nextObject() != nil {
            guard let attributes = walker.fileAttributes, attributes[.type] as? FileAttributeType == .typeRegular else { continue }
            bytes += (attributes[.size] as? Int) ?? 0
            files += 1
        }
        return (bytes, files)
    }

    /// Fails unless the two files hold the same bytes.
    static func requireEqual(_ path: String, _ reference: String) throws(BenchError) {
        let size = try Platform.size(of: path)
        let referenceSize = try Platform.size(of: reference)
        guard size == referenceSize else {
            throw BenchError("\(path) has \(size) bytes; \(reference) has \(referenceSize)")
        }
        let chunk = 1 << 20
        let left = UnsafeMutableRawPointer.allocate(byteCount: chunk, alignment: 4096)
        let right = UnsafeMutableRawPointer.allocate(byteCount: chunk, alignment: 4096)
        defer { left.deallocate(); right.deallocate() }
        let first = try Platform.openForReading(path)
        defer { try? Platform.closeFile(first, path: path) }
        let second = try Platform.openForReading(reference)
        defer { try? Platform.closeFile(second, path: reference) }
        var offset = 0
        while offset < size {
            let count = min(chunk, size - offset)
            guard try readFully(first, left, count, path), try readFully(second, right, count, reference),
                  Platform.equalBytes(left, right, count: count) else {
                throw BenchError("\(path) differs from \(reference) within bytes \(offset)..<\(offset + count)")
            }
            offset += count
        }
    }

    private static func readFully(_ descriptor: Int32, _ buffer: UnsafeMutableRawPointer, _ count: Int, _ path: String) throws(BenchError) -> Bool {
        var filled = 0
        while filled < count {
            let read = try Platform.readSome(descriptor, into: buffer + filled, count: count - filled, path: path)
            if read == 0 { return false }
            filled += read
        }
        return true
    }
}
