/// Which app a `strip` or `extract` run writes its asset folder for
/// (`--layout`), decided from what each Rive runtime looks up (SPEC.md §
/// "Platform layouts").
public enum PlatformLayout: String, Sendable, Hashable, CaseIterable, Codable {
    /// Today's names: `strip` writes `uniqueName.<runtime extension>`, `extract`
    /// `uniqueName.<real format>` unless it is asked for runtime names.
    case flat
    /// An Apple app bundle: `uniqueName.<runtime extension>`
    /// (`FileAsset.uniqueFilename`), the name the app looks the file up by
    /// (`Bundle.main.url(forResource: uniqueName, withExtension: ext)`) before it
    /// hands the bytes to the runtime under the unique name.
    case ios
    /// An Android `res/raw` (or `assets/`) folder: every file name a valid
    /// resource name (lower-case ASCII letters, digits and `_`, starting with a
    /// letter, distinct without extension), the manifest under
    /// `AssetManifest/androidFileName`, and a Kotlin map from each unique name
    /// to its resource (object `RiveAssetNames`).
    case android
    /// A folder a web server serves: `uniqueName.<runtime extension>`
    /// (`asset.uniqueFilename`), the name an `assetLoader` fetches.
    case web
    /// A Flutter app's asset folder (listed under `assets:` in `pubspec.yaml`):
    /// `uniqueName.<runtime extension>` (`FileAsset.uniqueFilename`), the key
    /// an `assetLoader` loads from the asset bundle.
    case flutter

    /// Whether files are named with the kind's runtime extension (`.png`, `.ttf`,
    /// `.wav`) whatever the bytes' real format: the names the Apple, web and
    /// Flutter loaders compute from the asset.
    var usesRuntimeExtension: Bool { self == .ios || self == .web || self == .flutter }
}

extension PlatformLayout: CustomStringConvertible {
    /// Its name as JSON writes it, for `print` and string interpolation.
    public var description: String { rawValue }
}
