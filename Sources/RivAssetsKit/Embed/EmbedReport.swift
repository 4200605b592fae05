import RivFormat

/// What ``AssetOperations/embed(_:)`` did (`riv-assets embed --json`).
public struct EmbedReport: Codable, Sendable, Equatable {
    /// One entry per input, in input order.
    public var files: [EmbeddedFile]
    /// What became of each hosted asset that was not embedded already (cached,
    /// downloaded, failed), in input order, then file order.
    public var hosted: [FetchedAsset]

    /// True when an input failed.
    public var hasFailures: Bool { files.contains { $0.error != nil } }
}

/// One input made self-contained (or not).
public struct EmbeddedFile: Codable, Sendable, Equatable {
    /// The input.
    public var path: String
    /// The file written, when one was.
    @NullEncoded public var output: String? = nil
    /// The assets embedded.
    public var changes: [AssetChange] = []
    /// The assets that could not be embedded, and why.
    public var missing: [MissingAsset] = []
    /// Why the input failed, when it did.
    @NullEncoded public var error: String? = nil
    /// What would have let it through.
    @NullEncoded public var remedy: InputFailure.Remedy? = nil
    /// Why it was left alone (every asset already embedded), when it was.
    @NullEncoded public var skipped: String? = nil
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
