import Testing
@testable import RivPNG

/// The deflate encoder's cheapest-path parse against its lazy parse.
@Suite struct DeflaterTests {
    /// Filtered-image-like bytes: short repeats at many distances among noise, so that a
    /// lazy parse takes matches a cheaper path avoids; `count` of them, the same for every run.
    static func imageLike(_ count: Int) -> [UInt8] {
        var state: UInt32 = 12345
        var bytes: [UInt8] = []
        bytes.reserveCapacity(count)
        while bytes.count < count {
            state = state &* 1_103_515_245 &+ 12345
            let pick = Int(state >> 16)
            if pick % 3 == 0 && bytes.count > 300 {
                let distance = 1 + pick % 300, length = 3 + pick % 7
                for _ in 0..<length where bytes.count < count { bytes.append(bytes[bytes.count - distance]) }
            } else {
                bytes.append(UInt8(truncatingIfNeeded: pick % 24))
            }
        }
        return bytes
    }

    @Test func theCheapestPathIsSmallerThanTheLazyParseAndInflatesToTheInput() throws {
        // Past one cost segment, so a segment boundary and matches reaching across it are covered.
        let data = Self.imageLike(LZ77Matcher.costSegment + 40_000)
        var lazy = LZ77Matcher.Effort.thorough
        lazy.costPasses = 0
        let cheapest = Deflater.zlib(data, effort: .thorough)
        let lazySize = Deflater.compressedSize(data, effort: lazy)
        #expect(LZ77Matcher.Effort.thorough.costPasses > 0)
        #expect(cheapest.count < lazySize, "cheapest path \(cheapest.count) bytes, lazy \(lazySize)")
        #expect(try Inflater.inflate(zlib: cheapest, expectedSize: data.count) == data)
    }

    @Test func longRunsAndTinyInputsInflateToTheInput() throws {
        let runs = [UInt8](repeating: 7, count: 100_000) + Array(0..<200).map { UInt8($0) } + [UInt8](repeating: 0, count: 70_000)
        for data in [runs, [], [1], [1, 2], [1, 2, 3, 1, 2, 3]] {
            #expect(try Inflater.inflate(zlib: Deflater.zlib(data, effort: .thorough), expectedSize: data.count) == data)
        }
    }
}
