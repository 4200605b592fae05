import Foundation

/// Invariant 8: what the tool shows and writes for a file that reads. (The tool's
/// `ListingTable`, `TerminalText`, `ByteCountText` and `SafeFileName` are compiled
/// into the fuzz module from RivAssetsKit by `Fuzz/run.sh`.)
enum OutputNameCheck {
    static func check(_ file: RivFile) {
        let table = ListingTable.text(for: file, path: "fuzz.riv")
        require(!table.unicodeScalars.contains { TerminalText.isControl($0) && $0 != "\n" },
                "the list table holds a raw control character")
        let rows = 1 + (file.assets.isEmpty ? 0 : 1 + file.assets.count) + file.problems.count
        require(table.split(separator: "\n", omittingEmptySubsequences: false).count == rows,
                "the list table has other than \(rows) lines: a name forged a row")
        for naming in [\FileAsset.uniqueFilename, \FileAsset.realFormatFileName] {
            var owners: [String: String] = [:]
            for asset in file.assets {
                let name = asset[keyPath: naming]
                let safe = SafeFileName.make(name)
                require(!safe.isEmpty && safe.utf8.count <= SafeFileName.byteLimit && !safe.hasPrefix(".") && !safe.contains("/"),
                        "unsafe output name \(safe.debugDescription)")
                if let owner = owners.updateValue(name, forKey: safe) {
                    require(owner == name, "two assets, \(owner.debugDescription) and \(name.debugDescription), map to one output path")
                }
            }
        }
    }
}

extension FileAsset {
    /// The name `extract` gives the asset by default: unique name and the real format's extension.
    fileprivate var realFormatFileName: String {
        uniqueName + "." + (detectedFormat ?? .unknown).fileExtension
    }
}
