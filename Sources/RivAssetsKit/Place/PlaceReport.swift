import RivFormat

/// What ``AssetOperations/place(_:)`` did (`riv-assets place --json`).
public struct PlaceReport: Codable, Sendable, Equatable {
    /// The input.
    public var input: String
    /// The file written (or, in a dry run, that would be); nil when placing failed.
    @NullEncoded public var output: String?
    /// What was added; nil when placing failed.
    @NullEncoded public var placed: PlacedImage?
    /// Why nothing was written, when placing failed.
    @NullEncoded public var failure: InputFailure?
    /// True when nothing was written.
    public var dryRun: Bool
}
