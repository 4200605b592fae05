/// What most assets do not have — CDN information, a stored size, contents,
/// problems — kept apart from ``FileAsset`` so that a file of many bare assets
/// costs little memory per asset.
final class AssetDetails: Sendable {
    let cdn: CDNInfo?
    let width: Double?
    let height: Double?
    let contentsRecordRange: Range<Int>?
    let embeddedRange: Range<Int>?
    let signatureRange: Range<Int>?
    let contentsRecordCount: Int
    let problems: [RivProblem]
    let layout: AssetLayout
    /// The sniffed format of the embedded bytes, when there are some.
    let detectedFormat: ContentFormat?

    init(cdn: CDNInfo?, width: Double?, height: Double?, contentsRecordRange: Range<Int>?, embeddedRange: Range<Int>?,
         signatureRange: Range<Int>?, contentsRecordCount: Int, problems: [RivProblem], layout: AssetLayout,
         detectedFormat: ContentFormat?) {
        self.cdn = cdn
        self.width = width
        self.height = height
        self.contentsRecordRange = contentsRecordRange
        self.embeddedRange = embeddedRange
        self.signatureRange = signatureRange
        self.contentsRecordCount = contentsRecordCount
        self.problems = problems
        self.layout = layout
        self.detectedFormat = detectedFormat
    }
}
