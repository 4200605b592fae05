/// What most assets do not have — CDN information, a stored size, contents,
/// problems — kept apart from ``FileAsset`` so that a file of many bare assets
/// costs little memory per asset: a bare asset holds no details at all, any other
/// one this single reference to its ``Fields``.
final class AssetDetails: Sendable {
    /// Every detail of an asset beyond its name, ids, type and record, declared once:
    /// the scanner fills them in as it reads the asset and its contents, and
    /// ``FileAsset`` exposes each through an accessor.
    struct Fields: Sendable, Equatable {
        /// The CDN location, when the file stores a 16-byte uuid for the asset.
        var cdn: CDNInfo?
        /// The image width stored with an image asset.
        var width: Double?
        /// The image height stored with an image asset.
        var height: Double?
        /// The bytes of the contents record bound to the asset (the last one, when several are).
        var contentsRecordRange: Range<Int>?
        /// The embedded bytes, when the bound contents record has a bytes property.
        var embeddedRange: Range<Int>?
        /// The signature stored beside the embedded bytes (signed scripts).
        var signatureRange: Range<Int>?
        /// How many contents records follow the asset (normally 0 or 1).
        var contentsRecordCount = 0
        /// What is odd about the asset.
        var problems: [RivProblem] = []
        /// Where the asset's record and contents lie, for the rewriter.
        var byteRanges = AssetByteRanges()
        /// The sniffed format of the embedded bytes, when there are some.
        var detectedFormat: ContentFormat?

        /// The details of a bare asset: none.
        static let empty = Fields()
    }

    /// The details; never ``Fields/empty``.
    let fields: Fields

    /// Holds `fields`; nil when there are none, so that a bare asset holds nothing.
    static func holding(_ fields: Fields) -> AssetDetails? {
        fields == .empty ? nil : AssetDetails(fields)
    }

    private init(_ fields: Fields) {
        self.fields = fields
    }
}
