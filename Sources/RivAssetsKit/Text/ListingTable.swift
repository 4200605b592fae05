import RivFormat
import RivSupport

/// The human-readable listing of one file, as `riv-assets list` prints it: a
/// title line (path, version, file id, size, asset count), one aligned row per
/// asset (unique name, type, kind, format, size, location, used by, notes) and one
/// line per problem of the file.
///
/// Every string from the file or the file system is shown through
/// `TerminalText.escaped(_:)`, and a cell longer than ``cellLimit`` characters
/// (``notesLimit`` for the last column) is cut with `…`, so a hostile name can
/// neither drive the terminal nor widen every row of a large table; `wide` shows
/// the row's own cells whole (escaped still), for names to copy into `replace`.
/// No column is padded wider than ``cellLimit`` even then: a longer cell is
/// written whole and only its own row loses alignment. The used-by cell names
/// other objects (artboards), so it is cut to ``cellLimit`` always, or one long
/// artboard name would be repeated on every row. Rows are made twice (once to
/// measure the columns, once to write them) rather than held, so a file of a
/// million assets costs no more memory than one of ten; each row costs time in
/// proportion to its own cells.
public enum ListingTable {
    /// The most characters a cell shows, and the widest a column is padded.
    public static let cellLimit = 64
    /// The most characters the notes column shows.
    public static let notesLimit = 256

    private static let headings = ["UNIQUE NAME", "TYPE", "KIND", "FORMAT", "SIZE", "LOCATION", "USED BY", "NOTES"]

    /// The whole table of `file`, read from `path`, as one string (lines joined by newlines).
    public static func text(for file: RivFile, path: String, wide: Bool = false) -> String {
        var lines: [String] = []
        write(file, path: path, wide: wide) { lines.append($0) }
        return lines.joined(separator: "\n")
    }

    /// Hands the table of `file` to `line`, one line at a time (without line breaks).
    public static func write(_ file: RivFile, path: String, wide: Bool = false, line: (String) -> Void) {
        let header = file.header
        let count = file.assets.count
        line("\(TerminalText.escaped(path)): Rive \(header.majorVersion).\(header.minorVersion), file id \(header.fileID), "
            + "\(ByteCountText.binary(file.byteCount)), \(CountedNoun.text(count, "asset"))")
        if count > 0 {
            let usage = file.referencersByAsset
            let rows = zip(file.assets, usage).lazy.map { cells(of: $0, usedBy: $1, wide: wide) }
            let widths = columnWidths(headings, rows)
            line(aligned(headings, widths))
            for row in rows { line(aligned(row, widths)) }
        }
        for problem in file.problems { line("  problem: " + TerminalText.cut(problem.description, limit: notesLimit)) }
    }

    private static let largestHeadings = ["TOTAL", "SIZE", "COPIES", "TYPE", "KIND", "FORMAT", "UNIQUE NAMES", "FILES"]

    /// Hands the table of `largest` (``AssetOperations/largestAssets(_:)``, what
    /// `riv-assets list --largest` prints) to `line`, one line at a time: a title,
    /// then one row per content with what its copies cost together, one copy's
    /// size, how many copies, its type, kind and format, its unique names and the
    /// files embedding it. `inputCount` is how many inputs were ranked.
    public static func write(largest: [LargestAsset], inputCount: Int, wide: Bool = false, line: (String) -> Void) {
        guard !largest.isEmpty else { return line("no embedded assets in \(CountedNoun.text(inputCount, "file"))") }
        line("\(CountedNoun.text(largest.count, "largest embedded content")) across \(CountedNoun.text(inputCount, "file")), "
            + "by what their copies cost together")
        let cut = { (text: String, limit: Int) in wide ? TerminalText.escaped(text) : TerminalText.cut(text, limit: limit) }
        let rows = largest.map { content in
            [ByteCountText.binary(content.totalByteCount), ByteCountText.binary(content.embeddedByteCount), String(content.copies),
             content.type, content.kind, content.detectedFormat ?? "-",
             cut(content.uniqueNames.joined(separator: ", "), cellLimit),
             cut(content.files.joined(separator: ", "), notesLimit) + (content.files.count > 1 ? " (\(content.files.count))" : "")]
        }
        let widths = columnWidths(largestHeadings, rows)
        line(aligned(largestHeadings, widths))
        for row in rows { line(aligned(row, widths)) }
    }

    /// The width of each column: its widest cell or heading, at most ``cellLimit``.
    private static func columnWidths(_ headings: [String], _ rows: some Sequence<[String]>) -> [Int] {
        var widths = headings.map(width)
        for row in rows {
            for (column, cell) in row.enumerated() { widths[column] = min(max(widths[column], width(cell)), cellLimit) }
        }
        return widths
    }

    /// The cells of one asset's row.
    private static func cells(of asset: FileAsset, usedBy users: [AssetReferencer], wide: Bool) -> [String] {
        let cut = { (text: String, limit: Int) in wide ? TerminalText.escaped(text) : TerminalText.cut(text, limit: limit) }
        var notes: [String] = []
        if let size = asset.pixelSize { notes.append(size.description) }
        if let font = asset.fontNames { notes.append(font.description) }
        if asset.isSigned { notes.append("signed") }
        if let cdn = asset.cdn, asset.location == .hosted { notes.append(cdn.url) }
        if let note = note(for: asset.type.kind) { notes.append(note) }
        notes += asset.problems.map(\.description)
        return [
            cut(asset.uniqueName, cellLimit),
            asset.type.description,
            asset.kind,
            asset.detectedFormat?.rawValue ?? "-",
            asset.location == .embedded ? ByteCountText.binary(asset.embeddedByteCount) : "-",
            asset.location.rawValue,
            TerminalText.cut(usedBy(users), limit: cellLimit),
            cut(notes.joined(separator: "; "), notesLimit),
        ]
    }

    /// What a `ManifestAsset` row's notes say: it is no image, font or clip an app supplies.
    public static let manifestNote = "names the runtime looks up by id (data binding, scripts); nothing an app supplies"

    /// What every row of `kind` notes about the kind itself: what a manifest is.
    private static func note(for kind: AssetKind?) -> String? {
        switch kind {
        case .manifest: manifestNote
        case .image, .font, .audio, .script, .scriptModule, .shader, .blob, nil: nil
        }
    }

    /// `Main, Menu (3 objects)`: the artboards (`(file)` for file-level objects) and how
    /// many objects use the asset; `-` for none. Names stop once the cell is past
    /// ``cellLimit`` (it is cut there), and each artboard is looked up in a set, so
    /// the cell costs one step per user however many artboards they are spread over.
    private static func usedBy(_ users: [AssetReferencer]) -> String {
        guard !users.isEmpty else { return "-" }
        var seen = Set<Int>()
        var places: [String] = []
        var length = 0
        for user in users where length <= cellLimit && seen.insert(user.artboardIndex ?? -1).inserted {
            let place = user.artboard.map { TerminalText.cut($0, limit: cellLimit) } ?? "(file)"
            places.append(place)
            length += place.utf8.count + 2
        }
        return places.joined(separator: ", ") + " (\(CountedNoun.text(users.count, "object")))"
    }

    /// How many characters `text` shows: its byte count when it is ASCII, which
    /// almost every cell is, without walking its grapheme clusters.
    private static func width(_ text: String) -> Int {
        text.utf8.allSatisfy { $0 < 0x80 } ? text.utf8.count : text.count
    }

    /// The row indented by two spaces, each cell but the last padded to its column's
    /// width and followed by two spaces (a cell wider than its column, only in a wide
    /// table, by the two spaces alone).
    private static func aligned(_ row: [String], _ widths: [Int]) -> String {
        var line = "  "
        for column in row.indices {
            line += row[column]
            if column < row.count - 1 { line += String(repeating: " ", count: max(widths[column] - width(row[column]), 0) + 2) }
        }
        while line.last == " " { line.removeLast() }
        return line
    }
}
