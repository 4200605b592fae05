import RivFormat

/// One input read for a listing: the file with its assets' hashes (taken on the
/// reading thread), or the listing of the error that stopped it. Every listing,
/// whole (``AssetOperations/list(_:)``) or streamed
/// (``AssetOperations/streamListingJSON(_:to:)``), reads its inputs through this.
enum ListedInput: Sendable {
    /// A file that was read, with the hash of each asset when hashing was asked for.
    case read(path: String, file: RivFile, hashes: [UInt64]?)
    /// A file that could not be read.
    case failed(FileListing)

    /// Reads `path` and, with `hashing`, hashes every embedded asset.
    init(path: String, hashing: Bool) {
        switch InputEngine.read(path) {
        case .success(let file):
            let hashes = hashing ? file.assets.map(\.contentHash) : nil
            // Hashing reads every embedded byte after the pass: a file modified or
            // cut short meanwhile gives hashes of bytes the listing does not describe.
            if hashing && file.hasChangedOnDisk {
                self = .failed(FileListing(input: path, error: RivError(
                    .unreadable(reason: "the file was modified while it was read; list it again"),
                    offset: 0, reading: "the embedded bytes", path: path)))
            } else {
                self = .read(path: path, file: file, hashes: hashes)
            }
        case .failure(let error):
            self = .failed(FileListing(input: path, error: error))
        }
    }

    /// The listing of asset `index` of a file that was read, `usedBy` its referencers.
    static func assetListing(_ file: RivFile, _ index: Int, hashes: [UInt64]?, usedBy referencers: [AssetReferencer]) -> AssetListing {
        var listing = AssetListing(file.assets[index], contentHash: false, usedBy: referencers)
        if let hashes { listing.contentHash = XXH64.hexString(hashes[index]) }
        return listing
    }

    /// The whole listing of the input.
    var listing: FileListing {
        switch self {
        case .failed(let listing): return listing
        case .read(let path, let file, let hashes):
            var listing = FileListing(input: path, file: file, contentHashes: false, assets: false)
            let usage = file.referencersByAsset
            listing.assets = file.assets.indices.map { Self.assetListing(file, $0, hashes: hashes, usedBy: usage[$0]) }
            return listing
        }
    }
}
