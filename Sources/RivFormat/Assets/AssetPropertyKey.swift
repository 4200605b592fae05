/// The property keys of file assets and their contents records, as Rive's core schema numbers them.
public enum AssetPropertyKey {
    /// `Asset.name` (string).
    public static let name: UInt16 = 203
    /// `FileAsset.assetId` (uint).
    public static let assetID: UInt16 = 204
    /// `DrawableAsset.height` (float32).
    public static let height: UInt16 = 207
    /// `DrawableAsset.width` (float32).
    public static let width: UInt16 = 208
    /// `FileAssetContents.bytes` (bytes): the embedded contents.
    public static let contentsBytes: UInt16 = 212
    /// `FileAsset.cdnUuid` (16 bytes).
    public static let cdnUUID: UInt16 = 359
    /// `FileAsset.cdnBaseUrl` (string).
    public static let cdnBaseURL: UInt16 = 362
    /// `FileAssetContents.signature` (bytes): the signature of signed contents.
    public static let contentsSignature: UInt16 = 911
}
