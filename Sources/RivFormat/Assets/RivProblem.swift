/// Something odd in a file that does not stop it from being read, such as a
/// contents record that belongs to no asset. Listings show problems; nothing is
/// silently attached or dropped.
///
/// A problem is stored as its kind and numbers, and put into words only when its
/// ``message`` is asked for, so that a hostile file of many odd records stays small
/// in memory.
public struct RivProblem: Sendable, Hashable, CustomStringConvertible {
    /// What kind of oddity it is.
    public enum Kind: Sendable, Hashable {
        /// A contents record before any file asset (after the object of `previousTypeKey`
        /// at `previousOffset`, when there is one); its bytes belong to no asset.
        case contentsWithoutAsset(byteCount: Int, previousTypeKey: UInt16?, previousOffset: Int)
        /// A contents record bound to its asset across another object (`typeKey` at `offset`).
        case contentsSeparatedFromAsset(typeKey: UInt16, offset: Int)
        /// Several contents records for one asset; the runtime keeps the last.
        case repeatedContents(count: Int)
        /// A stored width or height that is NaN or infinite.
        case nonFiniteSize(isWidth: Bool)
        /// A CDN uuid that is not 16 bytes long.
        case malformedUUID(byteCount: Int)
        /// A stored asset id that does not fit 32 bits: Rive's runtime reads ids as
        /// `uint32` and refuses the whole file with a range error.
        case assetIDOutOfRange(storedID: UInt64)
        /// An object (`typeKey`) that refers to asset index `assetIndex` of a file of
        /// `assetCount` assets: past the end, so it uses no asset.
        case referencerWithoutAsset(typeKey: UInt16, assetIndex: UInt64, assetCount: Int)
    }

    /// The offset of the record the problem is about.
    public let offset: Int
    /// What kind of oddity it is.
    public let kind: Kind

    /// Creates a problem report.
    public init(offset: Int, kind: Kind) {
        self.offset = offset
        self.kind = kind
    }

    /// What is wrong, in a sentence.
    public var message: String {
        switch kind {
        case .contentsWithoutAsset(let byteCount, let previousTypeKey, let previousOffset):
            let after = previousTypeKey.map { " (it follows \(Schema.typeName($0)) at offset \(previousOffset))" } ?? ""
            return "contents record before any file asset\(after); its \(byteCount) bytes belong to no asset"
        case .contentsSeparatedFromAsset(let typeKey, let offset):
            return "contents record separated from this asset by \(Schema.typeName(typeKey)) at offset \(offset); "
                + "bound to the asset as Rive's runtime binds it"
        case .repeatedContents(let count):
            return "\(count) contents records for this asset (the last at this offset); the runtime keeps the last one"
        case .nonFiniteSize(let isWidth):
            return "the stored \(isWidth ? "width" : "height") is not a finite number; it is ignored"
        case .malformedUUID(let byteCount):
            return "the CDN uuid has \(byteCount) bytes instead of 16; it is ignored"
        case .referencerWithoutAsset(let typeKey, let assetIndex, let assetCount):
            return "\(Schema.typeName(typeKey)) refers to asset \(assetIndex), but the file has \(assetCount) (manifests aside): it uses none"
        case .assetIDOutOfRange(let storedID):
            return "the stored asset id \(storedID) does not fit 32 bits: Rive's runtime refuses this file (a range error at import)"
        }
    }

    /// `at byte N: message`.
    public var description: String { "at byte \(offset): \(message)" }
}
