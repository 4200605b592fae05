import Foundation
import RivFormat
import RivSupport

/// One self-contained HTML page about some `.riv` files: no script, no network,
/// every image, font and clip inline. Written by ``AssetOperations/report(_:)`` as
/// it goes: the head, the summary, then one section per file, each asset's bytes
/// encoded straight into the page, so the page is never held in memory.
struct HTMLReport {
    let maxInlineBytes: Int
    /// Where linked assets are written instead of inlined, or nil to inline them.
    let assetFolder: URL?
    /// The rule every linked picture is written by (never over an input), and whether an
    /// existing picture file may be replaced.
    let rule: OutputRule, overwrite: Bool
    let out: AtomicFileStream
    private(set) var inlined = 0
    /// How many assets the page links to files in ``assetFolder``.
    private(set) var linked = 0
    /// The folders made for linked files (``assetFolder`` and the pictures' folders
    /// in it): each only when the first file is linked into it, so a page that links
    /// nothing leaves no empty folder beside it.
    private var madeFolders: Set<String> = []
    private(set) var overLimit = 0
    /// How many artboard pictures the page shows, and how many it leaves out for its budget.
    var pictures = 0, picturesLeftOut = 0
    /// The bytes of the pictures shown so far (``ArtboardPicture/maximumPageBytes``).
    var pictureBytes = 0
    /// The linked pictures that could not be written.
    var pictureFailures: [InputFailure] = []
    private var fontFaces = 0
    /// The referencers of the assets of the file being written, by record offset.
    private var usage: [Int: [AssetReferencer]] = [:]

    /// Starts the page on `out` with its head, for `fileCount` inputs; with
    /// `assetFolder`, assets and pictures are written there (pictures by `rule`,
    /// replacing a file only with `overwrite`) and linked rather than inlined.
    init(maxInlineBytes: Int, fileCount: Int, linkingInto assetFolder: URL? = nil, rule: OutputRule, overwrite: Bool,
         writingTo out: AtomicFileStream) throws(FileWriteError) {
        self.maxInlineBytes = maxInlineBytes
        self.assetFolder = assetFolder
        self.rule = rule
        self.overwrite = overwrite
        self.out = out
        // Linked files come from the page's own origin; nothing else is ever loaded.
        let local = assetFolder == nil ? "data:" : "data: 'self' file:"
        try out.write("""
            <!DOCTYPE html>
            <html lang="en">
            <head>
            <meta charset="utf-8">
            <meta http-equiv="Content-Security-Policy" content="default-src 'none'; img-src \(local); font-src \(local); media-src \(local); style-src 'unsafe-inline'">
            <meta name="viewport" content="width=device-width, initial-scale=1">
            <title>Rive asset report</title>
            <style>
            \(Self.style)
            </style>
            </head>
            <body>
            <header><h1>Rive asset report</h1><p>\(CountedNoun.text(fileCount, "file")), made by riv-assets. Static HTML: no script, nothing fetched.</p></header>

            """)
    }

    /// Ends the page.
    func finish() throws(FileWriteError) {
        try out.write("</body>\n</html>\n")
    }

    /// The summary across files: what costs the most (the ranking of `list
    /// --largest`, over `inputs`), bytes per type, names in several files, bytes under several names.
    func writeSummary(_ totals: ReportTotals, inputs: [String]) throws(FileWriteError) {
        var html = ["<section class=\"summary\"><h2>All files</h2>"]
        let largest = totals.largest.ranking(count: ListRequest.defaultLargestCount, inputs: inputs)
        if !largest.isEmpty {
            html.append("<h3>What costs the most</h3><table class=\"nowrap\"><tr><th>Total</th><th>Size</th><th>Copies</th><th>Type</th><th>Format</th><th>Unique names</th><th>Files</th></tr>")
            html += largest.map { content in
                let files = ShortList.text(content.files, limit: 8) { "<code>\(MarkupText.escaped($0))</code>" }
                return "<tr><td>\(ByteCountText.binary(content.totalByteCount))</td><td>\(ByteCountText.binary(content.embeddedByteCount))</td>"
                    + "<td>\(content.copies)</td><td>\(MarkupText.escaped(content.type))</td><td>\(MarkupText.escaped(content.detectedFormat ?? "-"))</td>"
                    + "<td>\(content.uniqueNames.map { "<code>\(MarkupText.escaped($0))</code>" }.joined(separator: ", "))</td><td>\(files)</td></tr>"
            }
            html.append("</table>")
        }
        html.append("<h3>Embedded bytes per type</h3><table class=\"nowrap\"><tr><th>Type</th><th>Embedded bytes</th></tr>")
        for category in AssetTypeFilter.Category.allCases {
            guard let bytes = totals.bytesByType[category] else { continue }
            html.append("<tr><td>\(category.rawValue)</td><td>\(ByteCountText.binary(bytes))</td></tr>")
        }
        html.append("</table>")
        let shared = totals.filesByName.filter { $0.value.count > 1 }.sorted { $0.key < $1.key }
        if !shared.isEmpty {
            html.append("<h3>Assets in several files</h3><ul>")
            html += shared.map { "<li><code>\(MarkupText.escaped($0.key))</code> in \($0.value.count) files</li>" }
            html.append("</ul>")
        }
        let twins = totals.namesByHash.values.filter { $0.count > 1 }.map { $0.sorted() }.sorted { $0[0] < $1[0] }
        if !twins.isEmpty {
            html.append("<h3>The same bytes under several names</h3><ul>")
            html += twins.map { "<li>" + $0.map { "<code>\(MarkupText.escaped($0))</code>" }.joined(separator: ", ") + "</li>" }
            html.append("</ul>")
        }
        html.append("</section>\n")
        try out.write(html.joined(separator: "\n"))
    }

    /// The section of a file that could not be read.
    func writeFailure(path: String, error: RivError) throws(FileWriteError) {
        try out.write("<section class=\"file\"><h2>\(MarkupText.escaped(path))</h2><p class=\"problem\">Could not be read: \(MarkupText.escaped(error.message))</p></section>\n")
    }

    /// The section of one file, the input at `position`.
    mutating func write(_ file: RivFile, path: String, position: Int) throws(FileWriteError) {
        let header = file.header
        usage = Dictionary(zip(file.assets.map(\.recordRange.lowerBound), file.referencersByAsset), uniquingKeysWith: { first, _ in first })
        var html = ["<section class=\"file\"><h2>\(MarkupText.escaped(path))</h2>",
                    "<p class=\"facts\">Rive \(header.majorVersion).\(header.minorVersion) · file id \(header.fileID) · "
                        + "\(ByteCountText.binary(file.byteCount)) · \(CountedNoun.text(file.assets.count, "asset"))</p>"]
        html += breakdown(file)
        let problems = file.problems.map(\.description) + file.assets.flatMap { asset in asset.problems.map { "\(asset.uniqueName): \($0)" } }
        if !problems.isEmpty {
            html.append("<ul class=\"problems\">" + problems.map { "<li>\(MarkupText.escaped($0))</li>" }.joined() + "</ul>")
        }
        try out.write(html.joined(separator: "\n") + "\n")
        try writePictures(of: file, path: path, position: position)
        let images = file.assets.filter { Section($0.type.kind) == .images }
        if !images.isEmpty {
            try out.write("<h3>Images</h3>\n<div class=\"grid\">")
            for asset in images { try image(asset) }
            try out.write("</div>\n")
        }
        let fonts = file.assets.filter { Section($0.type.kind) == .fonts }
        if !fonts.isEmpty {
            try out.write("<h3>Fonts</h3>\n<div class=\"list\">")
            for asset in fonts { try font(asset) }
            try out.write("</div>\n")
        }
        let clips = file.assets.filter { Section($0.type.kind) == .audio }
        if !clips.isEmpty {
            try out.write("<h3>Audio</h3>\n<div class=\"list\">")
            for asset in clips { try audio(asset) }
            try out.write("</div>\n")
        }
        let others = file.assets.filter { Section($0.type.kind) == .others }
        if !others.isEmpty {
            try out.write("<h3>Scripts, blobs, shaders, manifests</h3>\n" + other(others) + "\n")
        }
        try out.write("</section>\n")
    }

    /// Where the page shows an asset of each kind: a gallery of images, a list of
    /// fonts set in themselves, a list of players, and one table for the rest.
    private enum Section {
        case images, fonts, audio, others

        init(_ kind: AssetKind?) {
            switch kind {
            case .image: self = .images
            case .font: self = .fonts
            case .audio: self = .audio
            case .script, .scriptModule, .shader, .blob, .manifest, nil: self = .others
            }
        }
    }

    /// The size bar: the object stream and each embedded asset, largest first.
    private func breakdown(_ file: RivFile) -> [String] {
        let total = max(1, file.byteCount)
        let embedded = file.assets.filter { $0.location == .embedded }.sorted { $0.embeddedByteCount > $1.embeddedByteCount }
        let stream = max(0, file.byteCount - embedded.reduce(0) { $0 + $1.embeddedByteCount })
        var parts: [(label: String, bytes: Int, kind: String)] = [("object stream", stream, "stream")]
        parts += embedded.map { ($0.uniqueName, $0.embeddedByteCount, AssetTypeFilter.category(of: $0).rawValue) }
        parts.sort { $0.bytes > $1.bytes }
        func percent(_ bytes: Int) -> String { ByteCountText.percent(Double(bytes) / Double(total)) }
        let segments = parts.map { part in
            "<span class=\"seg \(part.kind)\" style=\"width:\(ByteCountText.percent(Double(part.bytes) / Double(total), places: 3))\" "
                + "title=\"\(MarkupText.escaped(part.label)): \(ByteCountText.binary(part.bytes)) (\(percent(part.bytes)))\"></span>"
        }.joined()
        let shown = parts.prefix(12).map { part in
            "<li><span class=\"swatch \(part.kind)\"></span>\(MarkupText.escaped(part.label)) <b>\(ByteCountText.binary(part.bytes))</b> \(percent(part.bytes))</li>"
        }
        let rest = parts.dropFirst(12)
        let more = rest.isEmpty ? [] : ["<li>\(rest.count) smaller: \(ByteCountText.binary(rest.reduce(0) { $0 + $1.bytes }))</li>"]
        return ["<div class=\"bar\">\(segments)</div>", "<ol class=\"legend\">" + (shown + more).joined() + "</ol>"]
    }

    /// The bytes to show for `asset`, when its format may be shown and, inlined, it
    /// is within the limit (linked files have none).
    private mutating func inlineBytes(_ asset: FileAsset) -> (mime: String, bytes: Data, format: ContentFormat)? {
        guard asset.location == .embedded, let format = asset.detectedFormat, let mime = InlineMedia.mimeType(format, for: asset.type) else { return nil }
        guard assetFolder != nil || asset.embeddedByteCount <= maxInlineBytes, let bytes = asset.embeddedBytes else {
            overLimit += 1
            return nil
        }
        if assetFolder == nil { inlined += 1 } else { linked += 1 }
        return (mime, bytes, format)
    }

    /// Writes where the page finds `shown`'s bytes: a `data:` URI, or, when linking,
    /// the relative URL of the file in ``assetFolder`` holding them (written there
    /// through the atomic writer, named by content hash and format, so a content
    /// shown by many files is one file; the folder is made on the first).
    private mutating func writeSource(_ shown: (mime: String, bytes: Data, format: ContentFormat), of asset: FileAsset) throws(FileWriteError) {
        guard let assetFolder else { return try writeDataURI(mime: shown.mime, bytes: shown.bytes) }
        try makeFolder(assetFolder)
        let name = XXH64.hexString(asset.contentHash) + "." + shown.format.rawValue
        try AtomicFile.write(shown.bytes, to: assetFolder.appendingPathComponent(name))
        try writeLink(to: [name])
    }

    /// Makes `folder` (the asset folder, or one inside it) unless this page made it already.
    mutating func makeFolder(_ folder: URL) throws(FileWriteError) {
        guard !madeFolders.contains(folder.path) else { return }
        do {
            try OutputFolder.create(folder)
        } catch {
            throw .writeFailed(path: error.path, reason: error.sentence)
        }
        madeFolders.insert(folder.path)
    }

    /// Writes the relative URL, from the page, of the file at `components` inside
    /// ``assetFolder``: each name percent-encoded, then HTML-escaped.
    func writeLink(to components: [String]) throws(FileWriteError) {
        let allowed = CharacterSet.urlPathAllowed.subtracting(CharacterSet(charactersIn: "/:;?#()'\"\\"))
        let names = ([assetFolder?.lastPathComponent ?? ""] + components).map { $0.addingPercentEncoding(withAllowedCharacters: allowed) ?? "" }
        try out.write(MarkupText.escaped(names.joined(separator: "/")))
    }

    /// Writes a `data:` URI of `bytes` with `mime` (a fixed type chosen from the
    /// detected format), encoding a piece at a time.
    func writeDataURI(mime: String, bytes: Data) throws(FileWriteError) {
        try out.write("data:\(mime);base64,")
        let piece = 3 << 14
        var start = bytes.startIndex
        while start < bytes.endIndex {
            let end = min(start + piece, bytes.endIndex)
            try out.write(bytes[start..<end].base64EncodedString())
            start = end
        }
    }

    /// What the file says of where a non-embedded asset lives.
    private func location(_ asset: FileAsset) -> String {
        guard let cdn = asset.cdn, asset.location == .hosted else { return "referenced: the app supplies <code>\(MarkupText.escaped(asset.uniqueFilename))</code>" }
        let text = MarkupText.escaped(cdn.url)
        return "hosted: " + (HTMLText.linkableURL(cdn.url).map { "<a href=\"\(MarkupText.escaped($0))\" rel=\"noreferrer\">\(text)</a>" } ?? text)
    }

    private func facts(_ asset: FileAsset, _ extra: [String]) -> String {
        var items = ["<b>\(MarkupText.escaped(asset.uniqueName))</b>"] + extra
        if asset.location == .embedded {
            items.append("\((asset.detectedFormat ?? .unknown).rawValue), \(ByteCountText.binary(asset.embeddedByteCount))")
        } else {
            items.append(location(asset))
        }
        if asset.isSigned { items.append("signed") }
        if asset.isListed {
            let users = usage[asset.recordRange.lowerBound] ?? []
            items.append(users.isEmpty ? "<span class=\"unused\">unused</span>"
                : "used by " + ShortList.text(users, limit: 8) { MarkupText.escaped(($0.artboard.map(InspectionText.reference) ?? "(file)") + " › " + ($0.name.isEmpty ? $0.type : $0.name)) })
        }
        return items.joined(separator: "<br>")
    }

    private mutating func image(_ asset: FileAsset) throws(FileWriteError) {
        var extra: [String] = []
        if let size = asset.pixelSize { extra.append(size.description) }
        if let width = asset.width, let height = asset.height { extra.append("stored \(ByteCountText.number(width))×\(ByteCountText.number(height))") }
        try out.write("<figure class=\"card\">")
        if let inline = inlineBytes(asset) {
            try out.write("<img src=\"")
            try writeSource(inline, of: asset)
            try out.write("\" alt=\"\(MarkupText.escaped(asset.uniqueName))\">")
        } else {
            let why = asset.location == .embedded ? (InlineMedia.mimeType(asset.detectedFormat, for: asset.type) == nil ? "not shown: \((asset.detectedFormat ?? .unknown).rawValue)"
                : "not inlined: \(ByteCountText.binary(asset.embeddedByteCount))") : asset.location.rawValue
            try out.write("<div class=\"placeholder\">\(MarkupText.escaped(why))</div>")
        }
        try out.write("<figcaption>\(facts(asset, extra))</figcaption></figure>")
    }

    /// A font's row: its facts and, when inlined, a specimen line set in it, with
    /// the `@font-face` rule that loads it just before.
    private mutating func font(_ asset: FileAsset) throws(FileWriteError) {
        var extra: [String] = []
        if let names = asset.fontNames { extra.append(MarkupText.escaped(names.description)) }
        try out.write("<div class=\"row\">")
        if let inline = inlineBytes(asset) {
            let family = "riv-font-\(fontFaces)"
            fontFaces += 1
            try out.write("<style>@font-face { font-family: \"\(family)\"; src: url(")
            try writeSource(inline, of: asset)
            let specimen = FontSpecimen(font: [UInt8](inline.bytes))
            if let note = specimen.note { extra.append(MarkupText.escaped(note)) }
            try out.write("); }</style><p class=\"specimen\" style=\"font-family: '\(family)', sans-serif\">\(MarkupText.escaped(specimen.text))</p>")
        }
        try out.write("<p class=\"facts\">\(facts(asset, extra))</p></div>")
    }

    private mutating func audio(_ asset: FileAsset) throws(FileWriteError) {
        var extra: [String] = []
        if let seconds = asset.audioDuration { extra.append(ByteCountText.duration(seconds)) }
        try out.write("<div class=\"row\">")
        if let inline = inlineBytes(asset) {
            try out.write("<audio controls preload=\"none\" src=\"")
            try writeSource(inline, of: asset)
            try out.write("\"></audio>")
        }
        try out.write("<p class=\"facts\">\(facts(asset, extra))</p></div>")
    }

    private func other(_ assets: [FileAsset]) -> String {
        let rows = assets.map { asset in
            "<tr><td>\(MarkupText.escaped(asset.uniqueName))</td><td>\(MarkupText.escaped(asset.kind))</td><td>\(asset.location.rawValue)</td>"
                + "<td>\(asset.location == .embedded ? ByteCountText.binary(asset.embeddedByteCount) : "-")</td><td>\(asset.isSigned ? "signed" : "")</td>"
                + "<td>\(!asset.isListed ? "" : (usage[asset.recordRange.lowerBound] ?? []).isEmpty ? "<span class=\"unused\">unused</span>" : "used by \((usage[asset.recordRange.lowerBound] ?? []).count)")</td></tr>"
        }
        return "<table><tr><th>Unique name</th><th>Kind</th><th>Location</th><th>Size</th><th></th><th></th></tr>" + rows.joined() + "</table>"
    }

    private static let style = """
        body { font: 14px/1.4 -apple-system, "Segoe UI", Roboto, Helvetica, Arial, sans-serif; margin: 0 auto; max-width: 1100px; padding: 16px 24px; color: #1d1d1f; background: #fbfbfd; }
        h1 { font-size: 24px; margin: 8px 0 0; } h2 { font-size: 18px; margin: 0 0 4px; word-break: break-all; } h3 { font-size: 15px; margin: 18px 0 8px; color: #444; }
        header p, .facts { color: #555; } code { font-size: 12px; word-break: break-all; }
        section { background: #fff; border: 1px solid #e3e3e8; border-radius: 10px; padding: 16px 18px; margin: 16px 0; }
        .bar { display: flex; height: 18px; border-radius: 5px; overflow: hidden; background: #eee; margin: 10px 0 6px; }
        .seg { display: block; height: 100%; min-width: 1px; }
        .stream { background: #9aa0a6; } .image { background: #4f8ef7; } .font { background: #9b6cf0; } .audio { background: #f2a33a; } .script { background: #35b37e; } .other { background: #d0505a; }
        .legend { list-style: none; padding: 0; margin: 0; columns: 2; font-size: 12px; } .legend li { word-break: break-all; }
        .swatch { display: inline-block; width: 10px; height: 10px; border-radius: 2px; margin-right: 6px; vertical-align: -1px; }
        .problems, .problem, .unused { color: #b3261e; }
        .grid { display: grid; grid-template-columns: repeat(auto-fill, minmax(180px, 1fr)); gap: 12px; }
        .card { margin: 0; border: 1px solid #e3e3e8; border-radius: 8px; padding: 8px; background: #fafafa; word-break: break-all; font-size: 12px; }
        .card img { display: block; width: 100%; height: 150px; object-fit: contain; background: repeating-conic-gradient(#eee 0 25%, #fff 0 50%) 0 0 / 16px 16px; border-radius: 4px; }
        .notes { margin: 4px 0 0; padding-left: 16px; color: #8a5300; word-break: normal; overflow-wrap: anywhere; }
        .placeholder { height: 150px; display: flex; align-items: center; justify-content: center; background: #f0f0f3; color: #777; border-radius: 4px; text-align: center; padding: 0 8px; }
        .row { display: flex; align-items: center; gap: 16px; border-top: 1px solid #eee; padding: 8px 0; word-break: break-all; font-size: 12px; }
        .specimen { font-size: 26px; margin: 0; flex: 1; word-break: normal; }
        table { border-collapse: collapse; font-size: 12px; } td, th { text-align: left; padding: 3px 10px 3px 0; word-break: normal; overflow-wrap: break-word; }
        .nowrap td, .nowrap th { white-space: nowrap; } .nowrap td:has(code) { white-space: normal; }
        """
}
