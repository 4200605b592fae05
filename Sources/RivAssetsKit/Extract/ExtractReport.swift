import RivFormat

/// What ``AssetOperations/extract(_:)`` did (`riv-assets extract --json`).
public struct ExtractReport: Codable, Sendable, Equatable {
    /// The version of this report's shape: 2 since the entries for an input name it
    /// `path` (version 1, without this field, called it `input`).
    public var schemaVersion = 2
    /// Every file written, in input order, then file order.
    public var files: [ExtractedFile]
    /// Inputs that could not be read and assets that could not be written, in input order.
    public var failures: [InputFailure]
    /// Inputs with nothing to extract, in input order; no folder was made for them.
    public var skipped: [SkippedInput]
    /// Files written under another name than the one Rive's runtime looks for
    /// (`AssetFileName`), one sentence each, in input order.
    public var warnings: [String]
    /// With ``ExtractRequest/hostedAssets``: what became of each chosen hosted
    /// asset (cached, downloaded, failed), in input order, then file order; one
    /// that failed is also a failure above. Empty otherwise.
    public var hosted: [FetchedAsset] = []
    /// True when nothing was written: the report says what a real run would do.
    public var dryRun: Bool
}

/// One asset written out as a file.
public struct ExtractedFile: Codable, Sendable, Equatable {
    /// The input it came from.
    public var input: String
    /// The asset's unique name.
    public var asset: String
    /// The file written.
    public var path: String
    /// The number of bytes written.
    public var bytes: Int
    /// The detected format of the bytes (its raw value in JSON: `png`, `ttf`).
    public var format: ContentFormat
    /// XXH64 of the bytes, 16 hex digits, when the request asked for hashes.
    @NullEncoded public var contentHash: String?
}
