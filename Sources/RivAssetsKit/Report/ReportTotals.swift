import RivFormat

/// What the summary of a report with several inputs says across them, gathered
/// one file at a time before the sections are written: only names, hashes and
/// counts are kept, never a file or its bytes.
struct ReportTotals {
    /// Embedded bytes per type category.
    private(set) var bytesByType: [AssetTypeFilter.Category: Int] = [:]
    /// The inputs each unique name appears in.
    private(set) var filesByName: [String: Set<String>] = [:]
    /// The unique names each embedded content hash appears under.
    private(set) var namesByHash: [UInt64: Set<String>] = [:]

    /// The facts of one file's assets that the summary needs.
    struct FileFacts: Sendable {
        fileprivate var assets: [(category: AssetTypeFilter.Category, embeddedBytes: Int, uniqueName: String, hash: UInt64?)]

        /// Reads them from `file`, hashing its embedded assets.
        init(_ file: RivFile) {
            assets = file.assets.map { asset in
                (AssetTypeFilter.category(of: asset), asset.embeddedByteCount, asset.uniqueName,
                 asset.location == .embedded ? asset.contentHash : nil)
            }
        }
    }

    /// Adds the facts of the input at `path`.
    mutating func add(_ facts: FileFacts, path: String) {
        for asset in facts.assets {
            bytesByType[asset.category, default: 0] += asset.embeddedBytes
            filesByName[asset.uniqueName, default: []].insert(path)
            if let hash = asset.hash { namesByHash[hash, default: []].insert(asset.uniqueName) }
        }
    }
}
