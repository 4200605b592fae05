import RivFormat

/// What ``AssetOperations/swap(_:)`` did (`riv-assets swap --json`).
public struct SwapReport: Codable, Sendable, Equatable {
    /// The version of this report's shape: 2 since the entries for an input name it
    /// `path` (version 1, without this field, called it `input`).
    public var schemaVersion = 2
    /// The input, as given.
    public var path: String
    /// The file written (or, in a dry run, that would be); nil when the swap failed.
    @NullEncoded public var output: String?
    /// The two assets as they are after the swap (contents swapped), in file order;
    /// empty when objects swapped.
    public var assets: [AssetChange]
    /// The two objects and the asset each uses after the swap; empty when assets swapped.
    public var objects: [SwappedObject]
    /// Why nothing was written, when the swap failed.
    @NullEncoded public var failure: InputFailure?
    /// True when nothing was written.
    public var dryRun: Bool
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
