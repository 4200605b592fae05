import RivFormat

/// What ``AssetOperations/place(_:)`` did (`riv-assets place --json`).
public struct PlaceResult: Codable, Sendable, Equatable, InputOutcomeResult {
    /// The version of this result's shape: 3 since the input has an
    /// ``InputOutcome`` under `files` (`input`, `output`, `status`, ...; version 2
    /// gave `path`, `output` and `failure` at the top).
    public var schemaVersion = 3
    /// The outcome of the one input: `written` with the image, or `failed`.
    public var files: [InputOutcome<PlacedItems>]
    /// True when nothing was written.
    public var dryRun: Bool
}

/// What placing added to the input.
public struct PlacedItems: Codable, Sendable, Equatable {
    /// The image asset and the `Image` object showing it.
    public var placed: PlacedImage
}
