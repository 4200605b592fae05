import RivFormat

/// What ``AssetOperations/host(_:)`` did (`riv-assets host --json`).
public struct HostResult: Codable, Sendable, Equatable, InputOutcomeResult {
    /// The version of this result's shape: 3 since every input has one
    /// ``InputOutcome`` under `files` (`input`, `output`, `status`, ...) holding
    /// the assets it moved to the CDN, failed and unchanged inputs included
    /// (version 2 listed `hosted`, `failures` and `skipped` apart and named the
    /// input `path`).
    public var schemaVersion = 3
    /// One outcome per input, in input order: `written` with hosted assets,
    /// `unchanged` when it had nothing to host, or `failed` (the upload files
    /// written only for it were removed again).
    public var files: [InputOutcome<HostedAssets>]
    /// The upload folder's manifest.
    public var manifest: String
    /// True when the manifest was written (false when it already said everything, and in a dry run).
    public var manifestWritten: Bool
    /// Why the manifest could not be read or written, when it could not.
    @NullEncoded public var manifestError: String?
    /// The entries of the manifest found in the folder that it does not vouch for
    /// (see ``UploadManifest``), sorted by key: left out of the manifest written
    /// (in a dry run, the ones a real run would leave out).
    public var droppedManifestEntries: [UploadManifest.RefusedEntry]
    /// True when nothing was written: the result says what a real run would do.
    public var dryRun: Bool
    /// The uuids uploaded through the app's transport
    /// (``AssetOperations/host(_:uploadingThrough:deletingUnused:)``), in the
    /// order hosted; empty when the run only wrote the upload folder.
    public var uploaded: [String] = []
    /// The uploads no hosted file uses any more that were deleted, when asked
    /// (from the app's transport, when one was given, and from the upload
    /// folder and its manifest), sorted; in a dry run, those the folder's
    /// manifest lists without a use.
    public var deletedUploads: [String] = []
    /// The unused uploads that could not be deleted (by the app's transport, or
    /// from the folder's manifest): the uuid (or the manifest) and why. They
    /// fail the run. (An upload the transport refuses fails its input instead.)
    public var transportFailures: [InputFailure] = []

    /// Every asset moved to the CDN, in input order, then file order.
    public var hosted: [HostedAssetEntry] { files.flatMap { $0.detail?.hosted ?? [] } }
}

/// What hosting moved out of one input.
public struct HostedAssets: Codable, Sendable, Equatable {
    /// The assets moved to the CDN, in file order.
    public var hosted: [HostedAssetEntry]
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
    public var file: String
    /// What became of that file.
    public var upload: Upload
    /// Its size in bytes.
    public var bytes: Int
    /// The package's content hash of the bytes (16 hex digits).
    public var contentHash: String
    /// The format detected from the bytes (`png`, `ttf`, ...).
    public var format: String
}

extension HostResult {
    /// The inputs that failed, then the manifest when it could not be written,
    /// then the unused uploads that could not be deleted.
    public var inputFailures: [InputFailure] {
        failures + (manifestError.map { [InputFailure(path: manifest, message: $0)] } ?? []) + transportFailures
    }
    /// Every input's warnings, then one per manifest entry dropped (or, in a dry run, to be dropped).
    public var outcomeWarnings: [String] {
        files.flatMap { file in file.warnings.map { "\(file.input): \($0)" } }
            + droppedManifestEntries.map { "\(manifest): \(dryRun ? "would drop" : "dropped") the entry \($0.uuid.debugDescription): \($0.reason)" }
    }
}

extension HostResult: PropertiesDescribed {}

extension HostedAssetEntry.Upload: CustomStringConvertible {
    /// Its name as JSON writes it, for `print` and string interpolation.
    public var description: String { rawValue }
}

extension HostedAssets: PropertiesDescribed {}

extension HostedAssetEntry: PropertiesDescribed {}
