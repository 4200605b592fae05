import RivFormat

/// The human-readable listing of one file.
enum TableFormatter {
    static func table(for file: RivFile, path: String) -> String {
        let header = file.header
        let count = file.assets.count
        var lines = ["\(path): Rive \(header.majorVersion).\(header.minorVersion), file id \(header.fileID), "
            + "\(byteSize(file.byteCount)), \(count) asset\(count == 1 ? "" : "s")"]
        if count > 0 {
            var rows = [["UNIQUE NAME", "TYPE", "KIND", "FORMAT", "SIZE", "LOCATION", "NOTES"]]
            for asset in file.assets {
                var notes: [String] = []
                if asset.isSigned { notes.append("signed") }
                if let cdn = asset.cdn, asset.location == .hosted { notes.append(cdn.url) }
                notes += asset.problems.map(\.description)
                rows.append([
                    asset.uniqueName,
                    asset.type.description,
                    asset.kind,
                    asset.detectedFormat?.rawValue ?? "-",
                    asset.location == .embedded ? byteSize(asset.embeddedByteCount) : "-",
                    asset.location.rawValue,
                    notes.joined(separator: "; "),
                ])
            }
            lines += aligned(rows).map { "  " + $0 }
        }
        lines += file.problems.map { "  problem: \($0)" }
        return lines.joined(separator: "\n")
    }

    /// `512 B`, `1.5 KiB`, `3.2 MiB`, `1.0 GiB`.
    static func byteSize(_ count: Int) -> String {
        let units = ["KiB", "MiB", "GiB", "TiB"]
        guard count >= 1024 else { return "\(count) B" }
        var value = Double(count) / 1024
        var unit = 0
        while value >= 1024 && unit < units.count - 1 {
            value /= 1024
            unit += 1
        }
        let tenths = Int((value * 10).rounded())
        return "\(tenths / 10).\(tenths % 10) \(units[unit])"
    }

    private static func aligned(_ rows: [[String]]) -> [String] {
        let widths = (0..<rows[0].count).map { column in rows.map { $0[column].count }.max() ?? 0 }
        return rows.map { row in
            zip(row, widths).enumerated().map { index, cell in
                index == row.count - 1 ? cell.0 : cell.0.padding(toLength: cell.1, withPad: " ", startingAt: 0)
            }.joined(separator: "  ").trimmingTrailingSpaces()
        }
    }
}

extension String {
    fileprivate func trimmingTrailingSpaces() -> String {
        var text = self
        while text.last == " " { text.removeLast() }
        return text
    }
}
