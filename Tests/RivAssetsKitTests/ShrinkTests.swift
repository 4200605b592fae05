import Foundation
import Testing
import RivAssetsKit
import RivFormat
import RivFixtures
import RivTestSupport
import RivTestTags

/// `shrink` on real files from Rive's runtime tests: what Rive's runtime loads
/// from the output, byte-identical records, and which fonts stay whole.
@Suite("shrink")
struct ShrinkTests {
    /// Small corpus files with embedded fonts: runs set by name, a data-bound run,
    /// a font no run uses, nested artboards.
    static let names = ["new_text.riv", "hunter_x_demo.riv", "double_line.riv", "data_bind_font_test.riv", "runtime_nested_text_runs.riv"]

    private static func inputs() throws -> [String] {
        try names.map { try #require(SharedData.runtimeTestFile($0)) }
    }

    /// The object records of the file at `path`, contents records left out, as bytes.
    private static func recordsWithoutContents(_ path: String) throws -> [Data] {
        let bytes = try Data(contentsOf: URL(fileURLWithPath: path))
        return try RivFile(path: path).objects.filter { $0.typeKey != Schema.TypeKey.fileAssetContents }.map { bytes.subdata(in: $0.range) }
    }

    @Test("the runtime loads every output with the same verdict, assets and users; only contents records change; fonts and files shrink",
          .tags(.oracle), .enabled(if: RuntimeOracle.isPresent, "\(RuntimeOracle.skipMessage)"))
    func outputsLoadAsTheInputs() throws {
        let directory = try TemporaryDirectory()
        let inputs = try Self.inputs()
        let result = try AssetOperations.shrink(ShrinkRequest(inputs: inputs.map(RequestInput.path), destination: .path(directory.path("out") + "/")))
        #expect(result.failures.isEmpty, "\(result.failures)")
        #expect(result.files.count == inputs.count)
        for written in result.written {
            let output = try #require(written.output)
            let after = try RivFile(path: output)
            #expect(after.byteCount == written.bytesAfter && written.bytesAfter! < written.bytesBefore!)
            #expect(try Self.recordsWithoutContents(written.input) == Self.recordsWithoutContents(output), "\(written.input)")
            let old = try RuntimeOracle.list(URL(fileURLWithPath: written.input))
            let new = try RuntimeOracle.list(URL(fileURLWithPath: output))
            #expect(new.runtimeResult == old.runtimeResult)
            #expect(new.referencersByUniqueName.map(\.uniqueName) == old.referencersByUniqueName.map(\.uniqueName))
            #expect(new.referencersByUniqueName.map(\.referencers) == old.referencersByUniqueName.map(\.referencers))
            for asset in written.detail?.assets ?? [] {
                #expect(asset.action == .shrunk ? asset.bytesAfter < asset.bytesBefore : asset.bytesAfter == asset.bytesBefore)
                let index = try #require(after.assets.firstIndex { $0.uniqueName == asset.asset })
                #expect(after.assets[index].embeddedByteCount == asset.bytesAfter)
            }
        }
    }

    @Test("a font a data-bound run uses stays whole, with the run named, until characters are kept; so does a font a listener can set a bound style to",
          .tags(.corpus), .enabled(if: SharedData.isPresent, "\(SharedData.skipMessage)"))
    func dataBoundAndUnusedFontsStayWhole() throws {
        let directory = try TemporaryDirectory()
        let inputs = try Self.inputs()
        let hunter = inputs[1]
        let plain = try AssetOperations.shrink(ShrinkRequest(inputs: [.path(hunter), .path(inputs[3])], destination: .path(directory.path("plain") + "/")))
        let mono = try #require(plain.files.first?.detail?.assets.first { $0.asset == "JetBrains Mono-3568281" })
        #expect(mono.action == .unchanged && mono.note?.contains("bound to view model data") == true, "\(mono)")
        let listed = try #require(plain.files.last?.detail?.assets.first { $0.asset == "YuyuShort-Regular-116349" })
        #expect(listed.action == .unchanged && listed.note?.contains("a style whose font data binding can change") == true,
                "a listener can set the view model font the run's style is bound to: \(listed)")

        let kept = try KeptCharacterRange.characters(named: "latin,digits,punctuation")
        let keeping = try AssetOperations.shrink(ShrinkRequest(inputs: [.path(hunter)], destination: .path(directory.path("kept") + "/"), keptCharacters: kept))
        let subset = try #require(keeping.files.first?.detail?.assets.first { $0.asset == "JetBrains Mono-3568281" })
        #expect(subset.action == .shrunk && (subset.characterCount ?? 0) >= kept.count, "\(subset)")
    }

    @Test("the text each font draws: runs by style, data binds on run text, runs on nested artboards",
          .tags(.corpus), .enabled(if: SharedData.isPresent, "\(SharedData.skipMessage)"))
    func fontTextOfRealFiles() throws {
        let inputs = try Self.inputs()
        let hunter = try RivFile(path: inputs[1])
        let bound = try #require(hunter.fontText.first { hunter.assets[$0.assetIndex].uniqueName == "JetBrains Mono-3568281" })
        #expect(!bound.openRuns.isEmpty)
        let nested = try RivFile(path: inputs[4])
        let inter = try #require(nested.fontText.first)
        #expect(Set(inter.runs.map(\.artboard)).count > 1, "\(inter.runs)")
        #expect(inter.characters.contains("\u{2026}"))
    }

    @Test("one file with many PNGs: its assets shrink on several threads, the output byte for byte what one thread writes")
    func oneFileManyImagesOnSeveralThreads() throws {
        let directory = try TemporaryDirectory()
        let sides = [40, 72, 24, 96, 8, 64]
        let input = try directory.write("many.riv", Inputs.file(sides.enumerated().map { index, side in
            .image("image-\(index).png", UInt64(index + 1), Payload.gradientPNG(width: side, height: side))
        } + [.font("Broken", 99, Payload.ttf(40))]))
        var outputs: [[UInt8]] = [], results: [ShrinkResult] = []
        for threads in [1, 4] {
            let output = directory.path("out-\(threads).riv")
            results.append(try AssetOperations.shrink(ShrinkRequest(inputs: [.path(input)], destination: .path(output), parallelism: .threads(threads))))
            outputs.append(try directory.bytes("out-\(threads).riv"))
        }
        #expect(outputs[0] == outputs[1])
        let assets = try #require(results[1].files.first?.detail?.assets)
        #expect(assets == results[0].files.first?.detail?.assets)
        #expect(assets.map(\.asset) == sides.indices.map { "image-\($0)-\($0 + 1)" } + ["Broken-99"])
        #expect(assets.prefix(sides.count).allSatisfy { $0.action == .shrunk && $0.bytesAfter < $0.bytesBefore }, "\(assets)")
        #expect(assets.last?.action == .unchanged && assets.last?.note?.hasPrefix("no text run uses it") == true, "\(String(describing: assets.last))")
    }

    @Test("--keep ranges: named sets of characters, an unknown name refused")
    func keptRanges() throws {
        #expect(try KeptCharacterRange.characters(named: "digits") == Set("0123456789".unicodeScalars))
        #expect(try KeptCharacterRange.characters(named: "latin").contains("é") && !(try KeptCharacterRange.characters(named: "latin")).contains("×"))
        #expect(try KeptCharacterRange.characters(named: "ascii").count == 95)
        let error = try #require(throws: RequestError.self) { try KeptCharacterRange.characters(named: "latin,klingon") }
        #expect(error.code == .invalidOption && error.message.contains("klingon"))
    }
}
