import Foundation
import RivAssetsKit
import RivFormat
import Testing

/// The code of the article "Build pipelines" (RivAssetsKit).
@Suite("Documentation: build pipelines")
struct BuildPipelineListings {
    @Test("replace with a brand folder, then verify: the output embeds the folder's logo and would load in Rive's runtime")
    func replaceThenVerify() throws {
        let folder = try ListingFolder()
        let hero = folder.url.appendingPathComponent("hero.riv").path
        let brand = folder.url.appendingPathComponent("brand").path
        let build = folder.url.appendingPathComponent("build").path + "/"
        // listing: pipeline-replace
        let replaced = try AssetOperations.replace(ReplaceRequest(
            inputs: [hero], destination: .path(build), replacementFolder: brand))
        for failure in replaced.failures {
            print("\(failure.path): \(failure.message)")
        }
        // end listing
        #expect(!replaced.hasFailures)
        let output = build + "hero.riv"
        // listing: pipeline-verify
        let verdict = try AssetOperations.verify(VerifyRequest(inputs: [output], maxFileSize: 2_000_000))
        for file in verdict.files {
            for finding in file.findings {
                print("\(file.input): \(finding.code): \(finding.message)")
            }
        }
        // end listing
        #expect(verdict.passed)
        #expect(try RivFile(path: output).asset(named: "logo-12")?.embeddedBytes == folder.newLogo)
    }
}
