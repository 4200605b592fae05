import Foundation
import Testing
import RivAssetsKit
import RivFormat
import RivFixtures
import RivTestSupport

/// The listings committed beside the fixtures, checked by hand when they were written.
@Suite("Fixture listings")
struct FixtureListingTests {
    @Test("the committed .json is the listing of the committed .riv file", arguments: FixtureCatalog.all.map(\.name))
    func committedListingMatches(name: String) throws {
        let directory = SharedData.packageRoot.appendingPathComponent("Fixtures")
        let json = try Data(contentsOf: directory.appendingPathComponent(name + ".json"))
        let expected = try JSONDecoder().decode(ListingDocument.self, from: json)
        let file = try RivFile(path: directory.appendingPathComponent(name + ".riv").path)
        #expect(ListingDocument(files: [FileListing(input: "Fixtures/\(name).riv", file: file)]) == expected)
    }
}
