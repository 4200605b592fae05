import RivFormat

/// What ``AssetOperations/embed(_:)`` did (`riv-assets embed --json`).
public struct EmbedResult: Codable, Sendable, Equatable, InputOutcomeResult {
    /// The version of this result's shape: 2 since every input has one
    /// ``InputOutcome`` under `files` (`input`, `output`, `status`, ...; version 1,
    /// without this field, named the input `path` and said `error` and `skipped`).
    public var schemaVersion = 2
    /// One outcome per input, in input order: `written` with the assets it
    /// embedded, `unchanged` when every asset was embedded already or none could
    /// be (and missing ones are allowed), or `failed`.
    public var files: [InputOutcome<EmbeddedAssets>]
    /// What became of each hosted asset that was not embedded already (cached,
    /// downloaded, failed), in input order, then file order.
    public var hosted: [FetchedAsset]
    /// Whether this was a dry run: the outcomes say what would be written, and nothing was.
    public var dryRun = false

    /// True when an input failed.
    public var hasFailures: Bool { files.contains { $0.status == .failed } }
}

/// What embedding did inside one input.
public struct EmbeddedAssets: Codable, Sendable, Equatable {
    /// What changed, in file order.
    public var changes: [AssetChange] = []
    /// The assets that could not be embedded, in file order.
    public var missing: [MissingAsset] = []
}

/// An asset that could not be embedded.
public struct MissingAsset: Codable, Sendable, Equatable {
    /// Its unique name.
    public var asset: String
    /// Its type.
    public var type: AssetType
    /// `hosted` or `referenced`.
    public var location: AssetLocation
    /// Why.
    public var reason: String
}
