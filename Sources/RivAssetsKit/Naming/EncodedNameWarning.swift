import RivFormat

/// The warning given when an asset's file is written under another name than the
/// one Rive's runtime looks for (`AssetFileName`: a `/`, a NUL or more
/// than 255 bytes).
enum EncodedNameWarning {
    /// `a/b-3: written as out/a%2Fb-3.png: a file system cannot hold …`.
    static func text(for asset: FileAsset, writtenAs path: String) -> String {
        let name = asset.uniqueFilename
        let why = name.utf8.count > AssetFileName.byteLimit ? "it is over \(AssetFileName.byteLimit) bytes" : "it holds a / or a NUL"
        return "\(asset.uniqueName): written as \(path): a file system cannot hold the name a Rive runtime looks for "
            + "(\(name): \(why)); riv-assets commands find the file under either name, an app that loads it must map the name"
    }
}
