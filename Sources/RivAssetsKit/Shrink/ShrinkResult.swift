import RivFormat

/// What ``AssetOperations/shrink(_:)`` did (`riv-assets shrink --json`).
public struct ShrinkResult: Codable, Sendable, Equatable, InputOutcomeResult {
    /// The version of this result's shape: 2 since every input has one
    /// ``InputOutcome`` under `files` (`input`, `output`, `status`, ...), failed
    /// and unchanged ones included (version 1 listed `failures` and `skipped`
    /// apart and named the input `path`).
    public var schemaVersion = 2
    /// One outcome per input, in input order: `written` with smaller contents,
    /// `unchanged` when nothing could be made smaller, or `failed`.
    public var files: [InputOutcome<ShrunkAssets>]
    /// True when nothing was written.
    public var dryRun: Bool

    /// The bytes the run saved (or would save) over all files.
    public var bytesSaved: Int { written.reduce(0) { $0 + ($1.bytesBefore ?? 0) - ($1.bytesAfter ?? 0) } }
}

/// What `shrink` found inside one input.
public struct ShrunkAssets: Codable, Sendable, Equatable {
    /// Every embedded font and PNG image of the input, in file order, with what
    /// became of it.
    public var assets: [ShrunkAsset]
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
    /// Holds ``subsetNote`` too, after any note of its own.
    @NullEncoded public var note: String?
    /// For a subset font: the subsetter's own note (`FontSubset.note`), why its glyph ids
    /// were kept rather than renumbered (a table such as `vmtx` it does not rewrite);
    /// nil when they were renumbered, and for images and fonts left whole.
    @NullEncoded public var subsetNote: String?
}

extension ShrunkAsset: PropertiesDescribed {}

extension ShrunkAsset.Action: CustomStringConvertible {
    /// Its name as JSON writes it, for `print` and string interpolation.
    public var description: String { rawValue }
}

extension ShrinkResult: PropertiesDescribed {}

extension ShrunkAssets: PropertiesDescribed {}
