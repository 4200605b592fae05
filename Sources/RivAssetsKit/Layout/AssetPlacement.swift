/// One asset file placed in an asset folder, as the manifest and the Kotlin
/// map take it: typed by the writer when it places the file.
struct AssetPlacement {
    /// The asset's unique name.
    var uniqueName: String
    /// The runtime's name of its file (`FileAsset.uniqueFilename`), whatever ``fileName`` is.
    var uniqueFilename: String
    /// The name, in the folder, of the file holding its bytes.
    var fileName: String
    /// The input it came from, as the manifest lists it.
    var input: String
    /// The file name of the Rive file that loads it (`strip`'s output), nil when not known.
    var riv: String?
}
