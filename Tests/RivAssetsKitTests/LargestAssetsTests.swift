import Foundation
import Testing
import RivAssetsKit
import RivFormat
import RivTestSupport

/// `list --largest` in the library: embedded contents grouped by their hash
/// across every input, ranked by what their copies cost together.
@Suite("largest assets")
struct LargestAssetsTests {
    /// Three files: `a` embeds `hero.png` (the 300-byte picture) and `big.png`
    /// (1000 bytes), `b` embeds the same picture as `copy.png`, `c` embeds it as
    /// `hero.png` twice under two ids; the picture costs 4 copies, `big.png` one
    /// (the payloads are a few bytes over their nominal sizes: PNG signature and header).
    static func inputs(_ directory: TemporaryDirectory) throws -> [String] {
        let picture = Payload.png(300), big = Payload.png(1000, seed: 9)
        let a = AppFile(artboards: [.init("Main")], images: [.init("hero.png", id: 1, bytes: picture), .init("big.png", id: 2, bytes: big)])
        let b = AppFile(artboards: [.init("Main")], images: [.init("copy.png", id: 4, bytes: picture)])
        let c = AppFile(artboards: [.init("Main")], images: [.init("hero.png", id: 1, bytes: picture), .init("hero.png", id: 3, bytes: picture)])
        return [try directory.write("a.riv", a.bytes()), try directory.write("b.riv", b.bytes()), try directory.write("c.riv", c.bytes())]
    }

    @Test("the same bytes under any name in any file are one content; the ranking is by total cost, each file once")
    func grouped() throws {
        let directory = try TemporaryDirectory()
        let inputs = try Self.inputs(directory)
        var request = ListRequest(inputs: inputs.map(RequestInput.path))
        request.largest = 5
        let result = try AssetOperations.largestAssets(request)
        #expect(result.failures.isEmpty)
        let size = Payload.png(300).count, bigSize = Payload.png(1000, seed: 9).count
        #expect(result.largest.map(\.totalByteCount) == [4 * size, bigSize])
        let picture = result.largest[0]
        #expect(picture.copies == 4 && picture.embeddedByteCount == size && picture.type == "image" && picture.kind == "ImageAsset")
        #expect(picture.uniqueNames == ["copy-4", "hero-1", "hero-3"] && picture.files == inputs && picture.detectedFormat == "png")
        #expect(picture.contentHash == XXH64.hexString(XXH64.hash(Payload.png(300))))
        #expect(result.largest[1].uniqueNames == ["big-2"] && result.largest[1].files == [inputs[0]])
        request.largest = 1
        #expect(try AssetOperations.largestAssets(request).largest == [picture])
    }

    @Test("the streamed JSON gains `largest` (and only when asked), the same as the whole listing's and the table's")
    func json() throws {
        let directory = try TemporaryDirectory()
        var request = ListRequest(inputs: try Self.inputs(directory).map(RequestInput.path))
        var plain = ""
        _ = try AssetOperations.streamListingJSON(request) { plain += $0 }
        #expect(!plain.contains("\"largest\""))
        request.largest = 5
        var text = ""
        let failures = try AssetOperations.streamListingJSON(request) { text += $0 }
        #expect(failures.isEmpty)
        let whole = try AssetOperations.list(request)
        #expect(text == String(decoding: try whole.jsonData(), as: UTF8.self) + "\n")
        let decoded = try JSONDecoder().decode(ListingDocument.self, from: Data(text.utf8))
        let ranked = try AssetOperations.largestAssets(request).largest
        #expect(decoded.largest == ranked && decoded.files.count == 3)
    }

    @Test("an unreadable input is a failure and counts for nothing; referenced assets cost nothing")
    func failuresAndReferenced() throws {
        let directory = try TemporaryDirectory()
        let sample = try RivFile(bytes: Data(AppFile.sample().bytes()))
        var editor = RivEditor(sample)
        _ = try editor.strip(try #require(sample.assets.first))
        let stripped = try directory.write("stripped.riv", Array(editor.makeBytes()))
        let broken = try directory.write("broken.riv", Array("not a rive file".utf8))
        var request = ListRequest(inputs: [.path(stripped), .path(broken)])
        request.largest = 3
        let result = try AssetOperations.largestAssets(request)
        #expect(result.largest.isEmpty && result.failures.map(\.path) == [broken])
    }
}
