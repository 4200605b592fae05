import Foundation
import Testing
@testable import RivAssetsKit
import RivFormat
import RivTestSupport

/// How many times `strip` reads each input (counted by the one reader's probe,
/// `InputEngine.watchReads(of:)`): once when the run is one batch, twice when it
/// is longer, whatever settles its conflicts or ships its fonts.
@Suite("Strip reads each input at most twice")
struct StripReadCountTests {
    /// `count` inputs, each holding the font `Inter-4228759` with bytes of its own.
    private static func inputs(_ count: Int, in directory: TemporaryDirectory) throws -> [String] {
        try (0..<count).map { try directory.write("in\($0).riv", Inputs.file([.font("Inter", 4228759, Payload.ttf(40 + $0))])) }
    }

    @Test("one batch: each input is read once, whether the conflict is merged, kept largest or its fonts subset",
          arguments: [AssetConflictPolicy.merge, .largest, .perFile])
    func oneBatchReadsOnce(policy: AssetConflictPolicy) throws {
        let directory = try TemporaryDirectory()
        let inputs = try Self.inputs(3, in: directory)
        InputEngine.watchReads(of: inputs)
        let result = try AssetOperations.strip(StripRequest(inputs: inputs.map(RequestInput.path), assetsFolder: directory.path("fonts"), destination: .path(directory.path("out/")),
                                                            conflicts: policy, subsetsFonts: true))
        #expect(result.files.count == 3 && result.conflicts.count == 1)
        #expect(inputs.map { InputEngine.readCount(of: $0) } == [1, 1, 1])
    }

    @Test("more inputs than a batch: each input is read twice, once to plan and once to write")
    func longRunReadsTwice() throws {
        let directory = try TemporaryDirectory()
        let inputs = try Self.inputs(AssetOperations.stripBatchSize + 1, in: directory)
        InputEngine.watchReads(of: inputs)
        let result = try AssetOperations.strip(StripRequest(inputs: inputs.map(RequestInput.path), assetsFolder: directory.path("fonts"), destination: .path(directory.path("out/")),
                                                            conflicts: .largest, subsetsFonts: true))
        #expect(result.files.count == inputs.count)
        #expect(Set(inputs.map { InputEngine.readCount(of: $0) }) == [2])
    }
}
