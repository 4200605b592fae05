/// The property keys the fixtures write, as Rive's core schema numbers them.
enum PropertyKey {
    /// `Component.name`: an artboard's name (string).
    static let componentName: UInt16 = 4
    /// `LayoutComponent.width`: an artboard's width (float32).
    static let artboardWidth: UInt16 = 7
    /// `LayoutComponent.height`: an artboard's height (float32).
    static let artboardHeight: UInt16 = 8
    /// `Asset.name` (string).
    static let assetName: UInt16 = 203
    /// `FileAsset.assetId` (uint).
    static let assetID: UInt16 = 204
    /// `DrawableAsset.height` (float32).
    static let assetHeight: UInt16 = 207
    /// `DrawableAsset.width` (float32).
    static let assetWidth: UInt16 = 208
    /// `FileAssetContents.bytes` (bytes).
    static let contentsBytes: UInt16 = 212
    /// `FileAsset.cdnUuid` (16 bytes).
    static let cdnUUID: UInt16 = 359
    /// `FileAsset.cdnBaseUrl` (string).
    static let cdnBaseURL: UInt16 = 362
    /// `FileAssetContents.signature` (bytes).
    static let contentsSignature: UInt16 = 911
}
