import RivFormat

/// What ``AssetOperations/inspect(_:)`` found (`riv-assets inspect --json`).
public struct InspectReport: Codable, Sendable, Equatable {
    /// `RivInspection.currentSchemaVersion`.
    public var schemaVersion: Int
    /// One entry per input, in input order.
    public var files: [InspectedFile]

    /// True when some input could not be read.
    public var hasFailures: Bool { files.contains { $0.error != nil } }
}

/// One input: its inspection, or why it could not be read.
public struct InspectedFile: Codable, Sendable, Equatable {
    /// The input as given.
    public var path: String
    /// Why it could not be read; nil when it was.
    @NullEncoded public var error: String?
    /// What it holds; nil when it could not be read.
    @NullEncoded public var inspection: RivInspection?
    /// How many manifest assets the file holds: `list` shows them, the inspection
    /// leaves them out (no object uses one; a runtime reads it for the file itself).
    public var manifestCount: Int = 0
}
