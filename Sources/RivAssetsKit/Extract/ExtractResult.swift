import RivFormat

/// What ``AssetOperations/extract(_:)`` did (`riv-assets extract --json`).
public struct ExtractResult: Codable, Sendable, Equatable, InputOutcomeResult {
    /// The version of this result's shape: 3 since every input has one
    /// ``InputOutcome`` under `files` (`input`, `status`, ...) holding the asset
    /// files it gave, inputs with nothing to extract and failed ones included
    /// (version 2 listed every asset file under `files`, with its path as
    /// `path`, and `failures`, `skipped` and `warnings` apart).
    public var schemaVersion = 3
    /// One outcome per input, in input order: `written` with its asset files,
    /// `skipped` when it has no chosen asset (no folder was made for it), or
    /// `failed` when it could not be read or some asset could not be written
    /// (``InputOutcome/reason`` names each; the others are still listed). Files
    /// written under another name than the one Rive's runtime looks for
    /// (`AssetFileName`) are among the outcome's warnings. An input's
    /// ``InputOutcome/output`` is its folder.
    public var files: [InputOutcome<ExtractedAssets>]
    /// With ``ExtractRequest/hostedAssets``: what became of each chosen hosted
    /// asset (cached, downloaded, failed), in input order, then file order; one
    /// that failed also fails its input. Empty otherwise.
    public var hosted: [FetchedAsset] = []
    /// True when nothing was written: the result says what a real run would do.
    public var dryRun: Bool
    /// The layout the folders were written for (``PlatformLayout``).
    public var layout: PlatformLayout = .flat
    /// With ``ExtractRequest/kotlinMap``: the Kotlin map's path (in a dry run,
    /// where it would be written); nil otherwise or when no asset was written.
    @NullEncoded public var kotlinMap: String? = nil
    /// Why the Kotlin map could not be written, when it could not (the run fails).
    @NullEncoded public var kotlinMapError: String? = nil

    /// Every asset file written (or already holding its asset's bytes), in input order, then file order.
    public var extracted: [ExtractedFile] { files.flatMap { $0.detail?.extracted ?? [] } }
}

/// The asset files one input gave.
public struct ExtractedAssets: Codable, Sendable, Equatable {
    /// Every asset file written (or already holding the asset's bytes), in file order.
    public var extracted: [ExtractedFile]
    /// With ``ExtractRequest/dedupe`` or the Android layout: the path of the
    /// folder's manifest (in a dry run, where it would be written); nil
    /// otherwise or when nothing was written.
    @NullEncoded public var manifest: String? = nil
    /// With a manifest: which unique names each file of the folder serves (its entries).
    public var manifestFiles: [AssetManifest.Entry] = []
}

/// One asset written out as a file.
public struct ExtractedFile: Codable, Sendable, Equatable {
    /// The asset's unique name.
    public var asset: String
    /// The file that holds its bytes.
    public var file: String
    /// Its size in bytes.
    public var bytes: Int
    /// The detected format of the bytes (its raw value in JSON: `png`, `ttf`).
    public var format: ContentFormat
    /// XXH64 of the bytes, 16 hex digits, when the request asked for hashes.
    @NullEncoded public var contentHash: String?
    /// The name the runtime gives the asset's file (`FileAsset.uniqueFilename`:
    /// the unique name and the kind's extension), whatever ``file`` is called.
    public var uniqueFilename: String
}

extension ExtractResult: PropertiesDescribed {}

extension ExtractedAssets: PropertiesDescribed {}

extension ExtractedFile: PropertiesDescribed {}
