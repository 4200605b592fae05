import Foundation
import RivFormat

/// What to report on: see ``AssetOperations/report(_:)``.
public struct ReportRequest: Sendable, Hashable {
    /// The `.riv` files, one section each, in this order.
    public var inputs: [RequestInput]
    /// The HTML file to write.
    public var output: String
    /// Embedded assets larger than this are shown as a placeholder with their size
    /// rather than inlined as `data:` URIs, so a 1 GiB asset never makes a 1 GiB page.
    public var maxInlineBytes: Int
    /// Replace the output file if it exists.
    public var overwrite: Bool
    /// Put images, fonts, clips and the artboards' pictures in the page as `data:`
    /// URIs (the default); when false, write each to ``assetFolder(besidePage:)`` and
    /// link it, so the page stays small however many files it shows.
    public var embeds = true

    /// Where a report that does not embed writes the assets it links: the folder
    /// beside `page` named after it, `report.html` → `report-assets/`. Each content
    /// is one file named by its hash (`FileAsset/contentHash`) and format.
    public static func assetFolder(besidePage page: URL) -> URL {
        page.deletingLastPathComponent().appendingPathComponent(page.deletingPathExtension().lastPathComponent + "-assets", isDirectory: true)
    }

    /// The default inline limit: 4 MiB per asset.
    public static let defaultMaxInlineBytes = 4 << 20

    /// A request for one page about `inputs`, written to `output`.
    public init(inputs: [RequestInput], output: String, maxInlineBytes: Int = defaultMaxInlineBytes, overwrite: Bool = false) {
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
    /// How many assets the page links to files beside it instead (``ReportRequest/embeds`` false).
    public var linked: Int = 0
    /// How many artboard pictures the page shows (inline, or linked with
    /// ``ReportRequest/embeds`` false).
    public var pictures: Int = 0
    /// How many artboards were not drawn, past the page's budget (64 artboards a file,
    /// 32 MiB of pictures a page); the page names them.
    public var picturesLeftOut: Int = 0
    /// The folder of the linked files (assets and pictures), or null when none was written.
    @NullEncoded public var assetFolder: String? = nil
    /// Inputs that could not be read (each still has a section saying why), and a failed write.
    public var failures: [InputFailure]
}

extension ReportSummary: PropertiesDescribed {}
