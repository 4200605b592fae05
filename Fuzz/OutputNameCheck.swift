import Foundation
import RivAssetsKit
import RivFormat

/// Invariant 8: what the tool shows and writes for a file that reads (the tool's
/// own `ListingTable` and `TerminalText`, from RivAssetsKit).
enum OutputNameCheck {
    static func check(_ file: RivFile) {
        let table = ListingTable.text(for: file, path: "fuzz.riv")
        require(!table.unicodeScalars.contains { TerminalText.isControl($0) && $0 != "\n" },
                "the list table holds a raw control character")
        let rows = 1 + (file.assets.isEmpty ? 0 : 1 + file.assets.count) + file.problems.count
        require(table.split(separator: "\n", omittingEmptySubsequences: false).count == rows,
                "the list table has other than \(rows) lines: a name forged a row")
        for naming in [\FileAsset.fileExtension, \FileAsset.realFormatExtension] {
            var owners: [String: String] = [:]
            for asset in file.assets {
                let fileExtension = asset[keyPath: naming]
                let name = fileExtension.isEmpty ? asset.uniqueName : asset.uniqueName + "." + fileExtension
                let written = AssetFileName.written(stem: asset.uniqueName, fileExtension: asset[keyPath: naming])
                require(!AssetFileName.needsEncoding(written), "an output name no file system holds: \(written.debugDescription)")
                require(AssetFileName.needsEncoding(name) || written == name, "\(name.debugDescription) was encoded though a file system holds it")
                if let owner = owners.updateValue(name, forKey: written) {
                    // Only a verbatim name that spells another's encoded form can share its file.
                    require(owner == name || AssetFileName.needsEncoding(owner) != AssetFileName.needsEncoding(name),
                            "two assets, \(owner.debugDescription) and \(name.debugDescription), map to one output path")
                }
            }
        }
    }
}

extension FileAsset {
    /// The extension `extract` gives the asset by default: the real format's.
    fileprivate var realFormatExtension: String {
        (detectedFormat ?? .unknown).fileExtension
    }
}
