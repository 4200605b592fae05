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
        guard FileManager.default.contentsEqual(atPath: path, andPath: reference) else {
            let sizes = [path, reference].map { (try? Platform.size(of: $0)).map(String.init) ?? "no" }
            throw BenchError("\(path) (\(sizes[0]) bytes) differs from \(reference) (\(sizes[1]) bytes)")
        }
    }
}
