import Foundation
import RivAssetRegistry
import RivFormat
import RivSupport

/// The asset files one operation writes, so that within a run no path is written
/// twice with different bytes: a second writer of a path waits until the first is
/// done, then shares the file when its bytes are the same and is refused when
/// they differ. (Overwriting applies only to files from earlier runs.)
final class RunWrites: @unchecked Sendable {
    /// What a writer may do with a path.
    enum Claim {
        /// Nobody wrote it in this run: write it, then call ``finish(_:written:)``.
        case write
        /// Written in this run from `source`, at `path` (which may differ in case),
        /// or, in a dry run, claimed for `asset` (and the `bytes` written in its
        /// stead, when not its own): compare before doing anything.
        case writtenBefore(source: String, path: String, asset: FileAsset?, bytes: [UInt8]?)
    }

    private struct Entry {
        var source: String
        var path: String
        var asset: FileAsset?
        var bytes: [UInt8]?
        var isDone: Bool
        var isWritten: Bool
    }

    private let condition = NSCondition()
    private var entries: [String: Entry] = [:]

    /// What counts as one path: Unicode normalisation and case folded
    /// (`CaseFolding`), as the default file systems of macOS and Windows fold
    /// them, so that `Logo-1.png` and `logo-1.png`, `Aſ-1.png` and `As-1.png` are
    /// one file wherever the output is later copied.
    static func key(_ path: String) -> String {
        CaseFolding.key(path)
    }

    /// Claims `path` for bytes from `source`, waiting while another writer of the
    /// same path is at work.
    /// A dry run passes the `asset` (and the `bytes` written in its stead, when
    /// not its own), so that a later claim can compare bytes that were never written.
    func claim(_ path: String, source: String, asset: FileAsset? = nil, bytes: [UInt8]? = nil) -> Claim {
        let key = Self.key(path)
        condition.lock()
        defer { condition.unlock() }
        while let entry = entries[key], !entry.isDone { condition.wait() }
        if let entry = entries[key], entry.isWritten { return .writtenBefore(source: entry.source, path: entry.path, asset: entry.asset, bytes: entry.bytes) }
        entries[key] = Entry(source: source, path: path, asset: asset, bytes: bytes, isDone: false, isWritten: false)
        return .write
    }

    /// Ends the claim on `path`; when nothing was written (or what was is
    /// undone), the next writer takes it over.
    func finish(_ path: String, written: Bool) {
        let path = Self.key(path)
        condition.lock()
        entries[path]?.isDone = true
        entries[path]?.isWritten = written
        condition.broadcast()
        condition.unlock()
    }

    /// Whether two assets embed the same bytes.
    static func sameBytes(_ first: FileAsset, _ second: FileAsset) -> Bool {
        first.embeddedByteCount == second.embeddedByteCount && first.contentHash == second.contentHash
            && first.withEmbeddedBytes { a in second.withEmbeddedBytes { b in a.isEmpty || memcmp(a.baseAddress!, b.baseAddress!, a.count) == 0 } }
    }

    /// Whether two writes put the same bytes in a file: each its `bytes` when
    /// given (another copy, a merged or a subset font), else its asset's embedded bytes.
    static func sameBytes(_ first: FileAsset, holding firstBytes: [UInt8]?, _ second: FileAsset, holding secondBytes: [UInt8]?) -> Bool {
        switch (firstBytes, secondBytes) {
        case (nil, nil): sameBytes(first, second)
        case (let first?, let second?): first == second
        case (let bytes?, nil): second.embeddedByteCount == bytes.count && second.withEmbeddedBytes { $0.elementsEqual(bytes) }
        case (nil, let bytes?): first.embeddedByteCount == bytes.count && first.withEmbeddedBytes { $0.elementsEqual(bytes) }
        }
    }

    /// Whether the file at `path` holds exactly the embedded bytes of `asset`.
    static func file(atPath path: String, holdsBytesOf asset: FileAsset) -> Bool {
        // The size first: the asset's bytes are gathered only for a file that could hold them.
        guard let existing = POSIX.FileStatus(ofLinkAt: path), existing.kind == .regularFile,
              existing.size == asset.embeddedByteCount else { return false }
        return asset.withEmbeddedBytes { file(atPath: path, holds: $0) }
    }

    /// Whether the file at `path` is a regular file holding exactly `expected`
    /// (`AtomicFile.fileHolds(_:at:)`, the writer's own check).
    static func file(atPath path: String, holds expected: UnsafeRawBufferPointer) -> Bool {
        AtomicFile.fileHolds(expected, at: path)
    }
}
