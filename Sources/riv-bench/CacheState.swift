import Foundation

/// Puts the page cache in the same state before every measured run: warm (every
/// input read once just before) or cold (the page cache dropped).
enum CacheState: String, Codable, Sendable {
    case warm, cold

    static let dropCachesPath = "/proc/sys/vm/drop_caches"

    /// Whether this process may drop the page cache.
    static var canDrop: Bool { FileManager.default.isWritableFile(atPath: dropCachesPath) }

    func prepare(_ inputs: [String]) throws(BenchError) {
        switch self {
        case .warm:
            _ = try BaselineOperations.read(inputs)
        case .cold:
            Platform.flushAll()
            let descriptor = try Platform.create(Self.dropCachesPath)
            defer { try? Platform.closeFile(descriptor, path: Self.dropCachesPath) }
            let result = Array("3".utf8).withUnsafeBytes { buffer in
                Result { () throws(BenchError) in try Platform.writeAll(buffer, to: descriptor, path: Self.dropCachesPath) }
            }
            try result.get()
        }
    }
}
