import RivFormat

/// What to report on: see ``AssetOperations/report(_:)``.
public struct ReportRequest: Sendable, Hashable {
    /// The `.riv` files, one section each, in this order.
    public var inputs: [String]
    /// The HTML file to write.
    public var output: String
    /// Embedded assets larger than this are shown as a placeholder with their size
    /// rather than inlined as `data:` URIs, so a 1 GiB asset never makes a 1 GiB page.
    public var maxInlineBytes: Int
    /// Replace the output file if it exists.
    public var overwrite: Bool

    /// The default inline limit: 4 MiB per asset.
    public static let defaultMaxInlineBytes = 4 << 20

    /// A request for one page about `inputs`, written to `output`.
    public init(inputs: [String], output: String, maxInlineBytes: Int = defaultMaxInlineBytes, overwrite: Bool = false) {
        self.inputs = inputs
        self.output = output
        self.maxInlineBytes = maxInlineBytes
        self.overwrite = overwrite
    }
}

/// What ``AssetOperations/report(_:)`` wrote.
public struct ReportSummary: Codable, Sendable, Equatable {
    /// The HTML file, or null when it was not written.
    @NullEncoded public var output: String? = nil
    /// Its size in bytes.
    public var bytes: Int
    /// How many inputs have a section.
    public var files: Int
    /// How many assets were inlined (thumbnails, fonts, players).
    public var inlined: Int
    /// How many embedded assets were shown as placeholders for their size.
    public var overLimit: Int
    /// Inputs that could not be read (each still has a section saying why), and a failed write.
    public var failures: [InputFailure]
}
