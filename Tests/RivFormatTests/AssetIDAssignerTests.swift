import Testing
@testable import RivFormat
import RivTestSupport

@Suite("Runtime asset ids")
struct AssetIDAssignerTests {
    /// The runtime's own procedure: after each asset is added, rerun the pass over
    /// every asset so far (renumbered ids do not join the set within one pass).
    private func rerunningReference(_ storedIDs: [UInt64]) -> [UInt64] {
        var current: [UInt64] = []
        for stored in storedIDs {
            current.append(stored)
            var seen: Set<UInt64> = []
            var next: UInt32 = 1
            current = current.map { id in
                if seen.contains(id) { return UInt64(next) }
                seen.insert(id)
                next = max(next, UInt32(id) &+ 1)
                return id
            }
        }
        return current
    }

    private func singlePass(_ storedIDs: [UInt64]) -> [UInt64] {
        var assigner = AssetIDAssigner()
        return storedIDs.map { assigner.assign($0) }
    }

    @Test("examples: scripts all 0, colliding fonts")
    func examples() {
        #expect(singlePass([0, 0, 0]) == [0, 1, 2])
        #expect(singlePass([5, 5, 5, 2]) == [5, 6, 7, 2])
        #expect(singlePass([102112, 102112]) == [102112, 102113])
        #expect(singlePass([3, 1, 1, 2]) == [3, 1, 4, 2])
    }

    @Test("the single pass equals the runtime's rerunning 32-bit pass on random id lists, near 2^32 too")
    func matchesRerunningReference() {
        var generator = SplitMix64(seed: 0x5EED)
        let top = UInt64(UInt32.max)
        for _ in 0..<20_000 {
            let count = Int(generator.next() % 9)
            let ids = (0..<count).map { _ in
                let small = generator.next() % 7
                return generator.next() % 3 == 0 ? top - min(small, 2) : small
            }
            #expect(singlePass(ids) == rerunningReference(ids), "\(ids)")
        }
    }

    @Test("next counts in 32 bits: after 2^32 - 1 it wraps and stays")
    func wrapsAt32Bits() {
        let top = UInt64(UInt32.max)
        #expect(singlePass([top, top]) == [top, 1])
        #expect(singlePass([top - 1, top, 1, 1]) == [top - 1, top, 1, top], "the runtime repeats 2^32 - 1 here")
    }

    @Test("ids that do not fit 32 bits keep names of their own and are reported as refused by the runtime")
    func idsBeyond32Bits() throws {
        #expect(singlePass([.max, .max, .max]) == [.max, 1, 2])
        var encoder = RivFileBuilder(fileID: 1, tableOfContents: [])
        for _ in 0..<3 {
            encoder.appendObject(typeKey: Schema.TypeKey.imageAsset, properties: [(Schema.PropertyKey.assetName, .string("x.png")),
                                                                                 (Schema.PropertyKey.fileAssetAssetId, .uint(.max))])
        }
        let file = try RivFile(bytes: encoder.bytes)
        #expect(Set(file.assets.map(\.uniqueName)).count == 3)
        #expect(file.assets.allSatisfy { $0.problems.contains { $0.kind == .assetIDOutOfRange(storedID: .max) } })
        #expect(file.assets[0].problems.first?.message.contains("refuses this file") == true)
    }
}

/// A small deterministic generator for reproducible test inputs.
struct SplitMix64: RandomNumberGenerator {
    private var state: UInt64

    init(seed: UInt64) {
        state = seed
    }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var value = state
        value = (value ^ (value >> 30)) &* 0xBF58_476D_1CE4_E5B9
        value = (value ^ (value >> 27)) &* 0x94D0_49BB_1331_11EB
        return value ^ (value >> 31)
    }
}
