import Foundation
import RivAssetRegistry
import RivFormat
import RivHostedAssets

/// The asset findings of one file that reads: where each asset lives, whether its
/// bytes are where the request says, whether Rive's runtimes can decode them, the
/// signature of signed kinds, and the size budget.
struct AssetChecks {
    let request: VerifyRequest
    /// The names of the files in the request's assets folder.
    let referencedFiles: Set<String>
    /// The unique names the folder's manifest (``AssetManifest``) gives its files:
    /// those of deduplicated files, per-file copies and the Android layout.
    let manifestNames: Set<String>
    /// The upload folder of `--upload-dir`.
    let uploads: UploadFolderCheck?

    init(_ request: VerifyRequest) throws(RequestError) {
        self.request = request
        do throws(AssetFolder.Problem) {
            var files: Set<String> = [], names: Set<String> = []
            if let folder = request.assetsFolder {
                let url = LiteralPath.kernelURL(folder)
                files = Set(try AssetFolder.files(in: url).map(\.name))
                let served = try AssetFolder.manifestNames(in: url)
                names = Set(served.global.flatMap(\.names) + served.perInput.map(\.name))
            }
            referencedFiles = files
            manifestNames = names
        } catch {
            throw RequestError(.replacementUnusable, "\(RequestField.verifyAssetsFolder): \(error.description)", underlying: error)
        }
        uploads = try request.uploadFolder.map { folder throws(RequestError) in try UploadFolderCheck(folder: folder, maxAssetSize: request.maxAssetSize) }
    }

    /// The findings of `asset`; `spelling` gives the Android spelling of the
    /// names its file asks the assets folder for.
    func findings(for asset: FileAsset, spelling: AndroidSpelling) -> [VerifyFinding] {
        var found: [VerifyFinding] = []
        let name = asset.uniqueName
        func add(_ code: String, _ message: String, offset: Int? = asset.recordRange.lowerBound) {
            found.append(VerifyFinding(code: code, message: message, offset: offset, asset: name))
        }
        if !request.allowedLocations.contains(asset.location) {
            add("asset-location-not-allowed", "\(asset.kind) \(name) is \(asset.location.rawValue), which the request does not allow")
        } else if let types = request.allowedTypes[asset.location], !types.includes(asset) {
            let allowed = AssetTypeFilter.Category.allCases.filter(types.categories.contains).map(\.rawValue).joined(separator: ", ")
            add("asset-location-not-allowed", "\(asset.kind) \(name) is \(asset.location.rawValue), where the request allows only \(allowed)")
        }
        switch asset.location {
        case .referenced where request.assetsFolder != nil && request.assetsFolderTypes.includes(asset):
            let candidates = Self.fileNames(for: asset, spelling: spelling)
            if referencedFiles.isDisjoint(with: candidates) && !manifestNames.contains(name) {
                add("asset-missing", "referenced \(asset.kind) \(name) has no file in the assets folder (looked for \(candidates.sorted().joined(separator: ", ")))"
                    + spelling.collisionNote(name, type: asset.type))
            }
        case .hosted:
            // A cached entry counts only when it is whole (its size and hash as recorded).
            // It counts only under the URL the file names: bytes from another server are not its.
            if let fetcher = request.hostedAssets, let cdn = asset.cdn, fetcher.cachedEntry(for: asset) == nil {
                add("asset-not-cached", "hosted \(asset.kind) \(name) (CDN uuid \(cdn.uuid) at \(cdn.url)) is not in the cache folder"
                    + (fetcher.cacheMissHint(for: asset).map { ": " + $0 } ?? " \(fetcher.cache.directory.path)"))
            }
            if let uploads, let cdn = asset.cdn { found += uploads.findings(for: asset, cdn: cdn) }
        case .embedded:
            if let accepted = asset.type.acceptedFormats, let format = asset.detectedFormat, !accepted.contains(format) {
                add("asset-undecodable", "embedded \(asset.kind) \(name) holds \(format.rawValue) bytes, which Rive's runtimes do not decode for this type (\(asset.type))",
                    offset: asset.embeddedRange?.lowerBound)
            }
            if let limit = request.maxAssetSize, asset.embeddedByteCount > limit {
                add("asset-too-large", "embedded \(asset.kind) \(name) is \(asset.embeddedByteCount) bytes, over the budget of \(limit)")
            }
        case .referenced:
            break
        }
        return found
    }

    /// What the request leaves unchecked among `assets`: the referenced assets when no
    /// assets folder is given (or not of the types it supplies), the hosted ones when neither a cache nor an upload folder is.
    /// Assets of a location the request does not allow are findings, so they are not counted.
    func unchecked(_ assets: [FileAsset]) -> UncheckedAssets {
        var unchecked = UncheckedAssets()
        for asset in assets where request.allowedLocations.contains(asset.location) {
            switch asset.location {
            case .referenced where request.assetsFolder == nil: unchecked.referenced += 1
            case .referenced where !request.assetsFolderTypes.includes(asset): unchecked.referencedOfOtherTypes += 1
            case .hosted where request.hostedAssets == nil && uploads == nil: unchecked.hosted += 1
            default: break
            }
        }
        return unchecked
    }

    /// The size of a script signature (Ed25519).
    static let signatureLength = 64

    /// The signature findings of a file. A signed file's signature record sits in the
    /// contents of the last script, script module or shader it covers: every signable
    /// embedded asset needs a signature at or after it (the ones after the last signature
    /// are unsigned), and a signature of another size, or on another kind, is out of place.
    /// A file with no signature at all is unsigned, which is not a finding.
    func signatureFindings(_ assets: [FileAsset]) -> [VerifyFinding] {
        var found: [VerifyFinding] = []
        for asset in assets where asset.isSigned && (!asset.type.isSignable || asset.signatureByteCount != Self.signatureLength) {
            found.append(VerifyFinding(code: "signature-out-of-place",
                                       message: "\(asset.kind) \(asset.uniqueName) carries a \(asset.signatureByteCount)-byte signature; a signature is \(Self.signatureLength) bytes in the contents of a script, script module or shader",
                                       offset: asset.signatureRange?.lowerBound, asset: asset.uniqueName))
        }
        guard let lastSigned = assets.lastIndex(where: \.isSigned) else { return found }
        for asset in assets[(lastSigned + 1)...] where asset.type.isSignable && asset.location == .embedded {
            found.append(VerifyFinding(code: "signature-missing",
                                       message: "\(asset.kind) \(asset.uniqueName) follows the file's last signature, so no signature covers it",
                                       offset: asset.recordRange.lowerBound, asset: asset.uniqueName))
        }
        return found
    }

    /// The file names that supply a referenced asset: its unique name, verbatim or
    /// in the encoded form of `AssetFileName`, with the runtime's
    /// extension or any extension of a format its type accepts; also its Android
    /// spelling (`kenia_37286.ttf`) when `spelling` gives it that spelling alone.
    static func fileNames(for asset: FileAsset, spelling: AndroidSpelling) -> Set<String> {
        var extensions = [asset.fileExtension]
        for format in asset.type.acceptedFormats ?? [] {
            extensions.append(format.fileExtension)
            if format == .jpeg { extensions.append("jpeg") }
        }
        let stems = AssetFileName.stems(naming: asset.uniqueName) + [spelling.stem(of: asset.uniqueName, type: asset.type)].compactMap { $0 }
        return Set(extensions.filter { !$0.isEmpty }.flatMap { ext in stems.map { $0 + "." + ext } })
    }
}
