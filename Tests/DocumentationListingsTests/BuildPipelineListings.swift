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
        let build = folder.url.appendingPathComponent("build")
        // listing: pipeline-replace
        func replaceAssets(of animations: [String], from brand: String, into build: URL) throws -> Bool {
            let replaced = try AssetOperations.replace(ReplaceRequest(
                inputs: animations.map(RequestInput.path), destination: .folder(build), replacementFolder: brand))
            for failure in replaced.failures {
                print("\(failure.path): \(failure.message)")
            }
            return !replaced.hasFailures
        }
        // end listing
        #expect(try replaceAssets(of: [hero], from: brand, into: build))
        let output = build.appendingPathComponent("hero.riv").path
        // listing: pipeline-verify
        func verifyForRelease(_ animations: [String]) throws -> Bool {
            let verdict = try AssetOperations.verify(VerifyRequest(inputs: animations.map(RequestInput.path), maxFileSize: 2_000_000))
            for file in verdict.files {
                for finding in file.findings {
                    print("\(file.input): \(finding.code): \(finding.message)")
                }
            }
            return verdict.passed
        }
        // end listing
        #expect(try verifyForRelease([output]))
        #expect(try RivFile(path: output).asset(named: "logo-12")?.embeddedBytes == folder.newLogo)
    }
}
