import RivFormat

/// What ``AssetOperations/place(_:)`` did (`riv-assets place --json`).
public struct PlaceReport: Codable, Sendable, Equatable {
    /// The version of this report's shape: 2 since the entries for an input name it
    /// `path` (version 1, without this field, called it `input`).
    public var schemaVersion = 2
    /// The input, as given.
    public var path: String
    /// The file written (or, in a dry run, that would be); nil when placing failed.
    @NullEncoded public var output: String?
    /// What was added; nil when placing failed.
    @NullEncoded public var placed: PlacedImage?
    /// Why nothing was written, when placing failed.
    @NullEncoded public var failure: InputFailure?
    /// True when nothing was written.
    public var dryRun: Bool
}
