import RivFormat

/// The Android spelling of the names one file asks a folder for: a folder laid
/// out for Android (`strip --layout android`) holds `kenia_37286.ttf` for the
/// font `Kenia-37286` (``AndroidResourceName/spelledStem(ofFlat:)``), and an app
/// may ship that folder without its manifest. A reader finds such a file when
/// exactly one name asked for, of the file's type, is spelled that way; the
/// spelling can make two names one (`Inter 1-5` and `Inter_1-5` are both
/// `inter_1_5`), and then neither is served by it, and the reader says so
/// (``sharing(_:type:)``) rather than guess.
package struct AndroidSpelling: Sendable {
    /// The names asked for under each (type, spelled stem).
    private let names: [AssetNameKey: [String]]

    /// The spellings of `assets`' unique names.
    package init(asking assets: some Sequence<FileAsset>) {
        self.init(askingNames: assets.lazy.map { AssetNameKey(type: $0.type, name: $0.uniqueName) })
    }

    /// The spellings of the unique names `keys` hold, each of its type.
    package init(askingNames keys: some Sequence<AssetNameKey>) {
        var names: [AssetNameKey: [String]] = [:]
        for asked in keys {
            let key = Self.key(asked.name, asked.type)
            if names[key]?.contains(asked.name) != true { names[key, default: []].append(asked.name) }
        }
        self.names = names
    }

    /// The stem of the Android-named file that serves `uniqueName` of `type`:
    /// nil when another name asked for is spelled the same.
    package func stem(of uniqueName: String, type: AssetType) -> String? {
        let key = Self.key(uniqueName, type)
        return names[key] == [uniqueName] ? key.name : nil
    }

    /// The other names asked for that are spelled as `uniqueName` of `type` is,
    /// with that spelling; nil when none.
    package func sharing(_ uniqueName: String, type: AssetType) -> (stem: String, others: [String])? {
        let key = Self.key(uniqueName, type)
        let others = (names[key] ?? []).filter { $0 != uniqueName }
        return others.isEmpty ? nil : (key.name, others)
    }

    /// A note for a name no file serves whose Android spelling another name
    /// shares: which file would serve both, and what to do; empty when none.
    package func collisionNote(_ uniqueName: String, type: AssetType) -> String {
        guard let shared = sharing(uniqueName, type: type) else { return "" }
        return "; \(shared.stem).\(type.runtimeFileExtension) is the Android spelling of it and of \(shared.others.joined(separator: ", ")) "
            + "and serves neither: keep the folder's \(AssetManifest.androidFileName), which says which it serves"
    }

    private static func key(_ uniqueName: String, _ type: AssetType) -> AssetNameKey {
        let flat = AssetFileName.written(stem: uniqueName, fileExtension: type.runtimeFileExtension)
        return AssetNameKey(type: type, name: AndroidResourceName.spelledStem(ofFlat: flat))
    }
}
