/// What ``AssetOperations/strip(_:)`` did (`riv-assets strip --json`).
public struct StripReport: Codable, Sendable, Equatable {
    /// The version of this report's shape: 2 since the entries for an input name it
    /// `path` (version 1, without this field, called it `input`).
    public var schemaVersion = 2
    /// Every asset moved out to a file, in input order, then file order.
    public var stripped: [StrippedAsset]
    /// One entry per input that was written, in input order.
    public var files: [StrippedFile]
    /// Inputs that were not rewritten, in input order; none of their asset files remain.
    public var failures: [InputFailure]
    /// Inputs with nothing to strip, in input order; nothing was written for them.
    public var skipped: [SkippedInput]
    /// True when nothing was written: the report says what a real run would do.
    public var dryRun: Bool
    /// Asset files written under another name than the one a runtime looks for
    /// (a name a file system cannot hold, encoded by `AssetFileName`).
    public var warnings: [String] = []
}

/// One asset moved out of its file.
public struct StrippedAsset: Codable, Sendable, Equatable {
    /// The input.
    public var input: String
    /// The stripped `.riv` written for it.
    public var output: String
    /// The asset's unique name.
    public var asset: String
    /// The asset file written.
    public var path: String
    /// Its size in bytes.
    public var bytes: Int
}

/// One input written without the stripped bytes.
public struct StrippedFile: Codable, Sendable, Equatable {
    /// The input, as given.
    public var path: String
    /// The stripped `.riv` written for it.
    public var output: String
    /// The input's size in bytes.
    public var bytesBefore: Int
    /// The output's size in bytes.
    public var bytesAfter: Int
    /// How many assets were stripped.
    public var assetCount: Int
}
