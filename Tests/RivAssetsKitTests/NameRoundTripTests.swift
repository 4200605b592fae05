import Foundation
import Testing
import RivAssetsKit
import RivFormat
import RivAssetRegistry
import RivHostedAssets
import RivTestSupport

/// What `strip` and `extract` write, every reader finds (``RivFormat/AssetFileName``):
/// `strip` then `replace --assets`, `strip` then `embed --assets`, and `extract`
/// then `replace --assets` with changed bytes are identities for every name; so are
/// `verify --assets`, the registry's folder helpers and `replace --watch`.
@Suite("Names round-trip")
struct NameRoundTripTests {
    /// Names that are hard to keep on disk: empty, option-like, hidden, dots,
    /// separators, controls, `%` escapes, too long, combining marks, emoji, NFC and NFD.
    static let awkwardNames: [String] = [
        "", "-rf", ".hidden", "..", "a/b", "a\\b", "tab\there", "new\nline", "colon:x", "%", "pct%2Dx",
        String(repeating: "x", count: 300), "e" + String(repeating: "\u{301}", count: 80), "smile😀.png",
        "caf\u{E9}", "cafe\u{301}", ".", "/", "icons/logo", "x%2Fy", "~tilde~", "CON", "-", "nul\0x",
        " spaced ", "\u{202E}rtl", String(repeating: "\u{E9}", count: 130), "v1.2.final.png",
    ]

    /// Names built from awkward pieces by a fixed generator (a linear congruential one,
    /// seeded), so that every run checks the same names.
    static func generatedNames(count: Int, seed: UInt64) -> [String] {
        let pieces = ["a", "Z", "-", ".", "/", "%", "%2F", "%25", "\0", "\n", "\\", ":", "~", " ", "é", "e\u{301}",
                      "😀", "\u{202E}", "x", String(repeating: "long", count: 20)]
        var state = seed
        func next(_ bound: Int) -> Int {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int((state >> 33) % UInt64(bound))
        }
        return (0..<count).map { _ in (0..<next(9)).map { _ in pieces[next(pieces.count)] }.joined() }
    }

    static let nameSets: [[String]] = [awkwardNames, generatedNames(count: 40, seed: 1), generatedNames(count: 40, seed: 2)]

    /// A file with one embedded asset per name, image, font and audio in turn, each
    /// whole by its format (so that `--watch` serves it from the start).
    static func input(named names: [String], seed: UInt8 = 0) -> [UInt8] {
        Inputs.file(names.enumerated().map { index, name -> TestAsset in
            let id = UInt64(index + 1), payloadSeed = UInt8(truncatingIfNeeded: index) &+ seed
            switch index % 3 {
            case 0: return .image(name, id, Payload.wholePNG(32, seed: payloadSeed))
            case 1: return .font(name, id, Payload.wholeTTF(32, seed: payloadSeed))
            default: return .audio(name, id, Payload.wav(32, seed: payloadSeed))
            }
        })
    }

    /// A fetcher that never goes to the network (the inputs have no hosted asset).
    static func offlineFetcher(_ directory: TemporaryDirectory) throws -> HostedAssetFetcher {
        HostedAssetFetcher(transport: URLSessionTransport(timeout: 1), cache: try HostedAssetCache(directory: URL(fileURLWithPath: directory.path("cache"))),
                           configuration: .init(offline: true))
    }

    @Test("strip, then replace --assets, embed --assets, the registry and --watch give back the input; verify finds every file",
          arguments: nameSets.indices)
    func stripThenRead(set: Int) async throws {
        let directory = try TemporaryDirectory()
        let original = Self.input(named: Self.nameSets[set])
        let input = try directory.write("in.riv", original)
        try expectStripRoundTrip(input: input, original: original, in: directory)
        let fetcher = try Self.offlineFetcher(directory)
        let embedded = try await AssetOperations.embed(EmbedRequest(inputs: [.path(directory.path("small.riv"))], destination: .path(directory.path("embedded.riv")),
                                                                    assetsFolder: directory.path("assets"), fetcher: fetcher))
        #expect(embedded.files.allSatisfy { $0.status != .failed && $0.detail?.missing.isEmpty == true }, "\(embedded.files)")
        #expect(try directory.bytes("embedded.riv") == original)
    }

    @Test("extract, change the bytes, then replace --assets: every asset gets its new bytes", arguments: nameSets.indices)
    func extractThenReplace(set: Int) async throws {
        let directory = try TemporaryDirectory()
        let names = Self.nameSets[set]
        let input = try directory.write("in.riv", Self.input(named: names))
        let extracted = try await AssetOperations.extract(ExtractRequest(inputs: [.path(input)], outputFolder: directory.path("assets")))
        #expect(extracted.failures.isEmpty && extracted.extracted.count == names.count, "\(extracted.failures)")
        let changed = Self.input(named: names, seed: 100)
        let changedAssets = try RivFile(bytes: changed).assets
        for (file, asset) in zip(extracted.extracted, changedAssets) {
            #expect(file.asset == asset.uniqueName)
            try Data(asset.embeddedBytes ?? Data()).write(to: URL(fileURLWithPath: file.file))
        }
        let replaced = try AssetOperations.replace(ReplaceRequest(inputs: [.path(input)], destination: .path(directory.path("out.riv")),
                                                                  replacementFolder: directory.path("assets")))
        #expect(replaced.unmatched.isEmpty && replaced.failures.isEmpty, "\(replaced.unmatched) \(replaced.files)")
        #expect(try directory.bytes("out.riv") == changed)
    }

    @Test("every corpus file: strip, then replace --assets, embed --assets and the registry give back the input")
    func corpus() async throws {
        guard SharedData.isPresent else {
            print(SharedData.skipMessage)
            return
        }
        var checked = 0
        for url in SharedData.corpusFiles() {
            let directory = try TemporaryDirectory()
            let original = Array(try Data(contentsOf: url))
            let input = try directory.write("in.riv", original)
            let stripped = try AssetOperations.strip(StripRequest(inputs: [.path(input)], assetsFolder: directory.path("assets"),
                                                                  destination: .path(directory.path("small.riv"))))
            guard stripped.files.contains(where: { $0.status != .unchanged }) else { continue }   // nothing embedded
            try expectStripRoundTrip(input: input, original: original, in: directory, stripped: stripped)
            let embedded = try await AssetOperations.embed(EmbedRequest(inputs: [.path(directory.path("small.riv"))],
                                                                        destination: .path(directory.path("embedded.riv")),
                                                                        assetsFolder: directory.path("assets"), fetcher: try Self.offlineFetcher(directory),
                                                                        allowMissing: true))
            #expect(embedded.failures.isEmpty, "\(url.lastPathComponent): \(embedded.files)")
            #expect(try directory.bytes("embedded.riv") == original, "embed --assets: \(url.lastPathComponent)")
            checked += 1
        }
        #expect(checked > 0)
    }

    /// Strips `input` (unless done) into `assets/` and `small.riv`, then checks that
    /// `replace --assets`, the registry (folder helper and folder source) and
    /// `replace --watch` give back `original`, and that `verify --assets` misses nothing.
    private func expectStripRoundTrip(input: String, original: [UInt8], in directory: TemporaryDirectory,
                                      stripped earlier: StripResult? = nil, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let assets = directory.path("assets"), small = directory.path("small.riv")
        let stripped = try earlier ?? AssetOperations.strip(StripRequest(inputs: [.path(input)], assetsFolder: assets, destination: .path(small)))
        #expect(stripped.failures.isEmpty, "\(stripped.failures)", sourceLocation: sourceLocation)

        let replaced = try AssetOperations.replace(ReplaceRequest(inputs: [.path(small)], destination: .path(directory.path("back.riv")),
                                                                  replacementFolder: assets))
        #expect(replaced.unmatched.isEmpty, "\(replaced.unmatched)", sourceLocation: sourceLocation)
        #expect(try directory.bytes("back.riv") == original, "replace --assets", sourceLocation: sourceLocation)

        let verified = try AssetOperations.verify(VerifyRequest(inputs: [.path(small)], assetsFolder: assets))
        let missing = verified.files.flatMap(\.findings).filter { $0.code == "asset-missing" }
        #expect(missing.isEmpty, "\(missing.map(\.message))", sourceLocation: sourceLocation)

        let helper = AssetRegistry()
        try helper.addGlobalAssets(inFolder: URL(fileURLWithPath: assets))
        try helper.load(path: small).write(to: URL(fileURLWithPath: directory.path("helper.riv")))
        #expect(try directory.bytes("helper.riv") == original, "addGlobalAssets(inFolder:)", sourceLocation: sourceLocation)
        #expect(helper.matchResult().unmatched.isEmpty, "\(helper.matchResult().unmatched)", sourceLocation: sourceLocation)

        let sourced = AssetRegistry()
        _ = sourced.addSourceImmediately(FolderAssetSource(url: URL(fileURLWithPath: assets), settleInterval: 0))
        try sourced.load(path: small).write(to: URL(fileURLWithPath: directory.path("sourced.riv")))
        #expect(try directory.bytes("sourced.riv") == original, "FolderAssetSource", sourceLocation: sourceLocation)

        let watch = try ReplaceWatch.start(ReplaceRequest(inputs: [.path(small)], destination: .path(directory.path("watched.riv")),
                                                          replacementFolder: assets)) { _ in }
        watch.stop()
        #expect(try directory.bytes("watched.riv") == original, "replace --watch", sourceLocation: sourceLocation)
    }
}
