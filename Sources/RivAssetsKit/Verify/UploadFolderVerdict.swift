/// What `verify --upload-dir` found in the upload folder itself, apart from any
/// input, and how much of it was read.
public struct UploadFolderVerdict: Codable, Sendable, Equatable {
    /// The folder's manifest.
    public var manifest: String
    /// One `upload-manifest-entry-refused` finding per manifest entry the folder
    /// does not vouch for (see ``UploadManifest``), sorted by key.
    public var findings: [VerifyFinding]
    /// How many upload files were read and hashed (a file whose size is already
    /// wrong, or over the asset size limit, is not).
    public var hashedFiles: Int
    /// How many bytes those files held.
    public var hashedBytes: Int
    /// True when nothing was found.
    public var passed: Bool { findings.isEmpty }
}
