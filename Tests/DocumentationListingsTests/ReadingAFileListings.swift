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
        let file = try RivFile(contentsOf: folder.url.appendingPathComponent("hero.riv"))
        for asset in file.assets {
            print(asset.uniqueName, asset.type, asset.location, asset.detectedFormat ?? .unknown)
            if asset.location == .embedded {
                try asset.writeEmbeddedBytes(to: output.appendingPathComponent(asset.uniqueFilename))
            }
        }
        // end listing
        let written = try Data(contentsOf: output.appendingPathComponent("logo-12.png"))
        #expect(written == file.asset(named: "logo-12")?.embeddedBytes)
    }

    @Test("the listing catches a file that is no .riv file and says where reading stopped")
    func readingErrors() throws {
        let folder = try ListingFolder()
        let notRive = folder.url.appendingPathComponent("notes.txt")
        try Data("hello".utf8).write(to: notRive)
        // listing: read-errors
        do {
            _ = try RivFile(contentsOf: notRive)
        } catch {
            print("cannot read \(notRive.lastPathComponent): \(error)")
        }
        // end listing
        #expect(throws: RivError.self) { try RivFile(contentsOf: notRive) }
    }

    @Test("the listing replaces an embedded image and writes a new file, leaving the original as it was")
    func embedWithTheEditor() throws {
        let folder = try ListingFolder()
        let newLogo = folder.newLogo
        let original = try Data(contentsOf: folder.url.appendingPathComponent("hero.riv"))
        // listing: edit-a-file
        let file = try RivFile(contentsOf: folder.url.appendingPathComponent("hero.riv"))
        var editor = RivEditor(file)
        if let logo = file.asset(named: "logo-12") {
            try editor.embed(newLogo, in: logo)
        }
        try editor.write(to: folder.url.appendingPathComponent("hero-new.riv"))
        // end listing
        let rewritten = try RivFile(contentsOf: folder.url.appendingPathComponent("hero-new.riv"))
        #expect(rewritten.asset(named: "logo-12")?.embeddedBytes == newLogo)
        #expect(try Data(contentsOf: folder.url.appendingPathComponent("hero.riv")) == original)
    }
}
