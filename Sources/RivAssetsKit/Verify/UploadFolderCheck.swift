import Foundation
import RivFormat

/// The check of `verify --upload-dir`: every hosted asset has its bytes in the
/// folder `host` writes, as the file `<uuid>` that the runtimes request, and those
/// bytes are still the ones hosted. Each uuid's file is read and hashed once, however
/// many assets and inputs name it.
final class UploadFolderCheck: Sendable {
    /// What the folder holds under one uuid.
    private enum Upload: Sendable {
        case missing
        case notAFile
        case unreadable(String)
        case present(byteCount: Int, contentHash: UInt64, format: ContentFormat)
    }

    let folder: URL
    private let manifest: UploadManifest
    private let uploads = Protected<[String: Upload]>([:])

    /// Reads the folder's manifest, when it has one.
    init(folder path: String) throws(RequestError) {
        folder = LiteralPath.kernelURL(path)
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: folder.path, isDirectory: &isFolder), isFolder.boolValue else {
            throw RequestError("\(path): no such folder (the upload folder `host` writes)")
        }
        manifest = try UploadManifest.read(at: folder.appendingPathComponent(UploadManifest.fileName))
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
        case .unreadable(let reason):
            return finding("asset-not-uploaded", "hosted \(asset.kind) \(name): \(path) cannot be read: \(reason)")
        case .present(let byteCount, let contentHash, let format):
            if let recorded = manifest.assets[cdn.uuid],
               recorded.bytes != byteCount || recorded.contentHash != XXH64.hexString(contentHash) {
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

    /// The folder's file for `uuid`, read and hashed the first time it is asked for.
    private func upload(_ uuid: String) -> Upload {
        if let known = uploads.withLock({ $0[uuid] }) { return known }
        let found = Self.read(folder.appendingPathComponent(uuid).path)
        uploads.withLock { $0[uuid] = found }
        return found
    }

    private static func read(_ path: String) -> Upload {
        guard let isRegularFile = POSIX.isRegularFile(atPath: path) else { return .missing }
        guard isRegularFile else { return .notAFile }
        do throws(RivEditError) {
            let content = try HostedContent(fileAt: URL(fileURLWithPath: path))
            return .present(byteCount: content.byteCount, contentHash: content.contentHash, format: content.format)
        } catch {
            return .unreadable(error.description)
        }
    }
}
