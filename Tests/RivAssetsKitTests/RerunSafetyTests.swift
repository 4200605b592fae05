import Foundation
import Testing
import RivAssetsKit
import RivFormat
import RivTestSupport

/// Running a command again, or on files that share assets, is safe and quiet:
/// outputs that would not change are not rewritten, identical bytes already in an
/// output folder count as written, and an output's missing folders are created.
@Suite("Rerun safety")
struct RerunSafetyTests {
    private static var shared: TestAsset { .image("logo", 12, Payload.png(64, seed: 3)) }

    @Test("a second strip into the same --assets-out, from another file sharing the asset, finds its bytes already there")
    func stripSharedAsset() throws {
        let directory = try TemporaryDirectory()
        let first = try directory.write("a.riv", Inputs.file([Self.shared]))
        let second = try directory.write("b.riv", Inputs.file([Self.shared, .font("Inter", 30, Payload.ttf(40))]))
        let assets = directory.path("assets")
        let one = try AssetOperations.strip(StripRequest(inputs: [.path(first)], assetsFolder: assets, destination: .path(directory.path("a-small.riv"))))
        #expect(one.failures.isEmpty)
        let logo = directory.path("assets/logo-12.png")
        let before = try FileManager.default.attributesOfItem(atPath: logo)
        let two = try AssetOperations.strip(StripRequest(inputs: [.path(second)], assetsFolder: assets, destination: .path(directory.path("b-small.riv"))))
        #expect(two.failures.isEmpty, "\(two.failures)")
        #expect(two.stripped.map(\.file).contains(logo))
        let after = try FileManager.default.attributesOfItem(atPath: logo)
        #expect(before[.systemFileNumber] as? Int == after[.systemFileNumber] as? Int, "the shared file is left as it is")
        // Other bytes under the same name are still refused.
        let other = try directory.write("c.riv", Inputs.file([.image("logo", 12, Payload.png(64, seed: 9))]))
        let three = try AssetOperations.strip(StripRequest(inputs: [.path(other)], assetsFolder: assets, destination: .path(directory.path("c-small.riv"))))
        #expect(three.failures.count == 1)
    }

    @Test("replace --in-place with the bytes already there leaves the file alone: same inode, same modification time")
    func inPlaceUnchanged() throws {
        let directory = try TemporaryDirectory()
        let input = try directory.write("hero.riv", Inputs.file([Self.shared]))
        let replacement = try directory.write("same.png", Payload.png(64, seed: 3))
        let old = Date(timeIntervalSince1970: 1_000_000_000)
        try FileManager.default.setAttributes([.modificationDate: old], ofItemAtPath: input)
        let before = try FileManager.default.attributesOfItem(atPath: input)
        let report = try AssetOperations.replace(ReplaceRequest(inputs: [.path(input)], destination: .inPlace,
                                                                replacements: [.init(type: .image, name: "logo-12", path: replacement)]))
        #expect(!report.hasFailures)
        let after = try FileManager.default.attributesOfItem(atPath: input)
        #expect(before[.systemFileNumber] as? Int == after[.systemFileNumber] as? Int)
        #expect(after[.modificationDate] as? Date == old)
        // New bytes are written as always.
        let changed = try directory.write("new.png", Payload.png(64, seed: 4))
        _ = try AssetOperations.replace(ReplaceRequest(inputs: [.path(input)], destination: .inPlace,
                                                       replacements: [.init(type: .image, name: "logo-12", path: changed)]))
        #expect(try FileManager.default.attributesOfItem(atPath: input)[.modificationDate] as? Date != old)
    }

    @Test("strip writes the runtime's name and says when the bytes are of another format than that name says")
    func stripNamesByRuntime() throws {
        let directory = try TemporaryDirectory()
        let input = try directory.write("in.riv", Inputs.file([.image("cat", 4, Payload.jpeg(40)), Self.shared]))
        let report = try AssetOperations.strip(StripRequest(inputs: [.path(input)], assetsFolder: directory.path("assets"),
                                                            destination: .path(directory.path("small.riv"))))
        #expect(directory.exists("assets/cat-4.png") && directory.exists("assets/logo-12.png"))
        #expect(report.outcomeWarnings.count == 1 && report.outcomeWarnings[0].contains("cat-4") && report.outcomeWarnings[0].contains("jpeg"), "\(report.outcomeWarnings)")
    }

    @Test("strip says once, for all of them, that several assets got the runtime's name although their bytes are another format")
    func stripNamesByRuntimeOnce() throws {
        let directory = try TemporaryDirectory()
        let input = try directory.write("in.riv", Inputs.file([.image("cat", 4, Payload.jpeg(40)), .image("dog", 5, Payload.jpeg(41)),
                                                               .image("owl", 6, Payload.jpeg(42)), Self.shared]))
        let report = try AssetOperations.strip(StripRequest(inputs: [.path(input)], assetsFolder: directory.path("assets"),
                                                            destination: .path(directory.path("small.riv"))))
        #expect(report.outcomeWarnings.count == 1, "\(report.outcomeWarnings)")
        #expect(report.outcomeWarnings.first?.contains("3 assets written as .png") == true
                && report.outcomeWarnings.first?.contains("cat-4, dog-5, owl-6") == true, "\(report.outcomeWarnings)")
    }

    @Test("-o into folders that do not exist yet creates them")
    func nestedOutput() throws {
        let directory = try TemporaryDirectory()
        let input = try directory.write("hero.riv", Inputs.file([Self.shared]))
        let replacement = try directory.write("new.png", Payload.png(64, seed: 4))
        let report = try AssetOperations.replace(ReplaceRequest(inputs: [.path(input)], destination: .path(directory.path("new/nested/out.riv")),
                                                                replacements: [.init(type: .image, name: "logo-12", path: replacement)]))
        #expect(!report.hasFailures, "\(report.files)")
        #expect(directory.exists("new/nested/out.riv"))
        // A refused request creates nothing.
        #expect(throws: RequestError.self) {
            try AssetOperations.replace(ReplaceRequest(inputs: [.path(input), .path(input)], destination: .path(directory.path("other/deeper/"))))
        }
        #expect(!directory.exists("other"))
    }
}

@Suite("Readable output")
struct ReadableOutputTests {
    @Test("long lists of users and instances are grouped and counted, not flooded")
    func summarizedLists() {
        let users = Array(repeating: "Main/TextStylePaint", count: 18) + ["Main/Image"] + (0..<30).map { "Card/item \($0)" }
        #expect(InspectionText.summarized(users) == "Main/TextStylePaint ×18, Main/Image, "
            + (0..<10).map { "Card/item \($0)" }.joined(separator: ", ") + " and 20 more")
        #expect(InspectionText.summarized(["a", "b", "a"]) == "a ×2, b")
        #expect(InspectionText.summarized([]) == "")
    }

    @Test("numbers in human output have at most two decimals")
    func roundedNumbers() {
        #expect(ByteCountText.number(223.05859375) == "223.06")
        #expect(ByteCountText.number(201.24656677246094) == "201.25")
        #expect(ByteCountText.number(12.5) == "12.5")
        #expect(ByteCountText.number(1600) == "1600")
        #expect(ByteCountText.number(-0.001) == "0")
    }
}
