import Foundation
import RivAssetsKit
import RivFormat
import RivTestSupport
import Testing

@Suite("Reports print as their public properties")
struct ReportPrintingTests {
    @Test("a listing prints each field by its name, absent values as nil, with no JSON wrapper, module name or Optional(...)")
    func printedListing() throws {
        let input = SharedData.packageRoot.appendingPathComponent("Fixtures/embedded-png.riv").path
        let report = try AssetOperations.list(ListRequest(inputs: [.path(input)]))
        let asset = try #require(report.files.first?.assets.first)
        let printed = String(describing: asset)
        #expect(printed.hasPrefix(#"AssetListing(name: "logo.png", uniqueName: "logo-12", "#))
        #expect(printed.contains(#"location: "embedded", cdn: nil, embeddedByteCount: 268, contentHash: "7a4c62bbccc8d1c2", detectedFormat: "png""#))
        let whole = String(describing: report)
        for leak in ["NullEncoded", "Optional(", "RivAssetsKit.", "_cdn", "_error", "_header"] {
            #expect(!whole.contains(leak), "\(leak) in \(whole)")
        }
        #expect(String(describing: [PlatformLayout.android, .ios]) == "[android, ios]")
        #expect(String(describing: [AssetConflictPolicy.perFile]) == "[per-file]")
    }
}
