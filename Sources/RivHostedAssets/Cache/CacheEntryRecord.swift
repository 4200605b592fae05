import Foundation
import RivFormat

/// The sidecar stored beside each cache entry (`<name>.entry`): how many bytes it
/// has, their ``XXH64`` (the package's content hash) and the URL they came from,
/// as one line `<size> <16 hex digits> <URL>`, so that an entry cut short or
/// changed after it was stored is told from a good one, and an entry is served
/// only for its own URL.
package struct CacheEntryRecord: Hashable {
    /// The number of bytes.
    package var size: Int
    /// The XXH64 hash of the bytes.
    package var hash: UInt64

    init(size: Int, hash: UInt64) {
        self.size = size
        self.hash = hash
    }

    /// The record of `data`.
    package init(of data: Data) {
        self.init(size: data.count, hash: data.withUnsafeBytes { XXH64.hash($0) })
    }

    /// The most bytes a record file may have (a URL of up to about 8 KiB).
    package static let maximumFileSize = 8 << 10

    /// The record stored at `url` for `key`, nil when it is absent, unreadable,
    /// not a regular file, or written for another URL.
    init?(contentsOf url: URL, key: HostedAssetKey) {
        guard let data = CacheFile.data(url, limit: Self.maximumFileSize) else { return nil }
        self.init(recorded: data, key: key)
    }

    /// The record `data` holds for `key`, nil when it is no record or one for another URL.
    package init?(recorded data: Data, key: HostedAssetKey) {
        guard let (record, url) = Self.decoded(data), url == key.url else { return nil }
        self = record
    }

    /// The record `data` holds and the URL it was written for, nil when `data` is no record.
    package static func decoded(_ data: Data) -> (record: CacheEntryRecord, url: String)? {
        let fields = String(decoding: data, as: UTF8.self).split(whereSeparator: { $0 == " " || $0 == "\n" })
        guard fields.count == 3, let size = Int(fields[0]), size >= 0,
              let hash = UInt64(fields[1], radix: 16) else { return nil }
        return (CacheEntryRecord(size: size, hash: hash), String(fields[2]))
    }

    /// The record as stored for `key`.
    package func encoded(for key: HostedAssetKey) -> Data { Data("\(size) \(XXH64.hexString(hash)) \(key.url)\n".utf8) }
}

/// What one read of a file tells: its size, a hash, and its first bytes (for the format).
package struct FileDigest {
    /// The size and hash.
    package var record: CacheEntryRecord
    /// The first 16 bytes (fewer when the file is shorter).
    package var head: Data

    /// Reads the file at `url` in chunks of 1 MiB (never all in memory), hashing
    /// them; nil when it cannot be read, is not a regular file, or holds more than
    /// `limit` bytes (see ``CacheFile``).
    package init?(ofFileAt url: URL, limit: Int = .max) {
        var hasher = XXH64()
        var head = Data()
        guard let count = CacheFile.forEachChunk(of: url, limit: limit, { chunk in
            if head.isEmpty { head = Data(chunk.prefix(16)) }
            hasher.update(chunk)
        }) else { return nil }
        record = CacheEntryRecord(size: count, hash: hasher.digest)
        self.head = head
    }

    /// The format the first bytes show.
    package var format: ContentFormat { ContentFormat(sniffing: head) }
}
