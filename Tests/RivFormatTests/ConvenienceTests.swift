import Foundation
import Testing
import RivTestSupport
import RivFormat

/// What a Swift user reaches for: finding an asset by name, assets as values,
/// editing with an asset from another read.
@Suite("Library conveniences")
struct ConvenienceTests {
    @Test("asset(named:), Identifiable and Hashable assets, a description; an asset of a second read edits the first")
    func assetValues() throws {
        try EditFixture.withFolder { folder in
            let url = folder.appendingPathComponent("mixed.riv")
            try Data(EditFixture.mixed).write(to: url)
            let first = try RivFile(contentsOf: url)
            let second = try RivFile(contentsOf: url)
            let name = first.assets[0].uniqueName
            let asset = try #require(second.asset(named: name))
            #expect(first.asset(named: "absent-0") == nil)
            #expect(asset.id == first.assets[0].id && asset == first.assets[0])
            #expect(Set(first.assets + second.assets).count == first.assets.count)
            #expect(asset.description.hasPrefix("\(name) ("))
            var editor = RivEditor(first)
            try editor.embed(Data(Payload.Minimal.png), in: asset)
            #expect(editor.hasChanges)
            let memory = try RivFile(bytes: EditFixture.mixed)
            #expect(throws: RivEditError.assetNotInFile(uniqueName: memory.assets[0].uniqueName)) {
                var other = RivEditor(first)
                try other.embed(Data(Payload.Minimal.png), in: memory.assets[0])
            }
        }
    }
}
