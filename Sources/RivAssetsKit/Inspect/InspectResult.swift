import RivFormat

/// What ``AssetOperations/inspect(_:)`` found (`riv-assets inspect --json`).
public struct InspectResult: Codable, Sendable, Equatable {
    /// The version of this result's shape: 3 since each entry names its input
    /// `input` (version 2 said `path`); the inspection inside keeps
    /// `RivInspection.currentSchemaVersion`.
    public var schemaVersion: Int

    /// The version of the shape this package writes.
    public static let currentSchemaVersion = 3
    /// One entry per input, in input order.
    public var files: [InspectedFile]

    /// True when some input could not be read.
    public var hasFailures: Bool { files.contains { $0.error != nil } }
}

/// One input: its inspection, or why it could not be read.
public struct InspectedFile: Codable, Sendable, Equatable {
    /// The input as given.
    public var input: String
    /// Why it could not be read; nil when it was.
    @NullEncoded public var error: String?
    /// What it holds; nil when it could not be read.
    @NullEncoded public var inspection: RivInspection?
    /// How many manifest assets the file holds: `list` shows them, the inspection
    /// leaves them out (no object uses one; a runtime reads it for the file itself).
    public var manifestCount: Int = 0
}

extension InspectedFile: PropertiesDescribed {}

extension InspectResult: PropertiesDescribed {}
