import Foundation
import RivFormat

/// The sidecar stored beside each cache entry (`<uuid>.entry`): how many bytes it
/// has and their FNV-1a 64 hash, so that an entry cut short or changed after it
/// was stored is told from a good one.
struct CacheEntryRecord: Codable, Hashable {
    /// The number of bytes.
    var size: Int
    /// FNV-1a 64 of the bytes, 16 hex digits.
    var fnv1a64: String

    /// The record of `data`.
    init(of data: Data) {
        size = data.count
        fnv1a64 = FNV1a.hexString(data.withUnsafeBytes { FNV1a.hash($0) })
    }

    /// The record of the file at `url`, read in chunks (never all in memory); nil
    /// when it cannot be read.
    init?(ofFileAt url: URL) {
        guard let handle = try? FileHandle(forReadingFrom: url) else { return nil }
        defer { try? handle.close() }
        var hash = FNV1a.emptyHash
        var count = 0
        while true {
            let chunk: Data
            do {
                guard let read = try handle.read(upToCount: 1 << 20), !read.isEmpty else { break }
                chunk = read
            } catch {
                return nil
            }
            count += chunk.count
            hash = chunk.withUnsafeBytes { FNV1a.hash($0, continuing: hash) }
        }
        size = count
        fnv1a64 = FNV1a.hexString(hash)
    }

    /// The record stored at `url`, nil when it is absent or unreadable.
    init?(contentsOf url: URL) {
        guard let data = try? Data(contentsOf: url), let record = try? JSONDecoder().decode(Self.self, from: data) else { return nil }
        self = record
    }

    /// The record as stored.
    var encoded: Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        return (try? encoder.encode(self)) ?? Data()
    }
}
