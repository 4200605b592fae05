/// The byte ranges of one asset that an edit touches: the properties of its
/// record that carry CDN information, every contents record bound to it, and the
/// bytes and signature properties of the contents record the runtime uses.
package struct AssetByteRanges: Sendable, Equatable {
    /// The whole properties (key through value) of the CDN uuid and base URL in the asset record.
    package var cdnPropertyRanges: [Range<Int>] = []
    /// Every contents record bound to the asset, in file order.
    package var contentsRecordRanges: [Range<Int>] = []
    /// The whole bytes property (key, length, value) of the last contents record.
    package var bytesPropertyRange: Range<Int>?
    /// The whole signature property of the last contents record.
    package var signaturePropertyRange: Range<Int>?
}
