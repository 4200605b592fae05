import RivFormat

/// What ``AssetOperations/replace(_:)`` did (`riv-assets replace --json`).
public struct ReplaceReport: Codable, Sendable, Equatable {
    /// One entry per input, in input order.
    public var files: [ReplacedFile]
    /// The replacements that matched no asset of any input, as `type name`, sorted by type, then name.
    public var unmatched: [String]

    /// Whether some input failed.
    public var hasFailures: Bool { files.contains { $0.error != nil } }
}

/// What replacing did to one input.
public struct ReplacedFile: Codable, Sendable, Equatable {
    /// The input.
    public var path: String
    /// Where its rewritten bytes went.
    public var output: String
    /// What changed, in file order.
    public var changes: [AssetChange]
    /// Why the input was not rewritten, or null.
    @NullEncoded public var error: String? = nil
    /// What would have let a refused input through, or null.
    @NullEncoded public var remedy: InputFailure.Remedy? = nil
}

/// What an edit did to one asset.
public struct AssetChange: Codable, Sendable, Equatable {
    /// The asset's unique name.
    public var asset: String
    /// `image`, `font` or `audio`.
    public var type: String
    /// `replaced`, `embedded`, `embedded-from-cdn` (``RivFormat/AssetEditOutcome/Action``).
    public var action: String
    /// The number of embedded bytes after the edit.
    public var bytes: Int

    init(_ outcome: AssetEditOutcome) {
        asset = outcome.uniqueName
        type = outcome.type.description
        action = outcome.action.rawValue
        bytes = outcome.byteCount
    }
}
