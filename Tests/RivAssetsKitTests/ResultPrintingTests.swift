import Foundation
import RivAssetsKit
import RivFormat
import RivTestSupport
import Testing

@Suite("Results print as their public properties")
struct ResultPrintingTests {
    @Test("a listing prints each field by its name, absent values as nil, with no JSON wrapper, module name or Optional(...)")
    func printedListing() throws {
        let input = SharedData.packageRoot.appendingPathComponent("Fixtures/embedded-png.riv").path
        let result = try AssetOperations.list(ListRequest(inputs: [.path(input)]))
        let asset = try #require(result.files.first?.assets.first)
        let printed = String(describing: asset)
        #expect(printed.hasPrefix(#"AssetListing(name: "logo.png", uniqueName: "logo-12", "#))
        #expect(printed.contains(#"location: "embedded", cdn: nil, embeddedByteCount: 268, contentHash: "7a4c62bbccc8d1c2", detectedFormat: "png""#))
        let whole = String(describing: result)
        for leak in ["NullEncoded", "Optional(", "RivAssetsKit.", "_cdn", "_error", "_header"] {
            #expect(!whole.contains(leak), "\(leak) in \(whole)")
        }
        #expect(String(describing: [PlatformLayout.android, .ios]) == "[android, ios]")
        #expect(String(describing: [AssetConflictPolicy.perFile]) == "[per-file]")
    }

    @Test("a failure, strip's and verify's results print their fields without the JSON wrapper or Optional(...)")
    func printedFailureAndResults() throws {
        let failure = InputFailure(path: "a.riv", message: "cannot read the file")
        #expect(String(describing: failure) == #"InputFailure(path: "a.riv", message: "cannot read the file", remedy: nil)"#)
        let input = SharedData.packageRoot.appendingPathComponent("Fixtures/embedded-png.riv").path
        let verified = try AssetOperations.verify(VerifyRequest(inputs: [.path(input)]))
        let folder = try TemporaryDirectory()
        let stripped = try AssetOperations.strip(StripRequest(inputs: [.path(input)], assetsFolder: folder.path("assets"),
                                                              destination: .path(folder.path("out.riv")), dryRun: true))
        for whole in [String(describing: verified), String(describing: stripped)] {
            for leak in ["NullEncoded", "Optional(", "RivAssetsKit.", "_remedy", "_reason"] {
                #expect(!whole.contains(leak), "\(leak) in \(whole)")
            }
        }
    }
}
