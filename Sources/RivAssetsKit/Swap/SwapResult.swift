import RivFormat

/// What ``AssetOperations/swap(_:)`` did (`riv-assets swap --json`).
public struct SwapResult: Codable, Sendable, Equatable, InputOutcomeResult {
    /// The version of this result's shape: 3 since the input has an
    /// ``InputOutcome`` under `files` (`input`, `output`, `status`, ...; version 2
    /// gave `path`, `output` and `failure` at the top).
    public var schemaVersion = 3
    /// The outcome of the one input: `written` with the swap, or `failed`.
    public var files: [InputOutcome<SwappedItems>]
    /// True when nothing was written.
    public var dryRun: Bool
}

/// What a swap exchanged.
public struct SwappedItems: Codable, Sendable, Equatable {
    /// The two assets as they are after the swap (contents swapped), in file order;
    /// empty when objects swapped.
    public var assets: [AssetChange]
    /// The two objects and the asset each uses after the swap; empty when assets swapped.
    public var objects: [SwappedObject]
}

/// An object that now uses another asset.
public struct SwappedObject: Codable, Sendable, Equatable {
    /// Its artboard (nil for a file-level object).
    @NullEncoded public var artboard: String?
    /// Its type, e.g. `Image`.
    public var type: String
    /// Its name.
    public var name: String
    /// The unique name of the asset it used.
    public var before: String
    /// The unique name of the asset it uses now.
    public var after: String
}

extension SwappedObject: PropertiesDescribed {}

extension SwapResult: PropertiesDescribed {}

extension SwappedItems: PropertiesDescribed {}
