import RivFormat

/// What ``AssetOperations/shrink(_:)`` did (`riv-assets shrink --json`).
public struct ShrinkReport: Codable, Sendable, Equatable {
    /// The version of this report's shape.
    public var schemaVersion = 1
    /// One entry per input that was (or, in a dry run, would be) written, in input order.
    public var files: [ShrunkFile]
    /// Inputs that could not be read or written, in input order; nothing was written for them.
    public var failures: [InputFailure]
    /// Inputs with nothing to make smaller, in input order; nothing was written for them.
    public var skipped: [SkippedInput]
    /// True when nothing was written.
    public var dryRun: Bool

    /// The bytes the run saved (or would save) over all files.
    public var bytesSaved: Int { files.reduce(0) { $0 + $1.bytesBefore - $1.bytesAfter } }
}

/// One input written with smaller asset contents.
public struct ShrunkFile: Codable, Sendable, Equatable {
    /// The input, as given.
    public var path: String
    /// The file written for it.
    public var output: String
    /// Every embedded font and PNG image of the input, in file order, with what
    /// became of it.
    public var assets: [ShrunkAsset]
    /// The input's size in bytes.
    public var bytesBefore: Int
    /// The output's size in bytes.
    public var bytesAfter: Int
}

/// One embedded asset `shrink` looked at.
public struct ShrunkAsset: Codable, Sendable, Equatable {
    /// What became of an asset.
    public enum Action: String, Codable, Sendable {
        /// Its contents were replaced by smaller ones that draw the same.
        case shrunk
        /// Left as it was: nothing smaller was found, or it could not be rewritten
        /// safely (``ShrunkAsset/note`` says which).
        case unchanged
    }

    /// Its unique name.
    public var asset: String
    /// Its type (`image` or `font`).
    public var type: AssetType
    /// What became of it.
    public var action: Action
    /// Its embedded bytes before.
    public var bytesBefore: Int
    /// Its embedded bytes after (the same as before when unchanged).
    public var bytesAfter: Int
    /// For a font: how many characters its subset keeps; nil for an image or a font left whole.
    @NullEncoded public var characterCount: Int?
    /// Why it was left as it was, or what was kept to be safe; nil when there is nothing to say.
    @NullEncoded public var note: String?
}

extension ShrinkReport: InputOutcomes {
    public var inputFailures: [InputFailure] { failures }
    public var inputsSkipped: [SkippedInput] { skipped }
}
