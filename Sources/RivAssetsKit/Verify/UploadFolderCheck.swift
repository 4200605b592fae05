import Foundation
import RivFormat
import RivHostedAssets
import RivSupport

/// The check of `verify --upload-dir`: every hosted asset has its bytes in the
/// folder `host` writes, as the file `<uuid>` that the runtimes request, and those
/// bytes are still the ones hosted; and every entry of the folder's manifest is
/// one the folder vouches for.
///
/// Each uuid's file is looked at once, however many assets and inputs name it:
/// first its size, against what the manifest records, what a content uuid says and
/// the asset size limit, so that a file of the wrong size is a finding without
/// being read; only a file of the right size is read (in chunks, never mapped
/// whole) and hashed.
final class UploadFolderCheck: Sendable {
    /// What the folder holds under one uuid.
    private enum Upload: Sendable {
        case missing
        case notAFile
        case unreadable
        /// Another size than `expected`, which `source` says; not read.
        case wrongSize(byteCount: Int, expected: Int, source: String)
        /// Over the asset size limit; not read.
        case tooLarge(byteCount: Int, limit: Int)
        case present(byteCount: Int, contentHash: UInt64, format: ContentFormat)
    }

    let folder: URL
    /// The manifest's path.
    let manifestPath: String
    /// The manifest's entries the folder vouches for.
    private let manifest: UploadManifest
    /// One finding per entry it does not vouch for.
    let manifestFindings: [VerifyFinding]
    private let maxAssetSize: Int?
    private let uploads = Protected<[String: Upload]>([:])
    private let hashed = Protected<(files: Int, bytes: Int)>((0, 0))

    /// Reads the folder's manifest, when it has one; uploads over `maxAssetSize` bytes are findings.
    init(folder path: String, maxAssetSize: Int?) throws(RequestError) {
        folder = LiteralPath.kernelURL(path)
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: folder.path, isDirectory: &isFolder), isFolder.boolValue else {
            throw RequestError(.uploadFolderUnusable, "\(path): no such folder (the upload folder `host` writes)")
        }
        manifestPath = folder.appendingPathComponent(UploadManifest.fileName).path
        let read = try UploadManifest.read(inFolder: folder)
        manifest = read.manifest
        manifestFindings = read.refused.map { entry in
            VerifyFinding(code: "upload-manifest-entry-refused", message: "the entry \(entry.uuid.debugDescription) cannot be trusted: \(entry.reason)")
        }
        self.maxAssetSize = maxAssetSize
    }

    /// What the check found in the folder itself, and how much it read.
    var verdict: UploadFolderVerdict {
        let (files, bytes) = hashed.withLock { $0 }
        return UploadFolderVerdict(manifest: manifestPath, findings: manifestFindings, hashedFiles: files, hashedBytes: bytes)
    }

    /// The findings of hosted `asset`, whose CDN uuid is `cdn.uuid`.
    func findings(for asset: FileAsset, cdn: CDNInfo) -> [VerifyFinding] {
        let name = asset.uniqueName
        let path = folder.appendingPathComponent(cdn.uuid).path
        func finding(_ code: String, _ message: String) -> [VerifyFinding] {
            [VerifyFinding(code: code, message: message, offset: asset.recordRange.lowerBound, asset: name)]
        }
        guard UUID(uuidString: cdn.uuid) != nil else {
            return finding("asset-not-uploaded", "hosted \(asset.kind) \(name) names no uuid the upload folder can hold (\(cdn.uuid.debugDescription))")
        }
        switch upload(cdn.uuid) {
        case .missing:
            return finding("asset-not-uploaded", "hosted \(asset.kind) \(name) has no file in the upload folder (looked for \(path))")
        case .notAFile:
            return finding("asset-not-uploaded", "hosted \(asset.kind) \(name): \(path) is not a regular file")
        case .unreadable:
            return finding("asset-not-uploaded", "hosted \(asset.kind) \(name): \(path) cannot be read, or changed while it was read")
        case .wrongSize(let byteCount, let expected, let source):
            return finding("asset-upload-changed", "hosted \(asset.kind) \(name): \(path) holds \(byteCount) bytes, \(source) \(expected) bytes (not read)")
        case .tooLarge(let byteCount, let limit):
            return finding("asset-too-large", "hosted \(asset.kind) \(name): \(path) is \(byteCount) bytes, over the budget of \(limit) (not read)")
        case .present(let byteCount, let contentHash, let format):
            if let recorded = manifest.assets[cdn.uuid], recorded.bytes != byteCount || recorded.contentHash != XXH64.hexString(contentHash) {
                return finding("asset-upload-changed", "hosted \(asset.kind) \(name): \(path) holds \(byteCount) bytes hashing to \(XXH64.hexString(contentHash)), "
                               + "the manifest records \(recorded.bytes) bytes hashing to \(recorded.contentHash)")
            }
            if ContentUUID.isContentUUID(cdn.uuid),
               ContentUUID.make(contentHash: contentHash, byteCount: byteCount).uuidString.lowercased() != cdn.uuid {
                return finding("asset-upload-changed", "hosted \(asset.kind) \(name): \(path) holds \(byteCount) bytes whose content uuid is not \(cdn.uuid): they changed after hosting")
            }
            if let accepted = asset.type.acceptedFormats, format != .unknown, !accepted.contains(format) {
                return finding("asset-undecodable", "hosted \(asset.kind) \(name): \(path) holds \(format.rawValue) bytes, which Rive's runtimes do not decode for this type (\(asset.type))")
            }
            return []
        }
    }

    /// The folder's file for `uuid`, looked at the first time it is asked for.
    private func upload(_ uuid: String) -> Upload {
        if let known = uploads.withLock({ $0[uuid] }) { return known }
        let found = look(at: uuid)
        uploads.withLock { $0[uuid] = found }
        return found
    }

    /// The size first; the bytes only when the size is the one expected and within the limit.
    private func look(at uuid: String) -> Upload {
        let url = folder.appendingPathComponent(uuid)
        guard let entry = POSIX.entry(atPath: url.path) else { return .missing }
        guard entry.isRegularFile else { return .notAFile }
        if let recorded = manifest.assets[uuid], recorded.bytes != entry.byteCount {
            return .wrongSize(byteCount: entry.byteCount, expected: recorded.bytes, source: "the manifest records")
        }
        if let expected = ContentUUID.byteCount(in: uuid), expected != entry.byteCount {
            return .wrongSize(byteCount: entry.byteCount, expected: expected, source: "its content uuid says")
        }
        if let maxAssetSize, entry.byteCount > maxAssetSize {
            return .tooLarge(byteCount: entry.byteCount, limit: maxAssetSize)
        }
        // Read no more than the size seen: a file that grew since is unreadable, not hashed on and on.
        guard let digest = FileDigest(ofFileAt: url, limit: entry.byteCount) else { return .unreadable }
        hashed.withLock { $0 = ($0.files + 1, $0.bytes + digest.record.size) }
        return .present(byteCount: digest.record.size, contentHash: digest.record.hash, format: digest.format)
    }
}
