import Foundation
import Testing
import RivFormat
import RivTestSupport
import RivTestTags

/// Damaged copies of real files (1-3 bytes changed, from a fixed seed), each loaded
/// by Rive's runtime in a child process with a timeout and predicted by the model.
/// `Fuzz/differential.py` runs the same comparison on thousands of mutants.
@Suite("Runtime prediction against Rive's runtime")
struct RuntimeOracleSampleTests {
    /// A small deterministic generator (SplitMix64), so the sample is the same on every run.
    struct SplitMix64 {
        var state: UInt64
        mutating func next(below bound: Int) -> Int {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return Int((z ^ (z >> 31)) % UInt64(bound))
        }
    }

    @Test("on 60 seeded damaged copies the predicted verdict agrees with the runtime's on at least 90%, and every copy it refuses, crashes or hangs on is flagged",
          .tags(.oracle), .enabled(if: RuntimeOracle.isPresent, "\(RuntimeOracle.skipMessage)"))
    func sample() throws {
        let sources = SharedData.corpusFiles()
        let directory = try TemporaryDirectory()
        var random = SplitMix64(state: 13)
        var agreed = 0, refused = 0, flagged = 0
        let count = 60
        for index in 0..<count {
            var bytes = [UInt8](try Data(contentsOf: sources[random.next(below: sources.count)]))
            for _ in 0...random.next(below: 3) {
                let at = random.next(below: bytes.count)
                bytes[at] = bytes[at] &+ UInt8(1 + random.next(below: 255))
            }
            let url = URL(fileURLWithPath: try directory.write("mutant-\(index).riv", bytes))
            let truth = try RuntimeOracle.list(url, timeout: 10).runtimeResult
            let prediction = RuntimePrediction(bytes: bytes)
            let predictedLoads = prediction.result == .success && prediction.crash == nil
            if predictedLoads == (truth == "success") { agreed += 1 }
            if truth != "success" {
                refused += 1
                let structural = (try? RivFile(bytes: bytes)) == nil
                if !predictedLoads || structural || prediction.outOfStepCount > 0 || prediction.danglingParent != nil { flagged += 1 }
            }
        }
        #expect(Double(agreed) / Double(count) >= 0.9, "agreement \(agreed)/\(count)")
        #expect(refused == 0 || Double(flagged) / Double(refused) >= 0.85, "flagged \(flagged)/\(refused)")
    }
}
