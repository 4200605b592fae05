import Foundation
import RivFormat
import RivHostedAssets

/// Invariant 11: what the hosted cache makes of a file's CDN locations and of
/// bytes found where a record should be (RivHostedAssets' cache key and record).
/// For every hosted asset: a key exists exactly when the URL is http or https with
/// a host and the uuid can name a file; its file name is one file-system name (no
/// `/`, at most 255 bytes) starting with the uuid; its URL is http or https. And the input, read as a record for each such
/// key, parses (or not) without trouble, and a record written for a key reads back
/// for that key alone.
enum CacheKeyCheck {
    static func check(_ file: RivFile, input: UnsafeRawBufferPointer) {
        let bytes = Data(input.prefix(CacheEntryRecord.maximumFileSize))
        for asset in file.assets {
            guard let cdn = asset.cdn else { continue }
            guard let key = HostedAssetKey(baseURL: cdn.baseURL, uuid: cdn.uuid) else { continue }
            let name = key.fileName
            require(!name.contains("/") && !name.contains("\0") && name.utf8.count <= 255 && name.hasPrefix(key.uuid + "."),
                    "cache file name \(name.debugDescription) for \(cdn.baseURL.debugDescription)")
            require(key.url.hasPrefix("http://") || key.url.hasPrefix("https://"), "cache key URL \(key.url.debugDescription)")
            _ = CacheEntryRecord(recorded: bytes, key: key)
            let record = CacheEntryRecord(of: bytes)
            require(CacheEntryRecord(recorded: record.encoded(for: key), key: key) == record, "a record does not read back for its key")
            if let other = HostedAssetKey(baseURL: "https://other.example/", uuid: key.uuid), other.url != key.url {
                require(CacheEntryRecord(recorded: record.encoded(for: key), key: other) == nil, "a record read back for another URL")
            }
        }
    }
}
