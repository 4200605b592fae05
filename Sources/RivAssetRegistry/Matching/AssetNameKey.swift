import RivFormat

/// An asset's type and a name it is matched by (its unique name, its name
/// without extension, or a replacement file's stem): the one key under which a
/// replacement is found, in a folder, the registry and a replacement index.
package struct AssetNameKey: Hashable, Sendable {
    /// The asset's type: a font file never replaces an image of the same name.
    package let type: AssetType
    /// The name, as the matching rule gives it.
    package let name: String

    package init(type: AssetType, name: String) {
        self.type = type
        self.name = name
    }
}
