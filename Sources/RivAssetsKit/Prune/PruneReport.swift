import RivFormat

/// What ``AssetOperations/prune(_:)`` did (`riv-assets prune --json`).
public struct PruneReport: Codable, Sendable, Equatable {
    /// The version of this report's shape: 2 since the entries for an input name it
    /// `path` (version 1, without this field, called it `input`).
    public var schemaVersion = 2
    /// One entry per input that was (or, in a dry run, would be) written, in input order.
    public var files: [PrunedFile]
    /// Inputs that could not be pruned, in input order; nothing was written for them.
    public var failures: [InputFailure]
    /// Inputs with no unused asset, in input order; nothing was written for them.
    public var skipped: [SkippedInput]
    /// True when nothing was written.
    public var dryRun: Bool

    /// The bytes the run saved (or would save) over all files.
    public var bytesSaved: Int { files.reduce(0) { $0 + $1.bytesSaved } }
}

/// One input written without its unused assets.
public struct PrunedFile: Codable, Sendable, Equatable {
    /// The input, as given.
    public var path: String
    /// The pruned file written for it.
    public var output: String
    /// The assets removed, in file order.
    public var removed: [RemovedAsset]
    /// The input's size in bytes.
    public var bytesBefore: Int
    /// The output's size in bytes.
    public var bytesAfter: Int
    /// `bytesBefore - bytesAfter`.
    public var bytesSaved: Int
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
