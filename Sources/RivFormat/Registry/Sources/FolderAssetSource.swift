import Foundation

/// The replacement files of a folder, named as `riv-assets replace --assets`
/// reads them (``AssetFolder``: `logo-12.png` replaces the image `logo-12`), read
/// afresh each time the registry asks, so that it follows the folder as people
/// add, change, rename and remove files.
///
/// A file still being written is not served: one whose format says where it ends
/// (PNG, JPEG, WebP, WAV, TTF, OTF) only once it is whole, any other only once
/// its size and modification time have not changed for ``settleInterval`` (with
/// a settle interval of 0, every file is served as soon as it is seen). Until
/// then the version served before under that name (if any) stays. Two files for
/// one asset make the query fail, so the registry keeps what it had.
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
        /// Files not served because they may still be being written, with when each was first seen as it is.
        var pending: [String: Date] = [:]
    }

    private let state = Protected(State())

    /// A source for the folder at `url`, named by its path unless `id` is given.
    public init(url: URL, id: String? = nil, settleInterval: TimeInterval = 0.3) {
        self.url = url
        self.id = id ?? url.path
        self.settleInterval = settleInterval
    }

    /// When asking again may serve a file the last look held back as possibly
    /// still being written (it will then have been unchanged for ``settleInterval``);
    /// nil when there is none to wait for.
    public var nextSettleTime: Date? {
        state.withLock { state in
            state.pending.values.map { $0.addingTimeInterval(settleInterval) }.filter { $0 > Date() }.min()
        }
    }

    /// The replacement files of the folder now. Throws ``AssetFolder/Problem`` when
    /// the folder cannot be read or two files would replace one asset.
    public func currentAssetsImmediately() throws -> [SourcedAsset] {
        try scan()
    }

    /// The same as ``currentAssetsImmediately()``, with its error typed.
    func scan() throws(AssetFolder.Problem) -> [SourcedAsset] {
        let names: [String]
        do {
            names = try FileManager.default.contentsOfDirectory(atPath: url.path).sorted()
        } catch {
            throw .unreadable(path: url.path, reason: FileSystemErrorText.reason(error))
        }
        let now = Date()
        let previous = state.withLock { $0 }
        var next = State()
        var served: [String: (asset: SourcedAsset, path: String)] = [:]
        var pendingNames: Set<String> = []
        for file in names {
            let path = url.appendingPathComponent(file).path
            guard let status = POSIX.FileStatus(following: path), status.kind == .regularFile else { continue }
            let name = AssetFileName.stem(ofFileNamed: file)
            let asset: SourcedAsset?
            let since: Date
            if let known = previous.seen[file], known.size == status.size, known.modified == status.modified,
               known.statusChanged == status.statusChanged {
                // Unchanged since the last look: served as then, or served now that it has settled.
                since = known.since
                asset = known.served ?? (now.timeIntervalSince(since) >= settleInterval ? read(path, name: name, wholeOnly: false) : nil)
            } else {
                // New or changed: served now when whole, or when no settling is asked for.
                since = now
                asset = status.size > 0 ? read(path, name: name, wholeOnly: settleInterval > 0) : nil
            }
            next.seen[file] = Seen(size: status.size, modified: status.modified, statusChanged: status.statusChanged, since: since, served: asset)
            guard let ready = asset else {
                next.pending[file] = since
                pendingNames.insert(name)
                continue
            }
            guard !ready.bytes.isEmpty else { continue }  // no image, font or audio format: not a replacement
            let slot = "\(ready.type)/\(ready.name)"
            if let other = served[slot] { throw .twoFiles(first: other.path, second: path, type: ready.type, name: ready.name) }
            served[slot] = (ready, path)
        }
        // A name whose file is being rewritten keeps its earlier version; a name whose
        // file is gone is gone.
        var result: [SourcedAsset] = []
        for (slot, entry) in served {
            result.append(entry.asset)
            next.lastServed[slot] = entry.asset
        }
        for (slot, asset) in previous.lastServed where served[slot] == nil && pendingNames.contains(asset.name) {
            result.append(asset)
            next.lastServed[slot] = asset
        }
        state.withLock { $0 = next }
        return result.sorted { ($0.type.description, $0.name) < ($1.type.description, $1.name) }
    }

    /// The file at `path` as a replacement named `name`; nil when it may still be
    /// being written. A file of no image, font or audio format is returned with no
    /// bytes, to be skipped.
    private func read(_ path: String, name: String, wholeOnly: Bool) -> SourcedAsset? {
        guard let bytes = try? Data(contentsOf: URL(fileURLWithPath: path)), !bytes.isEmpty else { return nil }
        let format = ContentFormat(sniffing: bytes.prefix(16))
        guard let type = [AssetType.image, .font, .audio].first(where: { $0.acceptedFormats?.contains(format) == true }) else {
            // Too short to tell yet, or simply not a replacement file.
            return bytes.count < 16 && wholeOnly ? nil : SourcedAsset(type: .unknown(0), name: name, bytes: Data())
        }
        switch FileCompleteness.isComplete(bytes, format: format) {
        case true?: return SourcedAsset(type: type, name: name, bytes: bytes)
        case false?: return nil
        case nil: return wholeOnly ? nil : SourcedAsset(type: type, name: name, bytes: bytes)
        }
    }
}
