import Foundation
import RivFormat
import RivSupport

/// The replacement files of a folder, named as `riv-assets replace --assets`
/// reads them (``AssetFolder``: `logo-12.png` replaces the image `logo-12`), read
/// afresh each time the registry asks, so that it follows the folder as people
/// add, change, rename and remove files. A file also serves every unique name
/// the folder's manifest gives it (``AssetManifest``: `strip --dedupe`,
/// `--layout android`); names the manifest gives several files for other inputs
/// (`--prefer per-file`) are served by none, a registry serving one bytes per name.
///
/// A file still being written is not served: one whose format says where it ends
/// (PNG, JPEG, WebP, WAV, TTF, OTF) only once it is whole, any other only once
/// its size and modification time have not changed for ``settleInterval`` (with
/// a settle interval of 0, every file is served as soon as it is seen). Until
/// then the version served before under that name (if any) stays. Two files for
/// one asset make the query fail, so the registry keeps what it had.
///
/// Each file's format is read from its first bytes before anything else: a file
/// of no image, font or audio format is skipped without being read, and one
/// over ``maximumFileSize`` bytes makes the query fail
/// (``AssetFolder/Problem/tooLarge(path:size:limit:)``) without being read, so a
/// huge or sparse file dropped in the folder costs nothing. The rest is read in
/// chunks, and a watch being stopped stops a read in progress.
///
/// ``watch(updating:debounce:pollInterval:onUpdate:)`` makes the source follow the folder by itself (inotify on
/// Linux, kqueue on Apple platforms, polling elsewhere).
public final class FolderAssetSource: ImmediateAssetSource, @unchecked Sendable {
    /// The source's name: the folder's path.
    public let id: String
    /// The folder.
    public let url: URL
    /// How long a file without an end marker must stay unchanged before it is served.
    public let settleInterval: TimeInterval
    /// The most bytes one replacement file may have.
    public let maximumFileSize: Int

    /// What the source knows of one file since it last looked.
    private struct Seen {
        let size: Int
        let modified: POSIX.FileStatus.Timestamp
        let statusChanged: POSIX.FileStatus.Timestamp
        /// When it was first seen as it is now.
        let since: Date
        /// Its bytes, when they were whole when read.
        let served: SourcedAsset?
    }

    private struct State {
        var seen: [String: Seen] = [:]
        /// The last whole version served under each asset (`type/name`), kept while a newer one is being written.
        var lastServed: [String: SourcedAsset] = [:]
        /// Files held back as possibly still being written that have not yet been
        /// looked at once settled, with when each was first seen as it is.
        var pending: [String: Date] = [:]
    }

    private let state = Protected(State())
    /// Set while a watch of this source is being stopped: a read in progress gives up.
    private let abandoning = Protected(false)

    /// A source for the folder at `url`, named by its path unless `id` is given,
    /// serving files of at most `maximumFileSize` bytes.
    public init(url: URL, id: String? = nil, settleInterval: TimeInterval = 0.3,
                maximumFileSize: Int = AssetFolder.defaultMaximumFileSize) {
        self.url = url
        self.id = id ?? url.path
        self.settleInterval = settleInterval
        self.maximumFileSize = maximumFileSize
    }

    /// Makes a look at the folder in progress give up (``FolderWatch/stop()``), or
    /// lets looks proceed again (a new watch).
    func setAbandoning(_ value: Bool) {
        abandoning.withLock { $0 = value }
    }

    /// When asking again may serve a file the last look held back as possibly
    /// still being written (it will then have been unchanged for ``settleInterval``);
    /// nil when there is none to wait for. A time already past means: ask now. A
    /// file the last look already saw settled and still could not serve (empty,
    /// unreadable, a PNG without its end) is not waited on: its next change is.
    public var nextSettleTime: Date? {
        state.withLock { state in
            state.pending.values.map { $0.addingTimeInterval(settleInterval) }.min()
        }
    }

    /// The replacement files of the folder now. Throws ``AssetFolder/Problem`` when
    /// the folder cannot be read or two files would replace one asset.
    public func currentAssetsImmediately() throws -> [SourcedAsset] {
        try scan()
    }

    /// The same as ``currentAssetsImmediately()``, with its error typed.
    func scan() throws(AssetFolder.Problem) -> [SourcedAsset] {
        let files = try AssetFolder.files(in: url)
        let manifest = Dictionary(try AssetFolder.manifestNames(in: url).global.map { ($0.file, $0.names) }) { $0 + $1 }
        let now = Date()
        let previous = state.withLock { $0 }
        var next = State()
        var served: [String: SourcedAsset] = [:]
        var slots = AssetFolder.OneFilePerAsset()
        var pendingNames: Set<String> = []
        for listed in files where listed.status.kind == .regularFile {
            if abandoning.withLock({ $0 }) { throw .unreadable(path: url.path, reason: "the watch is stopping") }
            let file = listed.name, path = listed.url.path, status = listed.status
            let name = listed.stem
            let asset: SourcedAsset?
            let since: Date
            if let known = previous.seen[file], known.size == status.size, known.modified == status.modified,
               known.statusChanged == status.statusChanged {
                // Unchanged since the last look: served as then, or served now that it has settled.
                since = known.since
                if let served = known.served {
                    asset = served
                } else if now.timeIntervalSince(since) >= settleInterval {
                    asset = try read(path, name: name, size: status.size, wholeOnly: false)
                } else {
                    asset = nil
                }
            } else {
                // New or changed: served now when whole, or when no settling is asked for.
                since = now
                asset = status.size > 0 ? try read(path, name: name, size: status.size, wholeOnly: settleInterval > 0) : nil
            }
            next.seen[file] = Seen(size: status.size, modified: status.modified, statusChanged: status.statusChanged, since: since, served: asset)
            guard let ready = asset else {
                if now.timeIntervalSince(since) < settleInterval { next.pending[file] = since }
                pendingNames.insert(name)
                continue
            }
            guard !ready.bytes.isEmpty else { continue }  // no image, font or audio format: not a replacement
            try slots.claim(type: ready.type, name: ready.name, path: path)
            served["\(ready.type)/\(ready.name)"] = ready
            // The names the folder's manifest gives the file (dedupe, Android layout) serve its bytes too.
            for name in manifest[file] ?? [] where name != ready.name {
                try slots.claim(type: ready.type, name: name, path: path)
                var named = ready
                named.name = name
                served["\(ready.type)/\(name)"] = named
            }
        }
        // A name whose file is being rewritten keeps its earlier version; a name whose
        // file is gone is gone.
        var result: [SourcedAsset] = []
        for (slot, asset) in served {
            result.append(asset)
            next.lastServed[slot] = asset
        }
        for (slot, asset) in previous.lastServed where served[slot] == nil && pendingNames.contains(asset.name) {
            result.append(asset)
            next.lastServed[slot] = asset
        }
        state.withLock { $0 = next }
        return result.sorted { ($0.type.description, $0.name) < ($1.type.description, $1.name) }
    }

    /// The file at `path` (`size` bytes when last looked at) as a replacement named
    /// `name`; nil when it may still be being written. A file of no image, font or
    /// audio format is returned with no bytes, to be skipped, and is not read past
    /// its first bytes; nor is one over ``maximumFileSize``, which throws.
    private func read(_ path: String, name: String, size: Int, wholeOnly: Bool) throws(AssetFolder.Problem) -> SourcedAsset? {
        guard let head = readFile(path, upTo: 16), !head.isEmpty else { return nil }
        let format = ContentFormat(sniffing: head)
        guard let type = AssetType(replacementFormat: format) else {
            // Too short to tell yet, or simply not a replacement file.
            return head.count < 16 && wholeOnly ? nil : SourcedAsset(type: .unknown(0), exactName: name, bytes: Data())
        }
        guard size <= maximumFileSize else { throw .tooLarge(path: path, size: size, limit: maximumFileSize) }
        guard let bytes = readFile(path, upTo: maximumFileSize + 1) else { return nil }
        guard bytes.count <= maximumFileSize else { throw .tooLarge(path: path, size: bytes.count, limit: maximumFileSize) }
        switch FileCompleteness.isComplete(bytes, format: format) {
        case true?: return SourcedAsset(type: type, exactName: name, bytes: bytes)
        case false?: return nil
        case nil: return wholeOnly ? nil : SourcedAsset(type: type, exactName: name, bytes: bytes)
        }
    }

    /// At most `limit` bytes from the start of the file at `path`, read in chunks
    /// (giving up, with nil, when a stop is asked for meanwhile); nil when it
    /// cannot be read. Opened as inputs are: never waiting on a FIFO put in its place.
    private func readFile(_ path: String, upTo limit: Int) -> Data? {
        guard let descriptor = try? POSIX.openForReading(path) else { return nil }
        defer { try? POSIX.closeDescriptor(descriptor) }
        var bytes = Data()
        let chunk = UnsafeMutableRawBufferPointer.allocate(byteCount: min(1 << 20, max(limit, 1)), alignment: 16)
        defer { chunk.deallocate() }
        while bytes.count < limit {
            if abandoning.withLock({ $0 }) { return nil }
            let wanted = UnsafeMutableRawBufferPointer(rebasing: chunk[..<min(chunk.count, limit - bytes.count)])
            guard let count = try? POSIX.read(from: descriptor, into: wanted, at: bytes.count) else { return nil }
            if count == 0 { break }
            bytes.append(contentsOf: UnsafeRawBufferPointer(rebasing: wanted[..<count]))
        }
        return bytes
    }
}
