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
    /// The embedded contents by what they cost across the files (what `list --largest` ranks).
    private(set) var largest = LargestAssetTally()

    /// The facts of one file's assets that the summary needs.
    struct FileFacts: Sendable {
        fileprivate var assets: [(category: AssetTypeFilter.Category, embeddedBytes: Int, uniqueName: String, hash: UInt64?)]
        /// The listing of each embedded asset, for the ranking.
        fileprivate var embedded: [AssetListing]

        /// Reads them from `file`, hashing its embedded assets.
        init(_ file: RivFile) {
            let facts = file.assets.map { asset in
                (category: AssetTypeFilter.category(of: asset), embeddedBytes: asset.embeddedByteCount, uniqueName: asset.uniqueName,
                 hash: asset.location == .embedded ? Optional(asset.contentHash) : nil)
            }
            assets = facts
            embedded = file.assets.indices.filter { file.assets[$0].location == .embedded }.map { index in
                var listing = AssetListing(file.assets[index], contentHash: false)
                listing.contentHash = facts[index].hash.map(XXH64.hexString)
                return listing
            }
        }
    }

    /// Adds the facts of the input at `path`, position `input` of the inputs.
    mutating func add(_ facts: FileFacts, path: String, input: Int) {
        for listing in facts.embedded { largest.add(listing, input: input) }
        for asset in facts.assets {
            bytesByType[asset.category, default: 0] += asset.embeddedBytes
            filesByName[asset.uniqueName, default: []].insert(path)
            if let hash = asset.hash { namesByHash[hash, default: []].insert(asset.uniqueName) }
        }
    }
}
