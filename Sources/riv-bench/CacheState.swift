#if canImport(Glibc)
import Glibc
#endif
import Foundation

/// Puts the page cache in the same state before every measured run: warm (every
/// input read once just before) or cold (the page cache dropped).
enum CacheState: String, Codable, Sendable {
    case warm, cold

    static let dropCachesPath = "/proc/sys/vm/drop_caches"

    /// Whether this process may drop the page cache.
    static var canDrop: Bool { access(dropCachesPath, W_OK) == 0 }

    func prepare(_ inputs: [String]) throws(BenchError) {
        switch self {
        case .warm:
            _ = try BaselineOperations.read(inputs)
        case .cold:
            sync()
            let descriptor = open(Self.dropCachesPath, O_WRONLY)
            guard descriptor >= 0 else { throw BenchError("cannot open \(Self.dropCachesPath): \(String(cString: strerror(errno)))") }
            defer { close(descriptor) }
            let result = Array("3".utf8).withUnsafeBytes { buffer in
                Result { () throws(BenchError) in try POSIXFile.writeAll(buffer, to: descriptor, path: Self.dropCachesPath) }
            }
            try result.get()
        }
    }
}
