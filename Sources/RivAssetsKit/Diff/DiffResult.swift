import RivFormat

/// What ``AssetOperations/diff(_:)`` found (`riv-assets diff --json`).
public struct DiffResult: Codable, Sendable, Equatable {
    /// The version of this shape; raised when a field changes meaning or goes away.
    public static let currentSchemaVersion = 1

    /// ``currentSchemaVersion`` when the result was made.
    public var schemaVersion: Int
    /// One entry per compared file, pair by pair; a folder pair's files sorted by path.
    public var files: [FileDiff]

    /// True when some change in some file breaks an app that uses the old names.
    public var isBreaking: Bool { files.contains { $0.changes.contains(where: \.breaking) } }
    /// True when some file could not be read.
    public var hasFailures: Bool { files.contains { $0.error != nil } }
}

extension DiffResult {
    /// The result for a path git hands a diff driver alone because it is unmerged
    /// (a conflict not yet resolved, git(1) `GIT_EXTERNAL_DIFF`): nothing to compare,
    /// the path skipped with that reason.
    public static func unmerged(_ path: String) -> DiffResult {
        DiffResult(schemaVersion: currentSchemaVersion, files: [
            FileDiff(old: path, new: path, error: nil, skipped: "unmerged: git gives no versions to compare", breakingCount: 0, changes: []),
        ])
    }
}

/// The changes between two versions of one file.
public struct FileDiff: Codable, Sendable, Equatable {
    /// The old file; nil when only the new folder has it.
    @NullEncoded public var old: String?
    /// The new file; nil when only the old folder has it.
    @NullEncoded public var new: String?
    /// Why a file could not be read, each side that could not as `old: MESSAGE` or
    /// `new: MESSAGE` (joined by `; `); nil when both were.
    @NullEncoded public var error: String?
    /// Why the file was not compared (a path git hands a diff driver unmerged,
    /// without versions); nil when it was.
    @NullEncoded public var skipped: String? = nil
    /// How many of `changes` break an app.
    public var breakingCount: Int
    /// Every change: artboard by artboard in the old file's order, then artboards
    /// removed, renamed and added, events moved, removed and added (by name), view
    /// models, assets.
    public var changes: [DiffChange]
    /// With ``DiffRequest/pictures``: each artboard both versions hold (matched by name),
    /// drawn from both and compared pixel for pixel, in the new file's order.
    public var pictures: [ArtboardPictures] = []
}

/// One artboard drawn from both versions of a file (at its default scene) and compared.
public struct ArtboardPictures: Codable, Sendable, Equatable {
    /// The artboard's name and its index in the old and the new file.
    public var artboard: String, oldIndex: Int, newIndex: Int
    /// Whether the two pictures differ: another size, or any pixel.
    public var differs = false
    /// How many pixels differ, of how many (0 of 0 when the sizes differ).
    public var differingPixels = 0, pixels = 0
    /// The files written: the old picture, the new one and their difference (the new
    /// picture faded, the differing pixels red; none when the sizes differ).
    public var files: [String] = []
    /// Why a picture could not be drawn or written; nil when all were.
    @NullEncoded public var error: String?
}

/// One change to something an app addresses by name, or to what it holds.
public struct DiffChange: Codable, Sendable, Equatable {
    /// What happened.
    public enum Change: String, Codable, Sendable, Equatable {
        /// Only the new version has it.
        case added
        /// Only the old version has it.
        case removed
        /// At the same place with the same kind, under another name (`old` → `new`).
        case renamed
        /// Same name, another artboard (`old` → `new`).
        case moved
        /// Same name, another kind: an input's type, an event's kind, a view-model property's type, an asset's type.
        case kindChanged
        /// Same name, another value of `field`.
        case changed
        /// The asset looks the same (same name, same type) but has another unique name:
        /// apps supply it and replace it under that name.
        case uniqueNameChanged
    }

    /// The artboard it belongs to; nil for view models, assets and the file itself.
    @NullEncoded public var artboard: String?
    /// `file`, `artboard`, `stateMachine`, `animation`, `input`, `textRun`, `event`,
    /// `nestedArtboard`, `viewModel`, `viewModelProperty`, `viewModelInstance` or `asset`.
    public var subject: String
    /// The state machine of an input, the view model of a property or instance; nil otherwise.
    @NullEncoded public var owner: String?
    /// Its name (an asset's unique name), in the old version unless only the new one has it.
    public var name: String
    /// What happened.
    public var change: Change
    /// For ``Change/changed``, what changed: `size`, `duration`, `loop`, `fps`, `speed`,
    /// `default`, `defaultStateMachine`, `text`, `url`, `asset`, `artboard`, `location`, `bytes`, `cdn`.
    @NullEncoded public var field: String?
    /// The old value, name or kind.
    @NullEncoded public var old: String?
    /// The new value, name or kind.
    @NullEncoded public var new: String?
    /// For an asset whose bytes changed: the old and new embedded byte counts and FNV-1a 64 hashes.
    @NullEncoded public var bytes: ByteChange?
    /// True when an app written against the old version can break: a name it uses
    /// was removed, renamed or moved, its kind changed, or the unique name of an
    /// asset it supplies or fetches (referenced or hosted) changed. Embedded assets
    /// are carried by the file, never named by the app: no change to one breaks.
    public var breaking: Bool

    /// The embedded bytes of an asset before and after.
    public struct ByteChange: Codable, Sendable, Equatable {
        /// The old byte count.
        public var oldByteCount: Int
        /// The new byte count.
        public var newByteCount: Int
        /// The old bytes' FNV-1a 64 hash, 16 hex digits.
        public var oldHash: String
        /// The new bytes' FNV-1a 64 hash, 16 hex digits.
        public var newHash: String
    }
}

extension ArtboardPictures: PropertiesDescribed {}

extension DiffChange: PropertiesDescribed {}

extension FileDiff: PropertiesDescribed {}

extension DiffChange.Change: CustomStringConvertible {
    /// Its name as JSON writes it, for `print` and string interpolation.
    public var description: String { rawValue }
}

extension DiffResult: PropertiesDescribed {}

extension DiffChange.ByteChange: PropertiesDescribed {}
