import RivFormat

/// What ``AssetOperations/verify(_:)`` found (`riv-assets verify --json`).
public struct VerifyResult: Codable, Sendable, Equatable {
    /// One entry per input, in input order.
    public var files: [VerifiedFile]
    /// With an upload folder: what was found in the folder itself (its manifest's
    /// entries), and how much of it was read; nil without one.
    public var uploadFolder: UploadFolderVerdict?
    /// True when every input passed, and the upload folder too.
    public var passed: Bool { files.allSatisfy(\.passed) && uploadFolder?.passed != false }

    /// The version of this result's shape: 2 since each entry names its input
    /// `input` (version 1, without this field, said `path`).
    public var schemaVersion: Int { Self.currentSchemaVersion }

    /// The version of the shape this package writes.
    public static let currentSchemaVersion = 2

    private enum CodingKeys: String, CodingKey { case schemaVersion, files, uploadFolder, passed }

    /// The result of `files`, and of the upload folder they were checked against.
    public init(files: [VerifiedFile], uploadFolder: UploadFolderVerdict? = nil) {
        self.files = files
        self.uploadFolder = uploadFolder
    }

    /// Reads a result written by ``encode(to:)`` (`schemaVersion` and `passed` are derived, not read).
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        files = try container.decode([VerifiedFile].self, forKey: .files)
        uploadFolder = try container.decodeIfPresent(UploadFolderVerdict.self, forKey: .uploadFolder)
    }

    /// Writes the result as `verify --json` prints it, `passed` included.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(schemaVersion, forKey: .schemaVersion)
        try container.encode(files, forKey: .files)
        try container.encodeIfPresent(uploadFolder, forKey: .uploadFolder)
        try container.encode(passed, forKey: .passed)
    }
}

/// The verdict on one input.
public struct VerifiedFile: Codable, Sendable, Equatable {
    /// The input, as given (`input` in JSON since the result's schema version 2; `path` before).
    public var input: String
    /// What Rive's runtime would answer when importing it: `success`,
    /// `unsupportedVersion` or `malformed` (its `ImportResult`).
    public var runtimeResult: RuntimePrediction.Result
    /// True when Rive's runtime would crash or hang on it.
    public var runtimeCrash: Bool
    /// Everything found, in the order the checks ran (SPEC.md §13 lists the codes).
    public var findings: [VerifyFinding]
    /// What is worth knowing but does not fail the file: what Rive's runtime skips
    /// and still loads (`runtime-skipped-contents`), and with
    /// ``VerifyRequest/runtimeOnly`` every finding other than the runtime's verdict.
    public var notes: [VerifyFinding]
    /// The assets the request gave nothing to check against.
    public var uncheckedAssets: UncheckedAssets
    /// True when nothing was found.
    public var passed: Bool { findings.isEmpty }

    private enum CodingKeys: String, CodingKey { case input, runtimeResult, runtimeCrash, passed, findings, notes, uncheckedAssets }

    /// The verdict on `input`.
    public init(input: String, runtimeResult: RuntimePrediction.Result, runtimeCrash: Bool, findings: [VerifyFinding],
                notes: [VerifyFinding] = [], uncheckedAssets: UncheckedAssets = UncheckedAssets()) {
        self.input = input
        self.runtimeResult = runtimeResult
        self.runtimeCrash = runtimeCrash
        self.findings = findings
        self.notes = notes
        self.uncheckedAssets = uncheckedAssets
    }

    /// Reads a file's verdict; `notes` and `uncheckedAssets`, which older results lack, default to empty.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        input = try container.decode(String.self, forKey: .input)
        runtimeResult = try container.decode(RuntimePrediction.Result.self, forKey: .runtimeResult)
        runtimeCrash = try container.decode(Bool.self, forKey: .runtimeCrash)
        findings = try container.decode([VerifyFinding].self, forKey: .findings)
        notes = try container.decodeIfPresent([VerifyFinding].self, forKey: .notes) ?? []
        uncheckedAssets = try container.decodeIfPresent(UncheckedAssets.self, forKey: .uncheckedAssets) ?? UncheckedAssets()
    }

    /// Writes the verdict as `verify --json` prints it.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(input, forKey: .input)
        try container.encode(runtimeResult, forKey: .runtimeResult)
        try container.encode(runtimeCrash, forKey: .runtimeCrash)
        try container.encode(passed, forKey: .passed)
        try container.encode(findings, forKey: .findings)
        try container.encode(notes, forKey: .notes)
        try container.encode(uncheckedAssets, forKey: .uncheckedAssets)
    }
}

/// One thing wrong with a file.
public struct VerifyFinding: Codable, Sendable, Equatable {
    /// A stable code, e.g. `runtime-range-error` or `asset-missing` (SPEC.md §13).
    public var code: String
    /// What is wrong, in a sentence.
    public var message: String
    /// The byte offset it concerns, when it concerns one.
    @NullEncoded public var offset: Int?
    /// The unique name of the asset it concerns, when it concerns one.
    @NullEncoded public var asset: String?

    /// A finding with `code` and `message`.
    public init(code: String, message: String, offset: Int? = nil, asset: String? = nil) {
        self.code = code
        self.message = message
        self.offset = offset
        self.asset = asset
    }
}

extension VerifyFinding: PropertiesDescribed {}

extension VerifyResult: PropertiesDescribed {}

extension VerifiedFile: PropertiesDescribed {}
