import Foundation
import RivFormat
import RivSupport

/// Hosted asset bytes kept by CDN uuid and the URL they came from
/// (``HostedAssetKey``), in memory and on disk.
///
/// ```swift
/// let cache = try HostedAssetCache()                  // ~/.cache/riv-assets/hosted on Linux
/// let key = HostedAssetKey(baseURL: asset.cdn!.baseURL, uuid: asset.cdn!.uuid)!
/// if let bytes = cache.data(for: key) {               // never touches the network
///     registry.addGlobalImageAsset(bytes, name: asset.uniqueName)
/// }
/// ```
///
/// On disk each entry is two files in ``directory``: `<name>`, the bytes exactly
/// as the server sent them, and `<name>.entry`, their size, a hash of them and
/// their URL (the name is the uuid and a hash of the URL). An entry is served
/// only for the URL it was fetched from, so bytes from one server never stand in
/// for another's. Every file of the cache is read as the package reads its
/// inputs: regular files only, never through a symbolic link, never past the
/// size in the record (a pipe or a link to a device is no entry).
/// Both are written to a temporary file and renamed into place, so a reader never
/// sees half an entry and two processes may fill one cache at once (the last
/// rename wins; both wrote the same asset). An entry whose bytes no longer match
/// its record (cut short, changed, or caught between two writers) counts as
/// absent, so it is fetched again. When the entries pass ``diskLimit``, the
/// oldest stored are removed first. The memory layer keeps recently read entries
/// up to ``memoryLimit`` bytes. All methods are safe to call from any thread.
public final class HostedAssetCache: Sendable {
    /// The folder holding the entries.
    public let directory: URL
    /// The most bytes the memory layer keeps.
    public let memoryLimit: Int
    /// The most bytes the disk entries may take, nil for no limit.
    public let diskLimit: Int?

    private let memory: Protected<MemoryLayer>
    /// The bytes of the disk entries as last measured plus those stored since; nil before the first measure.
    private let knownDiskBytes = Protected<Int?>(nil)

    /// The default memory limit: 32 MiB.
    public static let defaultMemoryLimit = 32 << 20
    /// The default disk limit: 2 GiB.
    public static let defaultDiskLimit = 2 << 30

    /// Opens (creating it when needed) the cache in `directory`, by default
    /// ``defaultDirectory()``. Throws when the folder cannot be resolved or
    /// created; it never falls back to another place.
    public init(directory: URL? = nil, memoryLimit: Int = defaultMemoryLimit, diskLimit: Int? = defaultDiskLimit) throws(HostedAssetCacheError) {
        let folder: URL
        if let directory { folder = directory } else { folder = try Self.defaultDirectory() }
        do {
            try OutputFolder.create(folder)
        } catch {
            throw .cannotCreate(path: folder.path, reason: error.reason)
        }
        guard FileManager.default.isWritableFile(atPath: folder.path) else {
            throw .cannotCreate(path: folder.path, reason: "it is not writable")
        }
        self.directory = folder.standardizedFileURL
        self.memoryLimit = memoryLimit
        self.diskLimit = diskLimit
        memory = Protected(MemoryLayer(limit: memoryLimit))
        removeLeftovers()
    }

    /// Opens the cache in `directory` only to read it, as a check does (`verify
    /// --offline`): opening creates, changes and removes nothing, a folder that
    /// does not exist is an empty cache, and the memory layer keeps nothing.
    /// Storing into it works only where the folder exists.
    public init(readingFrom directory: URL) {
        self.directory = directory.standardizedFileURL
        memoryLimit = 0
        diskLimit = nil
        memory = Protected(MemoryLayer(limit: 0))
    }

    /// How long a download or write must have been left untouched before opening
    /// the cache removes it as the leftover of a process that was killed: one hour,
    /// far longer than any live download stays silent.
    public static let leftoverAge: TimeInterval = 3600

    /// Removes partial downloads and half-written entries that no process has
    /// touched for ``leftoverAge`` (a process killed with no chance to clean up).
    private func removeLeftovers() {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
        let cutoff = Date().addingTimeInterval(-Self.leftoverAge)
        for name in names where TemporaryFiles.isTemporaryName(name) {
            let url = directory.appendingPathComponent(name)
            guard let attributes = try? FileManager.default.attributesOfItem(atPath: url.path),
                  attributes[.type] as? FileAttributeType == .typeRegular,
                  let modified = attributes[.modificationDate] as? Date, modified < cutoff else { continue }
            try? FileManager.default.removeItem(at: url)
        }
    }

    /// The platform's place for the cache: `$XDG_CACHE_HOME/riv-assets/hosted`
    /// (or `~/.cache/riv-assets/hosted`) on Linux, the user's Caches folder +
    /// `riv-assets/hosted` on Apple platforms.
    public static func defaultDirectory() throws(HostedAssetCacheError) -> URL {
        #if os(Linux) || os(Android) || os(FreeBSD) || os(OpenBSD)
        let environment = ProcessInfo.processInfo.environment
        let base: URL
        if let xdg = environment["XDG_CACHE_HOME"], xdg.hasPrefix("/") {
            base = URL(fileURLWithPath: xdg, isDirectory: true)
        } else if let home = environment["HOME"], home.hasPrefix("/") {
            base = URL(fileURLWithPath: home, isDirectory: true).appendingPathComponent(".cache", isDirectory: true)
        } else {
            throw .noDefaultLocation(reason: "neither XDG_CACHE_HOME nor HOME is an absolute path")
        }
        #else
        guard let base = FileManager.default.urls(for: .cachesDirectory, in: .userDomainMask).first else {
            throw .noDefaultLocation(reason: "the system has no caches folder for this user")
        }
        #endif
        return base.appendingPathComponent("riv-assets", isDirectory: true).appendingPathComponent("hosted", isDirectory: true)
    }

    /// The bytes stored for `key`, from memory or disk, checked against their
    /// record; nil when there is no good entry. Never uses the network.
    public func data(for key: HostedAssetKey) -> Data? {
        let name = key.fileName
        if let data = memory.withLock({ $0.data(for: name) }) { return data }
        guard let record = CacheEntryRecord(contentsOf: recordURL(name), key: key),
              let data = CacheFile.data(entryURL(name), limit: record.size),
              CacheEntryRecord(of: data) == record else { return nil }
        memory.withLock { $0.insert(data, for: name) }
        return data
    }

    /// An entry on disk, checked against its record.
    public struct Entry: Sendable, Hashable {
        /// The file holding the bytes, for streaming them.
        public let file: URL
        /// The number of bytes.
        public let byteCount: Int
        /// The format of the bytes.
        public let format: ContentFormat

        /// XXH64 of the bytes, 16 hex digits, as `list --json` and `extract
        /// --json` give it; reads the file again, in chunks. Nil when it cannot be read.
        public func contentHash() -> String? {
            FileDigest(ofFileAt: file).map { XXH64.hexString($0.record.hash) }
        }
    }

    /// The entry of `key` on disk after checking its bytes against their record
    /// (reading them in chunks, never all in memory); nil when there is no good
    /// entry. For large assets, which should be streamed rather than held.
    public func entry(for key: HostedAssetKey) -> Entry? {
        let name = key.fileName
        let url = entryURL(name)
        guard let record = CacheEntryRecord(contentsOf: recordURL(name), key: key),
              let digest = FileDigest(ofFileAt: url, limit: record.size), digest.record == record else { return nil }
        return Entry(file: url, byteCount: record.size, format: digest.format)
    }

    /// The file holding the bytes of `key`, once they are checked against their
    /// record (``entry(for:)``); nil when there is no good entry. The one public way
    /// to a cache file: every path is made by this cache, never by its callers.
    public func fileURL(for key: HostedAssetKey) -> URL? { entry(for: key)?.file }

    /// Stores `data` for `key` on disk and in memory.
    public func store(_ data: Data, for key: HostedAssetKey) throws(HostedAssetCacheError) {
        let name = key.fileName
        try write(data, to: entryURL(name))
        try write(CacheEntryRecord(of: data).encoded(for: key), to: recordURL(name))
        memory.withLock { $0.insert(data, for: name) }
        evict(keeping: name, added: data.count)
    }

    /// Takes over the file at `url` (a finished download, best in ``downloadFolder``)
    /// as the entry of `key`: renamed into place, or copied when it is on another volume.
    public func store(movingFileAt url: URL, for key: HostedAssetKey) throws(HostedAssetCacheError) {
        guard let digest = FileDigest(ofFileAt: url) else {
            throw .unwritable(path: url.path, reason: "the downloaded file cannot be read")
        }
        try store(movingFileAt: url, for: key, record: digest.record)
    }

    /// Removes the entry of `key` (its record first, so that it is absent at
    /// once, then its bytes) from disk and memory; nothing happens when there is none.
    public func removeEntry(for key: HostedAssetKey) {
        let name = key.fileName
        try? FileManager.default.removeItem(at: recordURL(name))
        try? FileManager.default.removeItem(at: entryURL(name))
        memory.withLock { $0.remove(name) }
    }

    /// Like ``store(movingFileAt:for:)`` with the file's record already read.
    func store(movingFileAt url: URL, for key: HostedAssetKey, record: CacheEntryRecord) throws(HostedAssetCacheError) {
        let name = key.fileName
        let destination = entryURL(name)
        if rename(url.path, destination.path) != 0 {
            do throws(RivEditError) {
                try AtomicFile.copy(from: url, to: destination)
            } catch {
                throw .unwritable(path: destination.path, reason: error.description)
            }
            try? FileManager.default.removeItem(at: url)
        }
        try write(record.encoded(for: key), to: recordURL(name))
        memory.withLock { $0.remove(name) }
        evict(keeping: name, added: record.size)
    }

    /// Where the bytes of `key` are kept, whether or not they are there (unchecked:
    /// ``fileURL(for:)`` checks them), for the fetcher's own use.
    package func file(for key: HostedAssetKey) -> URL { entryURL(key.fileName) }

    /// Where transports should create downloads: the cache folder itself (hidden
    /// names), so that storing one is a rename.
    public var downloadFolder: URL { directory }

    /// The URLs the cache holds entries of `uuid` under (their records' URLs,
    /// sorted): where to look when an offline fetch finds no entry for the URL it
    /// asked for, since the same asset fetched through a mirror is kept under the
    /// mirror's URL. Lists the folder once; reads only the records of `uuid`.
    package func recordedURLs(of uuid: String) -> [String] {
        let prefix = uuid + "."
        let names = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
        return names.filter { $0.hasPrefix(prefix) && Self.isEntryName($0) }.compactMap { name in
            CacheFile.data(recordURL(name), limit: CacheEntryRecord.maximumFileSize).flatMap(CacheEntryRecord.decoded)?.url
        }.sorted()
    }

    /// The uuids of the good-looking entries on disk (a record beside the bytes), oldest first.
    public var storedUUIDs: [String] { diskEntries().map { String($0.name.prefix { $0 != "." }) } }

    // Joined as text: appending a path component to a URL costs more than reading a small entry.
    private func entryURL(_ name: String) -> URL { URL(fileURLWithPath: directory.path + "/" + name, isDirectory: false) }
    private func recordURL(_ name: String) -> URL { URL(fileURLWithPath: directory.path + "/" + name + ".entry", isDirectory: false) }

    /// The entries on disk with their size and storing time, oldest first.
    private func diskEntries() -> [(name: String, size: Int, stored: Date)] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
        return names.filter { Self.isEntryName($0) }.compactMap { name in
            guard let attributes = try? FileManager.default.attributesOfItem(atPath: recordURL(name).path),
                  let size = try? FileManager.default.attributesOfItem(atPath: entryURL(name).path)[.size] as? Int,
                  let stored = attributes[.modificationDate] as? Date else { return nil }
            return (name, size, stored)
        }.sorted { ($0.stored, $0.name) < ($1.stored, $1.name) }
    }

    /// Writes a file of the cache through the package's one writer (`AtomicFile`:
    /// a temporary file beside it, flushed and renamed over it; never into a device
    /// or a folder in the way).
    /// Writes a cache file as every file is written, but unflushed: an entry is read
    /// only when its bytes match its record, so one lost to a power cut is a miss.
    private func write(_ data: Data, to url: URL) throws(HostedAssetCacheError) {
        do throws(FileWriteError) {
            try AtomicFile.write(data, to: url, flushing: false)
        } catch {
            throw .unwritable(path: url.path, reason: error.description)
        }
    }

    /// Removes the oldest entries, never `kept`, until the disk entries fit
    /// ``diskLimit``. The folder is measured when this process's running total
    /// (measured, plus what it stored since) passes the limit, not on every store.
    private func evict(keeping kept: String, added: Int) {
        guard let diskLimit else { return }
        let mustMeasure = knownDiskBytes.withLock { known -> Bool in
            guard let total = known else { return true }
            known = total + added
            return total + added > diskLimit
        }
        guard mustMeasure else { return }
        let entries = diskEntries()
        var total = entries.reduce(0) { $0 + $1.size }
        for entry in entries where total > diskLimit && entry.name != kept {
            try? FileManager.default.removeItem(at: recordURL(entry.name))
            try? FileManager.default.removeItem(at: entryURL(entry.name))
            memory.withLock { $0.remove(entry.name) }
            total -= entry.size
        }
        knownDiskBytes.withLock { $0 = total }
    }

    /// Whether `uuid` can name an entry: hex digits and `-`, 1 to 64 of them.
    static func isValid(_ uuid: String) -> Bool {
        (1...64).contains(uuid.utf8.count) && uuid.utf8.allSatisfy { (0x30...0x39).contains($0) || (0x61...0x66).contains($0) || (0x41...0x46).contains($0) || $0 == 0x2D }
    }

    /// Whether `name` is an entry's ``HostedAssetKey/fileName``: a uuid, `.`, 16 hex digits.
    static func isEntryName(_ name: String) -> Bool {
        let parts = name.split(separator: ".", omittingEmptySubsequences: false)
        return parts.count == 2 && isValid(String(parts[0])) && parts[1].utf8.count == 16 && UInt64(parts[1], radix: 16) != nil
    }
}
