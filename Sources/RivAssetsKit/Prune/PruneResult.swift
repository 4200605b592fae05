import RivFormat

/// What ``AssetOperations/prune(_:)`` did (`riv-assets prune --json`).
public struct PruneResult: Codable, Sendable, Equatable, InputOutcomeResult {
    /// The version of this result's shape: 3 since every input has one
    /// ``InputOutcome`` under `files` (`input`, `output`, `status`, ...), failed
    /// and unchanged ones included (version 2 listed `failures` and `skipped`
    /// apart and named the input `path`).
    public var schemaVersion = 3
    /// One outcome per input, in input order: `written` without its unused
    /// assets, `unchanged` when every asset is in use, or `failed`.
    public var files: [InputOutcome<PrunedAssets>]
    /// True when nothing was written.
    public var dryRun: Bool

    /// The bytes the run saved (or would save) over all files.
    public var bytesSaved: Int { written.reduce(0) { $0 + ($1.bytesBefore ?? 0) - ($1.bytesAfter ?? 0) } }
}

/// What pruning removed from one input.
public struct PrunedAssets: Codable, Sendable, Equatable {
    /// The assets removed, in file order.
    public var removed: [RemovedAsset]
}

/// One asset removed because nothing used it.
public struct RemovedAsset: Codable, Sendable, Equatable {
    /// Its unique name.
    public var asset: String
    /// Its type (`image`, `font`, `audio` or `unknown`).
    public var type: AssetType
    /// Its embedded bytes, which left the file with it.
    public var bytes: Int
}
