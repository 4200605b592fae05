/// What a Rive developer needs to wire a file into an app, in one value: its
/// artboards with their animations, state machines and inputs, text runs, nested
/// artboards and events; its view models; and which objects use which asset.
/// ``RivFile/inspect()`` builds it; `riv-assets inspect --json` prints it.
public struct RivInspection: Codable, Sendable, Equatable {
    /// The version of this shape; raised when a field changes meaning or goes away.
    public static let currentSchemaVersion = 1

    /// ``currentSchemaVersion`` when the value was made.
    public var schemaVersion: Int
    /// The artboard a runtime opens when asked for none: the first one.
    @NullEncoded public var defaultArtboard: String?
    /// Every artboard in file order.
    public var artboards: [ArtboardInspection]
    /// Every view model in file order.
    public var viewModels: [ViewModelInspection]
    /// Every asset (manifests aside) with the objects that use it, in file order.
    public var assets: [InspectedAsset]
    /// The unique names of the assets no object uses.
    public var unusedAssets: [String]

    /// An inspection holding the given parts (``RivFile/inspect()`` makes one of a file;
    /// an empty one stands for a file that is not there).
    public init(schemaVersion: Int = currentSchemaVersion, defaultArtboard: String? = nil, artboards: [ArtboardInspection] = [],
                viewModels: [ViewModelInspection] = [], assets: [InspectedAsset] = [], unusedAssets: [String] = []) {
        self.schemaVersion = schemaVersion
        self.defaultArtboard = defaultArtboard
        self.artboards = artboards
        self.viewModels = viewModels
        self.assets = assets
        self.unusedAssets = unusedAssets
    }
}

/// One asset and the objects that use it.
public struct InspectedAsset: Codable, Sendable, Equatable {
    /// Its unique name, e.g. `logo-12`.
    public var uniqueName: String
    /// `image`, `font`, `audio`, or the kind of another asset.
    public var type: String
    /// `embedded`, `referenced` or `hosted`.
    public var location: String
    /// The objects that use it, in artboard order, then object order.
    public var usedBy: [InspectedUse]
}

/// An object that uses an asset.
public struct InspectedUse: Codable, Sendable, Equatable {
    /// Its artboard; nil for a file-level object.
    @NullEncoded public var artboard: String?
    /// Its type, e.g. `Image`.
    public var type: String
    /// Its name (empty when it has none).
    public var name: String
    /// Its index in its artboard (``AssetReferencer/objectIndex``); nil for a file-level object.
    @NullEncoded public var objectIndex: Int?
}
