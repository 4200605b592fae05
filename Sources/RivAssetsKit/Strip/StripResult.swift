import RivFormat

/// What ``AssetOperations/strip(_:)`` did (`riv-assets strip --json`).
public struct StripResult: Codable, Sendable, Equatable, InputOutcomeResult {
    /// The version of this result's shape: 3 since every input has one
    /// ``InputOutcome`` under `files` (`input`, `output`, `status`, ...) holding
    /// the assets it stripped, failed and unchanged inputs included (version 2
    /// listed `stripped`, `failures` and `skipped` apart and named the input `path`).
    public var schemaVersion = 3
    /// One outcome per input, in input order: `written` without the stripped
    /// bytes, `unchanged` when it had nothing to strip or an earlier run wrote
    /// its output and asset files with these very bytes (a rerun, its stripped
    /// assets still listed), or `failed` (none of
    /// its asset files remain). Asset files written under another name than the
    /// one a runtime looks for are among the outcome's warnings.
    public var files: [InputOutcome<StrippedAssets>]
    /// True when nothing was written: the result says what a real run would do.
    public var dryRun: Bool
    /// Every unique name whose copies have other bytes, how it was settled (or
    /// that it was refused, with the default ``StripRequest/conflicts``) and the
    /// file written for each input's copy. Empty when no copies differ.
    public var conflicts: [AssetConflict] = []
    /// With ``StripRequest/dedupe``, per-file copies or the Android layout: the
    /// manifest's path (in a dry run, where it would be written); nil otherwise
    /// or when no asset was written.
    @NullEncoded public var manifest: String? = nil
    /// With a manifest (see ``manifest``): which unique names each asset file
    /// serves (the manifest's entries). Empty otherwise.
    public var manifestFiles: [AssetManifest.Entry] = []
    /// Why the manifest could not be written, when it could not (the run fails).
    @NullEncoded public var manifestError: String? = nil
    /// The layout the asset folder was written for (``PlatformLayout``).
    public var layout: PlatformLayout = .flat
    /// With ``StripRequest/kotlinMap``: the Kotlin map's path (in a dry run,
    /// where it would be written); nil otherwise or when no asset was written.
    @NullEncoded public var kotlinMap: String? = nil
    /// Why the Kotlin map could not be written, when it could not (the run fails).
    @NullEncoded public var kotlinMapError: String? = nil
    /// With ``StripRequest/subsetsFonts`` or merged copies: each font file
    /// written, its size against the copies it stands for, the characters it
    /// maps and the kept characters it cannot draw. Empty otherwise.
    public var fonts: [ShippedFont] = []

    /// Every asset moved out to a file, in input order, then file order.
    public var stripped: [StrippedAsset] { files.flatMap { $0.detail?.stripped ?? [] } }
}

/// What stripping moved out of one input.
public struct StrippedAssets: Codable, Sendable, Equatable {
    /// The assets moved out to files, in file order.
    public var stripped: [StrippedAsset]
}

/// One asset moved out of its file.
public struct StrippedAsset: Codable, Sendable, Equatable {
    /// The asset's unique name.
    public var asset: String
    /// The asset file that holds its bytes.
    public var file: String
    /// Its size in bytes.
    public var bytes: Int
    /// The name the runtime gives the asset's file (`FileAsset.uniqueFilename`:
    /// the unique name and the kind's extension), whatever ``file`` is called.
    public var uniqueFilename: String
}

extension StripResult: PropertiesDescribed {}

extension StrippedAssets: PropertiesDescribed {}

extension StrippedAsset: PropertiesDescribed {}
