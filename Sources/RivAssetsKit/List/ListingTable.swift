import RivFormat

/// The human-readable listing of one file, as `riv-assets list` prints it.
public enum ListingTable {
    /// A title line (path, version, file id, size, asset count), one aligned row per
    /// asset (unique name, type, kind, format, size, location, notes) and one line
    /// per problem. Nil for a file that could not be read.
    public static func text(for listing: FileListing) -> String? {
        guard let header = listing.header, let byteCount = listing.byteCount else { return nil }
        let count = listing.assets.count
        var lines = ["\(listing.path): Rive \(header.majorVersion).\(header.minorVersion), file id \(header.fileID), "
            + "\(ByteCountText.binary(byteCount)), \(count) asset\(count == 1 ? "" : "s")"]
        if count > 0 {
            var rows = [["UNIQUE NAME", "TYPE", "KIND", "FORMAT", "SIZE", "LOCATION", "NOTES"]]
            for asset in listing.assets {
                var notes: [String] = []
                if asset.signed { notes.append("signed") }
                if let cdn = asset.cdn, asset.location == AssetLocation.hosted.rawValue { notes.append(cdn.url) }
                notes += asset.problems
                rows.append([
                    asset.uniqueName,
                    asset.type,
                    asset.kind,
                    asset.detectedFormat ?? "-",
                    asset.location == AssetLocation.embedded.rawValue ? ByteCountText.binary(asset.embeddedByteCount) : "-",
                    asset.location,
                    notes.joined(separator: "; "),
                ])
            }
            lines += aligned(rows).map { "  " + $0 }
        }
        lines += listing.problems.map { "  problem: \($0)" }
        return lines.joined(separator: "\n")
    }

    private static func aligned(_ rows: [[String]]) -> [String] {
        let widths = (0..<rows[0].count).map { column in rows.map { $0[column].count }.max() ?? 0 }
        return rows.map { row in
            var line = zip(row, widths).enumerated().map { index, cell in
                index == row.count - 1 ? cell.0 : cell.0.padding(toLength: cell.1, withPad: " ", startingAt: 0)
            }.joined(separator: "  ")
            while line.last == " " { line.removeLast() }
            return line
        }
    }
}
