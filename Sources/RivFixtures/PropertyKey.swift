/// The artboard property keys the fixtures write, as Rive's core schema numbers them
/// (asset keys come from `AssetPropertyKey`).
enum PropertyKey {
    /// `Component.name`: an artboard's name (string).
    static let componentName: UInt16 = 4
    /// `LayoutComponent.width`: an artboard's width (float32).
    static let artboardWidth: UInt16 = 7
    /// `LayoutComponent.height`: an artboard's height (float32).
    static let artboardHeight: UInt16 = 8
}
