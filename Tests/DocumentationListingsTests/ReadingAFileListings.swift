import Foundation
import RivFormat
import Testing

/// The code of the article "Reading a file and its assets" (RivFormat).
@Suite("Documentation: reading a file and its assets")
struct ReadingAFileListings {
    @Test("the listing reads the assets and writes the embedded ones out by their runtime names")
    func readAndExtract() throws {
        let folder = try ListingFolder()
        let output = folder.url.appendingPathComponent("assets")
        try FileManager.default.createDirectory(at: output, withIntermediateDirectories: true)
        // listing: read-a-file
        func writeEmbeddedAssets(of animation: URL, to output: URL) throws {
            let file = try RivFile(contentsOf: animation)
            for asset in file.assets {
                print(asset.uniqueName, asset.type, asset.location, asset.detectedFormat ?? .unknown)
                if asset.location == .embedded {
                    try asset.writeEmbeddedBytes(to: output.appendingPathComponent(asset.uniqueFilename))
                }
            }
        }
        // end listing
        let hero = folder.url.appendingPathComponent("hero.riv")
        try writeEmbeddedAssets(of: hero, to: output)
        let written = try Data(contentsOf: output.appendingPathComponent("logo-12.png"))
        #expect(written == (try RivFile(contentsOf: hero)).asset(named: "logo-12")?.embeddedBytes)
    }

    @Test("the listing catches a file that is no .riv file and says where reading stopped")
    func readingErrors() throws {
        let folder = try ListingFolder()
        let notRive = folder.url.appendingPathComponent("notes.txt")
        try Data("hello".utf8).write(to: notRive)
        // listing: read-errors
        func open(_ url: URL) -> RivFile? {
            do {
                return try RivFile(contentsOf: url)
            } catch {
                print("cannot read \(url.lastPathComponent): \(error)")
                return nil
            }
        }
        // end listing
        #expect(open(notRive) == nil)
        #expect(open(folder.url.appendingPathComponent("hero.riv"))?.assets.count == 1)
    }

    @Test("the listing replaces an embedded image and writes a new file, leaving the original as it was")
    func embedWithTheEditor() throws {
        let folder = try ListingFolder()
        let newLogo = folder.newLogo
        let original = try Data(contentsOf: folder.url.appendingPathComponent("hero.riv"))
        // listing: edit-a-file
        func replaceLogo(in animation: URL, with newLogo: Data, writingTo output: URL) throws {
            let file = try RivFile(contentsOf: animation)
            var editor = RivEditor(file)
            if let logo = file.asset(named: "logo-12") {
                try editor.embed(newLogo, in: logo)
            }
            try editor.write(to: output)
        }
        // end listing
        try replaceLogo(in: folder.url.appendingPathComponent("hero.riv"), with: newLogo,
                        writingTo: folder.url.appendingPathComponent("hero-new.riv"))
        let rewritten = try RivFile(contentsOf: folder.url.appendingPathComponent("hero-new.riv"))
        #expect(rewritten.asset(named: "logo-12")?.embeddedBytes == newLogo)
        #expect(try Data(contentsOf: folder.url.appendingPathComponent("hero.riv")) == original)
    }

    @Test("the listing reads a file off the main actor and gives its assets' names")
    func readOffTheMainActor() async throws {
        let folder = try ListingFolder()
        // listing: read-async
        @MainActor
        func assetNames(in animation: URL) async throws -> [String] {
            let file = try await RivFile.read(contentsOf: animation)   // not on the main actor
            return file.assets.map(\.uniqueName)
        }
        // end listing
        #expect(try await assetNames(in: folder.url.appendingPathComponent("hero.riv")) == ["logo-12"])
    }

    @Test("the listing places an image given as bytes and reads the placed object back as typed values")
    func placeFromBytes() throws {
        let folder = try ListingFolder()
        let output = folder.url.appendingPathComponent("hero-partner.riv")
        // listing: place-image-bytes
        func stamp(_ partnerLogo: Data, on animation: URL, writingTo output: URL) throws -> ImageObject? {
            var editor = RivEditor(try RivFile(contentsOf: animation))
            let placed = try editor.placeImage(partnerLogo, named: "partner.png",
                                               ImagePlacement(x: 24, y: 24, sizing: .size(width: 96, height: 96), originX: 0, originY: 0))
            try editor.write(to: output)
            let written = try RivFile(contentsOf: output)
            return written.imageObjects().first { $0.artboard == placed.artboard && $0.objectIndex == placed.objectIndex }
        }
        // end listing
        let image = try #require(try stamp(folder.newLogo, on: folder.url.appendingPathComponent("hero.riv"), writingTo: output))
        #expect(image.x == 24 && image.y == 24 && image.originX == 0 && image.originY == 0)
        let written = try RivFile(contentsOf: output)
        #expect(written.asset(named: try #require(image.asset))?.embeddedBytes == folder.newLogo)
    }
}
