import RivFormat

/// One version of a file as `diff` compares it: what `RivFile.inspect()`
/// reads, and each asset's identity and bytes.
struct DiffSide {
    /// One asset's name, kind, location and bytes.
    struct Asset {
        let uniqueName: String
        let name: String
        let type: String
        let location: String
        let byteCount: Int
        let hash: UInt64
        let cdn: String?

        /// Whether an app can name the asset: one it supplies (referenced) or
        /// fetches (hosted) by its unique name, not one the file embeds.
        var isNameable: Bool { location != AssetLocation.embedded.rawValue }
    }

    let inspection: RivInspection
    let assets: [Asset]
    /// The file itself, for its pictures; nil for an empty version.
    let file: RivFile?

    /// Reads everything `diff` compares in `file`, hashing each embedded asset's bytes once.
    init(_ file: RivFile) {
        self.file = file
        inspection = file.inspect()
        assets = file.listedAssets.map { asset in
            Asset(uniqueName: asset.uniqueName, name: asset.name, type: asset.type.description, location: asset.location.rawValue,
                  byteCount: asset.embeddedByteCount, hash: asset.contentHash, cdn: asset.location == .hosted ? asset.cdn?.url : nil)
        }
    }

    /// An empty version: what a file that one side lacks is compared as.
    init() {
        inspection = RivInspection(schemaVersion: RivInspection.currentSchemaVersion, defaultArtboard: nil, artboards: [], viewModels: [],
                                   assets: [], unusedAssets: [])
        assets = []
        file = nil
    }
}
