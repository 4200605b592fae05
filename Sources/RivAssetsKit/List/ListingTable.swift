import RivFormat

/// The human-readable listing of one file, as `riv-assets list` prints it.
///
/// Every string from the file or the file system is shown through
/// ``TerminalText/escaped(_:)``, and a cell longer than ``cellLimit`` characters
/// (``notesLimit`` for the last column) is cut with `…`, so a hostile name can
/// neither drive the terminal nor widen every row of a large table.
public enum ListingTable {
    /// The most characters a cell shows.
    public static let cellLimit = 64
    /// The most characters the notes column shows.
    public static let notesLimit = 256

    /// A title line (path, version, file id, size, asset count), one aligned row per
    /// asset (unique name, type, kind, format, size, location, notes) and one line
    /// per problem. Nil for a file that could not be read.
    public static func text(for listing: FileListing) -> String? {
        guard let header = listing.header, let byteCount = listing.byteCount else { return nil }
        let count = listing.assets.count
        var lines = ["\(TerminalText.escaped(listing.path)): Rive \(header.majorVersion).\(header.minorVersion), file id \(header.fileID), "
            + "\(ByteCountText.binary(byteCount)), \(count) asset\(count == 1 ? "" : "s")"]
        if count > 0 {
            var rows = [["UNIQUE NAME", "TYPE", "KIND", "FORMAT", "SIZE", "LOCATION", "NOTES"]]
            for asset in listing.assets {
                var notes: [String] = []
                if asset.signed { notes.append("signed") }
                if let cdn = asset.cdn, asset.location == AssetLocation.hosted.rawValue { notes.append(cdn.url) }
                notes += asset.problems
                rows.append([
                    cell(asset.uniqueName),
                    asset.type,
                    asset.kind,
                    asset.detectedFormat ?? "-",
                    asset.location == AssetLocation.embedded.rawValue ? ByteCountText.binary(asset.embeddedByteCount) : "-",
                    asset.location,
                    cell(notes.joined(separator: "; "), limit: notesLimit),
                ])
            }
            lines += aligned(rows).map { "  " + $0 }
        }
        lines += listing.problems.map { "  problem: " + cell($0, limit: notesLimit) }
        return lines.joined(separator: "\n")
    }

    /// `text` escaped and cut to `limit` characters.
    private static func cell(_ text: String, limit: Int = cellLimit) -> String {
        let escaped = TerminalText.escaped(text)
        return escaped.utf8.count <= limit || escaped.count <= limit ? escaped : escaped.prefix(limit - 1) + "…"
    }

    /// How many characters `text` shows: its byte count when it is ASCII, which
    /// almost every cell is, without walking its grapheme clusters.
    private static func width(_ text: String) -> Int {
        text.utf8.allSatisfy { $0 < 0x80 } ? text.utf8.count : text.count
    }

    private static func aligned(_ rows: [[String]]) -> [String] {
        let counts = rows.map { $0.map(width) }
        let widths = (0..<rows[0].count).map { column in counts.map { $0[column] }.max() ?? 0 }
        return zip(rows, counts).map { row, count in
            var line = ""
            for column in row.indices {
                line += row[column]
                if column < row.count - 1 { line += String(repeating: " ", count: widths[column] - count[column] + 2) }
            }
            while line.last == " " { line.removeLast() }
            return line
        }
    }
}
