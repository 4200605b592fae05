import RivFormat

/// What ``AssetOperations/host(_:)`` did (`riv-assets host --json`).
public struct HostReport: Codable, Sendable, Equatable {
    /// The version of this report's shape: 2 since the entries for an input name it
    /// `path` (version 1, without this field, called it `input`).
    public var schemaVersion = 2
    /// Every asset moved to the CDN, in input order, then file order.
    public var hosted: [HostedAssetEntry]
    /// One entry per input that was written, in input order.
    public var files: [HostedFileEntry]
    /// Inputs that were not rewritten, in input order; the upload files written
    /// only for them were removed again.
    public var failures: [InputFailure]
    /// Inputs with nothing to host, in input order; nothing was written for them.
    public var skipped: [SkippedInput]
    /// The upload folder's manifest.
    public var manifest: String
    /// True when the manifest was written (false when it already said everything, and in a dry run).
    public var manifestWritten: Bool
    /// The entries of the manifest found in the folder that it does not vouch for
    /// (see ``UploadManifest``), sorted by key: left out of the manifest written
    /// (in a dry run, the ones a real run would leave out).
    public var droppedManifestEntries: [UploadManifest.RefusedEntry]
    /// True when nothing was written: the report says what a real run would do.
    public var dryRun: Bool
}

/// One asset moved out of its file to the CDN.
public struct HostedAssetEntry: Codable, Sendable, Equatable {
    /// What became of the upload file.
    public enum Upload: String, Codable, Sendable, Equatable {
        /// Written by this run.
        case written
        /// Written earlier in this run, for another asset with the same bytes.
        case shared
        /// Already in the upload folder with these bytes (an earlier run); left alone.
        case present
    }

    /// The input.
    public var input: String
    /// The rewritten `.riv`.
    public var output: String
    /// The asset's unique name.
    public var asset: String
    /// Its type (`image`, `font`, `audio`, ...).
    public var type: AssetType
    /// `embedded` or `referenced`: where the bytes were before.
    public var from: String
    /// The uuid now stored on its record, in the runtimes' text form.
    public var uuid: String
    /// The URL runtimes fetch it from.
    public var url: String
    /// The upload file holding its bytes (upload folder + `/` + uuid).
    public var path: String
    /// What became of that file.
    public var upload: Upload
    /// Its size in bytes.
    public var bytes: Int
    /// The package's content hash of the bytes (16 hex digits).
    public var contentHash: String
    /// The format detected from the bytes (`png`, `ttf`, ...).
    public var format: String
}

/// One input rewritten with hosted assets.
public struct HostedFileEntry: Codable, Sendable, Equatable {
    /// The input, as given.
    public var path: String
    /// The rewritten `.riv`.
    public var output: String
    /// The input's size in bytes.
    public var bytesBefore: Int
    /// The output's size in bytes.
    public var bytesAfter: Int
    /// How many assets were hosted.
    public var assetCount: Int
}
