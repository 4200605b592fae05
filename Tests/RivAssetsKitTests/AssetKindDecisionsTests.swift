import Foundation
import Testing
@testable import RivAssetsKit
import RivFormat
import RivHostedAssets

/// What each layer above the format decides for every kind of the kind table.
@Suite("Per-kind decisions above the format")
struct AssetKindDecisionsTests {
    @Test("--type categories: scripts and script modules are scripts; shaders, blobs, manifests and kinds of no row are other")
    func categories() {
        let categories = AssetKind.allCases.map { AssetTypeFilter.category(of: AssetType($0)) }
        #expect(categories == [.image, .font, .audio, .script, .script, .other, .other, .other])
        #expect(AssetTypeFilter.category(of: .unknown(132)) == .other)
        #expect(AssetTypeFilter.appSupplied.categories == [.image, .font, .audio])
    }

    @Test("hosting's Accept header and the MIME types of the HTML report and uploads, by kind")
    func mediaTypes() {
        let accept = AssetKind.allCases.map { HostedAssetRequest.acceptHeader(for: AssetType($0)) }
        #expect(accept == ["image/png,image/webp,image/jpeg,*/*", "font/ttf,font/otf,*/*", "audio/wav,audio/mpeg,audio/flac,audio/ogg,*/*",
                           "*/*", "*/*", "*/*", "*/*", "*/*"])
        #expect(InlineMedia.mimeType(.jpeg, for: .image) == "image/jpeg")
        #expect(InlineMedia.mimeType(.woff2, for: .font) == "font/woff2")
        #expect(InlineMedia.mimeType(.mp3, for: .audio) == "audio/mpeg")
        #expect(InlineMedia.mimeType(.png, for: .font) == nil)
        #expect(InlineMedia.mimeType(.luauBytecode, for: AssetType(.script)) == nil)
        #expect(InlineMedia.mimeType(nil, for: .image) == nil)
        #expect(UploadManifest.contentTypes == ["image/png", "image/jpeg", "image/webp", "font/ttf", "font/otf", "font/woff", "font/woff2",
                                                "audio/wav", "audio/mpeg", "audio/flac", "audio/ogg", "application/octet-stream"])
    }
}
