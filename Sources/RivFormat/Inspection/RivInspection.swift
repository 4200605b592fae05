/// What a Rive developer needs to wire a file into an app, in one value: its
/// artboards with their animations, state machines and inputs, text runs, nested
/// artboards and events; its view models; and which objects use which asset.
/// ``RivFile/inspect()`` builds it; `riv-assets inspect --json` prints it.
///
/// In JSON every name is written once, where the thing it names is listed: an
/// object that refers to an artboard, an asset or a text object carries its
/// index (``InspectedUse/artboardIndex``, ``ArtboardInspection/assetIndices``,
/// ``TextRunInspection/fontAssetIndex``, ``TextRunInspection/textObjectIndex``,
/// ``NestedArtboardInspection/artboardIndex``, ``EventInspection/assetIndex``),
/// so one long name used by many objects cannot multiply the output. The name
/// properties beside those indices (``InspectedUse/artboard`` and the like) are
/// filled again from the indices when a document is decoded.
public struct RivInspection: Codable, Sendable, Equatable {
    /// The version of this shape; raised when a field changes meaning or goes away.
    /// 2: references by index instead of by name (see the type's documentation).
    public static let currentSchemaVersion = 2

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

    private enum CodingKeys: String, CodingKey {
        case schemaVersion, defaultArtboard, artboards, viewModels, assets, unusedAssets
    }

    /// Reads a document and names again what its objects refer to by index.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        schemaVersion = try container.decode(Int.self, forKey: .schemaVersion)
        _defaultArtboard = try container.decode(NullEncoded<String>.self, forKey: .defaultArtboard)
        artboards = try container.decode([ArtboardInspection].self, forKey: .artboards)
        viewModels = try container.decode([ViewModelInspection].self, forKey: .viewModels)
        assets = try container.decode([InspectedAsset].self, forKey: .assets)
        unusedAssets = try container.decode([String].self, forKey: .unusedAssets)
        resolveReferences()
    }

    /// Fills every name property from the index beside it (nil for an index past the end).
    mutating func resolveReferences() {
        let artboardNames = artboards.map(\.name)
        let assetNames = assets.map(\.uniqueName)
        func name(_ index: Int?, in names: [String]) -> String? {
            index.flatMap { names.indices.contains($0) ? names[$0] : nil }
        }
        for board in artboards.indices {
            artboards[board].assets = artboards[board].assetIndices.compactMap { name($0, in: assetNames) }
            let textObjects = artboards[board].textObjects
            for run in artboards[board].textRuns.indices {
                artboards[board].textRuns[run].font = name(artboards[board].textRuns[run].fontAssetIndex, in: assetNames)
                artboards[board].textRuns[run].textObject = name(artboards[board].textRuns[run].textObjectIndex, in: textObjects)
            }
            for nested in artboards[board].nestedArtboards.indices {
                artboards[board].nestedArtboards[nested].artboard = name(artboards[board].nestedArtboards[nested].artboardIndex, in: artboardNames)
            }
            for event in artboards[board].events.indices {
                artboards[board].events[event].asset = name(artboards[board].events[event].assetIndex, in: assetNames)
            }
        }
        for asset in assets.indices {
            for use in assets[asset].usedBy.indices {
                assets[asset].usedBy[use].artboard = name(assets[asset].usedBy[use].artboardIndex, in: artboardNames)
            }
        }
    }
}

/// One asset and the objects that use it.
public struct InspectedAsset: Codable, Sendable, Equatable {
    /// Its unique name, e.g. `logo-12`.
    public var uniqueName: String
    /// Its type: `image`, `font`, `audio`, or another kind (`unknown` in JSON).
    public var type: AssetType
    /// Where its bytes are: `embedded`, `referenced` or `hosted`.
    public var location: AssetLocation
    /// The objects that use it, in artboard order, then object order.
    public var usedBy: [InspectedUse]
}

/// An object that uses an asset.
public struct InspectedUse: Codable, Sendable, Equatable {
    /// Its artboard's name; nil for a file-level object. Not in JSON: the name is
    /// the artboard's at ``artboardIndex``.
    public var artboard: String?
    /// Its artboard's position in ``RivInspection/artboards``; nil for a file-level object.
    @NullEncoded public var artboardIndex: Int?
    /// Its type, e.g. `Image`.
    public var type: String
    /// Its name (empty when it has none).
    public var name: String
    /// Its index in its artboard (``AssetReferencer/objectIndex``); nil for a file-level object.
    @NullEncoded public var objectIndex: Int?

    /// A use by the object `name` of type `type`, at `objectIndex` in the artboard at
    /// `artboardIndex` named `artboard` (both nil for a file-level object).
    public init(artboard: String?, artboardIndex: Int?, type: String, name: String, objectIndex: Int?) {
        self.artboard = artboard
        self.artboardIndex = artboardIndex
        self.type = type
        self.name = name
        self.objectIndex = objectIndex
    }

    private enum CodingKeys: String, CodingKey {
        case artboardIndex, type, name, objectIndex
    }
}

extension RivInspection: PropertiesDescribed {}

extension InspectedAsset: PropertiesDescribed {}

extension InspectedUse: PropertiesDescribed {}
