import Foundation
import RivFormat

/// The sidecar stored beside each cache entry (`<uuid>.entry`): how many bytes it
/// has and their ``XXH64`` (the package's content hash), as one line `<size> <16 hex digits>`,
/// so that an entry cut short or changed after it was stored is told from a good one.
struct CacheEntryRecord: Hashable {
    /// The number of bytes.
    var size: Int
    /// The XXH64 hash of the bytes.
    var hash: UInt64

    init(size: Int, hash: UInt64) {
        self.size = size
        self.hash = hash
    }

    /// The record of `data`.
    init(of data: Data) {
        self.init(size: data.count, hash: data.withUnsafeBytes { XXH64.hash($0) })
    }

    /// The record stored at `url`, nil when it is absent or unreadable.
    init?(contentsOf url: URL) {
        guard let data = try? Data(contentsOf: url) else { return nil }
        let fields = String(decoding: data, as: UTF8.self).split(whereSeparator: { $0 == " " || $0 == "\n" })
        guard fields.count == 2, let size = Int(fields[0]), let hash = UInt64(fields[1], radix: 16) else { return nil }
        self.init(size: size, hash: hash)
    }

    /// The record as stored.
    var encoded: Data { Data("\(size) \(XXH64.hexString(hash))\n".utf8) }
}

/// What one read of a file tells: its size, a hash, and its first bytes (for the format).
struct FileDigest {
    var record: CacheEntryRecord
    var head: Data

    /// Reads the file at `url` in chunks of 1 MiB (never all in memory), hashing
    /// them; nil when it cannot be read.
    init?(ofFileAt url: URL) {
        guard let handle = try? FileHandle(forReadingFrom: url) else { return nil }
        defer { try? handle.close() }
        var hasher = XXH64()
        var count = 0
        var head = Data()
        while true {
            let chunk: Data
            do {
                guard let read = try handle.read(upToCount: 1 << 20), !read.isEmpty else { break }
                chunk = read
            } catch {
                return nil
            }
            if head.isEmpty { head = chunk.prefix(16) }
            count += chunk.count
            chunk.withUnsafeBytes { hasher.update($0) }
        }
        record = CacheEntryRecord(size: count, hash: hasher.digest)
        self.head = head
    }

    /// The format the first bytes show.
    var format: ContentFormat { ContentFormat(sniffing: head) }
}
