import Foundation
import RivFormat

/// The names of the files of a folder written with ``PlatformLayout/android``:
/// valid Android resource names, distinct in the folder. Each file name that
/// the flat layout would write is turned into its resource name the same way
/// every time in one folder, through the project's one identifier rule
/// (``IdentifierRule``): lower-case ASCII letters, digits and `_`, starting with
/// a letter (`Indie Flower-37139.ttf` → `indie_flower_37139.ttf`,
/// `fa-solid-900-3563541.ttf` → `fa_solid_900_3563541.ttf`); a name that would
/// start with a digit or be a Java keyword (the `R` class is Java) gets `asset`
/// in front or behind; names are distinct without their extension (`R.raw`
/// drops it) and without letter case, a repeat taking its extension and then a
/// counter (`inter_1_ttf`, `inter_1_ttf_2`); the extension is kept.
package final class AndroidResourceName {
    /// Android's rule for file-based resource names.
    package static let rule = IdentifierRule(reserved: [
        "abstract", "assert", "boolean", "break", "byte", "case", "catch", "char", "class", "const", "continue",
        "default", "do", "double", "else", "enum", "extends", "final", "finally", "float", "for", "goto", "if",
        "implements", "import", "instanceof", "int", "interface", "long", "native", "new", "package", "private",
        "protected", "public", "return", "short", "static", "strictfp", "super", "switch", "synchronized", "this",
        "throw", "throws", "transient", "try", "void", "volatile", "while", "true", "false", "null", "_",
    ], letters: .ascii, constantCase: .lowerSnake, foldsCase: true)

    /// The most bytes of a resource name without its extension, so that the
    /// file name stays within what a file system holds whatever its extension.
    package static let maximumStemBytes = 200

    private var scope: IdentifierRule.Scope
    /// The resource file name of each flat file name (its `CaseFolding` key) met so far.
    private var names: [String: String] = [:]

    /// The names of one folder, the manifest's name taken.
    package init() {
        scope = Self.rule.scope([AssetFileName.stem(ofFileNamed: AssetManifest.androidFileName)])
    }

    /// The resource file name for the file the flat layout would name `flatName`:
    /// the same one for the same name (or one that differs only in case).
    package func name(forFlat flatName: String) -> String {
        let key = CaseFolding.key(flatName)
        if let known = names[key] { return known }
        let stem = AssetFileName.stem(ofFileNamed: flatName)
        let fileExtension = stem == flatName ? "" : String(flatName.dropFirst(stem.count + 1))
        let resourceExtension = Self.rule.constant(fileExtension, fallback: "bin")
        let resource = IdentifierRule.unique(Self.spelledStem(ofFlat: flatName), suffix: resourceExtension, in: &scope)
        let name = fileExtension.isEmpty ? resource : resource + "." + resourceExtension
        names[key] = name
        return name
    }

    /// The resource name without extension that the file the flat layout would
    /// name `flatName` takes in a folder where no other name spells the same
    /// (`Kenia-37286.ttf` → `kenia_37286`): the name before repeats are numbered,
    /// the one a folder reader looks for (``AndroidSpelling``).
    package static func spelledStem(ofFlat flatName: String) -> String {
        let base = rule.constant(AssetFileName.stem(ofFileNamed: flatName), fallback: "asset")
        return base.utf8.count > maximumStemBytes ? String(base.utf8.prefix(maximumStemBytes))! : base
    }
}
