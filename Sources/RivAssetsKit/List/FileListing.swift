import Foundation
import RivFormat

/// The listing of one file in the shape of `riv-assets list --json`: either its
/// header, problems and assets, or the error that stopped it from being read.
public struct FileListing: Codable, Sendable, Equatable {
    /// The input's path as given (`input` in JSON since schema version 4; `path` before).
    public var input: String
    /// Why the file could not be read, or null.
    @NullEncoded public var error: ErrorListing?
    /// The header, or null when the file could not be read.
    @NullEncoded public var header: HeaderListing?
    /// The size of the file in bytes, or null when it could not be read.
    @NullEncoded public var byteCount: Int?
    /// Problems outside any one asset.
    public var problems: [String]
    /// The name of every artboard in file order, each once: what
    /// ``AssetListing/UsedBy/artboardIndex`` points into.
    public var artboards: [String]
    /// Every asset in file order.
    public var assets: [AssetListing]

    /// The error part of a listing.
    public struct ErrorListing: Codable, Sendable, Equatable {
        /// The message, without the path.
        public var message: String
        /// The byte offset of the problem.
        public var offset: Int
    }

    /// The header part of a listing.
    public struct HeaderListing: Codable, Sendable, Equatable {
        /// The major version.
        public var majorVersion: UInt64
        /// The minor version.
        public var minorVersion: UInt64
        /// The file id.
        public var fileID: UInt64
    }

    /// The listing of a file that was read. With `contentHashes` (the default),
    /// every embedded byte is read to hash it (``AssetListing/contentHash``).
    /// Without `assets`, ``assets`` is left empty (for writers that list the assets
    /// one at a time).
    public init(input: String, file: RivFile, contentHashes: Bool = true, assets includingAssets: Bool = true) {
        self.input = input
        error = nil
        header = HeaderListing(majorVersion: file.header.majorVersion, minorVersion: file.header.minorVersion,
                               fileID: file.header.fileID)
        byteCount = file.byteCount
        problems = file.problems.map(\.description)
        artboards = file.artboardNames
        assets = includingAssets ? zip(file.assets, file.referencersByAsset).map { AssetListing($0, contentHash: contentHashes, usedBy: $1) } : []
    }

    /// The listing of a file that could not be read.
    public init(input: String, error: RivError) {
        self.input = input
        self.error = ErrorListing(message: error.message, offset: error.offset)
        header = nil
        byteCount = nil
        problems = []
        artboards = []
        assets = []
    }
}

/// The whole document `riv-assets list --json` prints.
public struct ListingDocument: Codable, Sendable, Equatable {
    /// The schema version of this shape; 3 (version 2 named each user's artboard in
    /// `usedBy` instead of pointing into `artboards`; version 1 hashed contents with FNV-1a 64).
    public var schemaVersion: Int
    /// One listing per input file, in input order.
    public var files: [FileListing]
    /// With ``ListRequest/largest``, the contents that cost the most across every
    /// input, most first (``LargestAsset``); absent from the JSON otherwise.
    public var largest: [LargestAsset]?

    /// The current schema version.
    public static let currentSchemaVersion = 4

    /// A document holding `files` and, when given, the ranking `largest`.
    public init(files: [FileListing], largest: [LargestAsset]? = nil) {
        schemaVersion = Self.currentSchemaVersion
        self.files = files
        self.largest = largest
    }

    /// The document as pretty-printed JSON with sorted keys (stable output for diffs and tests).
    public func jsonData() throws -> Data {
        try ResultJSON.data(self)
    }
}

extension FileListing: PropertiesDescribed {}

extension FileListing.HeaderListing: PropertiesDescribed {}

extension ListingDocument: PropertiesDescribed {}

extension FileListing.ErrorListing: PropertiesDescribed {}
