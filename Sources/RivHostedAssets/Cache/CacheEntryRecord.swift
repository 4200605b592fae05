import Foundation
import RivFormat

/// The sidecar stored beside each cache entry (`<uuid>.entry`): how many bytes it
/// has and their ``wordHash(_:continuing:)``, as one line `<size> <16 hex digits>`,
/// so that an entry cut short or changed after it was stored is told from a good one.
struct CacheEntryRecord: Hashable {
    /// The number of bytes.
    var size: Int
    /// The word hash of the bytes.
    var hash: UInt64

    /// FNV-1a 64 taken over the bytes as little-endian 64-bit words (a last
    /// partial word byte by byte): eight times fewer multiplications than FNV-1a
    /// over bytes, so checking an entry costs little next to reading it. `bytes`
    /// must start on a multiple of 8 from the start of the entry.
    static func wordHash(_ bytes: UnsafeRawBufferPointer, continuing start: UInt64 = FNV1a.emptyHash) -> UInt64 {
        var hash = start
        let words = bytes.count / 8
        for index in 0..<words {
            hash = (hash ^ UInt64(littleEndian: bytes.loadUnaligned(fromByteOffset: index * 8, as: UInt64.self))) &* 0x100_0000_01b3
        }
        for byte in bytes[(words * 8)...] { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3 }
        return hash
    }

    init(size: Int, hash: UInt64) {
        self.size = size
        self.hash = hash
    }

    /// The record of `data`.
    init(of data: Data) {
        self.init(size: data.count, hash: data.withUnsafeBytes { Self.wordHash($0) })
    }

    /// The record stored at `url`, nil when it is absent or unreadable.
    init?(contentsOf url: URL) {
        guard let data = try? Data(contentsOf: url) else { return nil }
        let fields = String(decoding: data, as: UTF8.self).split(whereSeparator: { $0 == " " || $0 == "\n" })
        guard fields.count == 2, let size = Int(fields[0]), let hash = UInt64(fields[1], radix: 16) else { return nil }
        self.init(size: size, hash: hash)
    }

    /// The record as stored.
    var encoded: Data { Data("\(size) \(FNV1a.hexString(hash))\n".utf8) }
}

/// What one read of a file tells: its size, a hash, and its first bytes (for the format).
struct FileDigest {
    var record: CacheEntryRecord
    var head: Data

    /// Reads the file at `url` in chunks of 1 MiB (never all in memory), hashing
    /// them with `hash` (by default the record's); nil when it cannot be read.
    init?(ofFileAt url: URL, hash hashing: (UnsafeRawBufferPointer, UInt64) -> UInt64 = { CacheEntryRecord.wordHash($0, continuing: $1) }) {
        guard let handle = try? FileHandle(forReadingFrom: url) else { return nil }
        defer { try? handle.close() }
        var hash = FNV1a.emptyHash
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
            hash = chunk.withUnsafeBytes { hashing($0, hash) }
        }
        record = CacheEntryRecord(size: count, hash: hash)
        self.head = head
    }

    /// The format the first bytes show.
    var format: ContentFormat { ContentFormat(sniffing: head) }
}
