import RivFormat

/// What ``AssetOperations/replace(_:)`` did (`riv-assets replace --json`).
public struct ReplaceResult: Codable, Sendable, Equatable, InputOutcomeResult {
    /// The version of this result's shape: 2 since every input has one
    /// ``InputOutcome`` under `files` (`input`, `output`, `status`, ...; version 1,
    /// without this field, named the input `path` and said `error` and `skipped`).
    public var schemaVersion = 2
    /// One outcome per input, in input order: `written` with its replacements,
    /// `unchanged` when none matched its assets, or `failed`. A replacement that
    /// may not be what was meant (an image of another shape) is among the
    /// outcome's warnings.
    public var files: [InputOutcome<AssetChanges>]
    /// Every replacement and what it replaced: the named ones in the order given,
    /// then the folder's files by name.
    public var replacements: [ReplacementUse]
    /// The replacements that matched no asset of any input, as `type name`, sorted
    /// by type, then name.
    public var unmatched: [String]
    /// What the run noticed but did not act on: folder files it skipped, for instance.
    public var notes: [String]
    /// Why the request failed as a whole, nil when it did not: a named
    /// replacement matched no asset of any input and unmatched ones were not
    /// allowed, so every input was skipped and nothing written.
    @NullEncoded public var requestFailure: String? = nil
    /// True when nothing was written: the result says what a real run would do.
    public var dryRun: Bool

    /// Whether some input failed.
    public var hasFailures: Bool { files.contains { $0.status == .failed } }

    /// The files of the replacement folder that matched no asset of any input.
    public var unmatchedFolderFiles: [String] {
        replacements.filter { $0.origin == .folder && $0.judged && $0.replaced.isEmpty && $0.overridden.isEmpty }.map(\.name)
    }

    /// The named replacements (not a folder's files) that matched nothing: with a
    /// misspelled name the run did not do what was asked.
    public var unmatchedNamed: [ReplacementUse] {
        replacements.filter { $0.origin == .named && $0.replaced.isEmpty && $0.overridden.isEmpty && $0.judged }
    }
}

/// What an edit changed inside one input.
public struct AssetChanges: Codable, Sendable, Equatable {
    /// What changed, in file order.
    public var changes: [AssetChange]
}

/// What an edit did to one asset.
public struct AssetChange: Codable, Sendable, Equatable {
    /// The asset's unique name.
    public var asset: String
    /// `image`, `font` or `audio`.
    public var type: AssetType
    /// What was done: `replaced`, `embedded`, `embedded-from-cdn`, `swapped` in JSON.
    public var action: AssetEditOutcome.Action
    /// The number of embedded bytes after the edit.
    public var bytes: Int
    /// Its embedded bytes before the edit (0 when it was referenced or hosted).
    public var bytesBefore: Int
    /// Where the asset's bytes are after the edit: `embedded`, `referenced` or `hosted`.
    public var location: AssetLocation

    /// The change `outcome` describes; `location` is where the bytes are after it
    /// (embedded, for every edit that puts bytes in the file).
    init(_ outcome: AssetEditOutcome, location: AssetLocation = .embedded) {
        asset = outcome.uniqueName
        type = outcome.type
        action = outcome.action
        bytes = outcome.byteCount
        bytesBefore = outcome.previousByteCount
        self.location = location
    }
}

/// One replacement of a run and the assets it replaced.
public struct ReplacementUse: Codable, Sendable, Equatable {
    /// Where a replacement came from.
    public enum Origin: String, Codable, Sendable {
        /// Named in the request (`--image NAME=PATH`).
        case named
        /// A file of the replacement folder (`--assets DIR`).
        case folder
    }

    /// One asset it replaced.
    public struct Target: Codable, Sendable, Equatable {
        /// The input.
        public var input: String
        /// The asset's unique name.
        public var asset: String
    }

    /// `image`, `font` or `audio`.
    public var type: AssetType
    /// The name or pattern it matches.
    public var name: String
    /// The file with the new bytes.
    public var path: String
    /// Where it came from.
    public var origin: Origin
    /// The assets it replaced, in input order, then file order.
    public var replaced: [Target]
    /// The assets it matched but another replacement won (a named one over a
    /// folder's file, an exact name over a pattern, an earlier pattern over a later one).
    public var overridden: [Target]
    /// False when no input could be read, so whether it matches anything is unknown.
    public var judged: Bool
    /// When it replaced nothing: what was probably meant (`did you mean cat-45019?`,
    /// `Copse-36372 is a font, not an image`), or null.
    @NullEncoded public var suggestion: String? = nil
}

extension ReplaceResult: PropertiesDescribed {}

extension ReplacementUse: PropertiesDescribed {}

extension ReplacementUse.Origin: CustomStringConvertible {
    /// Its name as JSON writes it, for `print` and string interpolation.
    public var description: String { rawValue }
}

extension AssetChanges: PropertiesDescribed {}

extension AssetChange: PropertiesDescribed {}
