import Foundation
import Testing
import RivAssetsKit
import RivFormat
import RivTestSupport

/// `AssetOperations.place` from the library: an image given as a file or as bytes.
@Suite("Placing an image from the library")
struct PlaceRequestTests {
    private let fixture = SharedData.packageRoot.appendingPathComponent("Fixtures/artboards-and-usage.riv").path

    @Test("bytes in memory are placed as a file's are, named image.png unless a name is given; HTML bytes are refused as what they look like")
    func placesBytes() throws {
        let directory = try TemporaryDirectory()
        let png = try #require(try RivFile(path: fixture).assets[0].embeddedBytes)
        let fromFile = try AssetOperations.place(PlaceRequest(input: .path(fixture), image: .file(directory.write("image.png", Array(png))),
                                                              placement: ImagePlacement(x: 4, y: 4), destination: .path(directory.path("file.riv"))))
        let fromBytes = try AssetOperations.place(PlaceRequest(input: .path(fixture), image: .bytes(png), placement: ImagePlacement(x: 4, y: 4),
                                                               destination: .path(directory.path("bytes.riv"))))
        #expect(fromBytes.files.first?.detail?.placed.asset == "image-6")
        #expect(fromBytes.files.first?.detail?.placed == fromFile.files.first?.detail?.placed)
        #expect(try Data(contentsOf: URL(fileURLWithPath: directory.path("bytes.riv"))) == Data(contentsOf: URL(fileURLWithPath: directory.path("file.riv"))))
        let named = try AssetOperations.place(PlaceRequest(input: .path(fixture), image: .bytes(png), name: "badge.png", placement: ImagePlacement(x: 0, y: 0),
                                                           destination: .path(directory.path("named.riv"))))
        #expect(named.files.first?.detail?.placed.asset == "badge-6")
        let page = Data("<!doctype html><title>404</title>".utf8)
        let error = try #require(throws: RequestError.self) {
            try AssetOperations.place(PlaceRequest(input: .path(fixture), image: .bytes(page), placement: ImagePlacement(x: 0, y: 0),
                                                   destination: .path(directory.path("page.riv"))))
        }
        #expect(error.description.contains("cannot place the image bytes (33 bytes): it is no image") && error.description.contains("HTML"))
        #expect(!FileManager.default.fileExists(atPath: directory.path("page.riv")))
    }
}
