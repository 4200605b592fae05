import Testing
@testable import RivPNG

/// The deflate encoder's cheapest-path parse against its lazy parse, and the work of its
/// tree match finder.
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
        // Past one segment, so a segment boundary and matches reaching across it are covered.
        let data = Self.imageLike(CheapestParse.segment + 40_000)
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

    @Test func theTreeFinderFollowsAtMostItsDepthInNodesPerPosition() {
        let data = Self.imageLike(200_000)
        for depth in [4, 32] {
            var effort = LZ77Matcher.Effort.thorough
            effort.maxChain = depth
            var work = CheapestParse.Work()
            var blocks = BlockSplitter { _, _ in }
            data.withUnsafeBufferPointer { CheapestParse.tokens(of: $0, effort: effort, work: &work, into: &blocks) }
            #expect(work.nodesVisited > 0 && work.nodesVisited <= depth * data.count, "depth \(depth): \(work.nodesVisited) nodes")
            #expect(work.matchesKept <= depth * data.count)
        }
    }

    @Test func extraPassesAndADeeperSearchNeverCostMoreHere() throws {
        let data = Self.imageLike(150_000)
        var shallow = LZ77Matcher.Effort.thorough
        shallow.maxChain = 2
        shallow.costPasses = 1
        var deep = shallow
        deep.maxChain = 32
        var twice = deep
        twice.costPasses = 2
        let sizes = [shallow, deep, twice].map { Deflater.compressedSize(data, effort: $0) }
        #expect(sizes[1] < sizes[0] && sizes[2] <= sizes[1], "\(sizes)")
        #expect(try Inflater.inflate(zlib: Deflater.zlib(data, effort: twice), expectedSize: data.count) == data)
    }

    @Test func aRunLongerThanTheNiceLengthIsTakenAtOnce() throws {
        // A long run: each search ends at its first node (a 258-byte match), and of the
        // positions inside a match taken at once only every 8th and the last 4 are added to
        // the tree, so the work stays under a fifth of a node a position however deep the
        // search may go.
        let data = [UInt8](repeating: 9, count: 300_000) + Self.imageLike(1_000)
        var work = CheapestParse.Work()
        var blocks = BlockSplitter { _, _ in }
        data.withUnsafeBufferPointer { CheapestParse.tokens(of: $0, effort: .thorough, work: &work, into: &blocks) }
        #expect(work.nodesVisited < data.count / 5, "\(work.nodesVisited) nodes for \(data.count) bytes")
        #expect(try Inflater.inflate(zlib: Deflater.zlib(data, effort: .thorough), expectedSize: data.count) == data)
    }

    @Test func theFastParseSkipsRunsInTheChainsYetInflatesToTheInputAndStaysSmall() throws {
        // Rows of a sparse picture: long transparent runs, and a few short pixel patterns.
        var data: [UInt8] = []
        for row in 0..<200 {
            data.append(1)
            data += [UInt8](repeating: 0, count: 1500)
            data += (0..<60).map { UInt8(truncatingIfNeeded: ($0 * 7 + row) % 13) }
            data += [UInt8](repeating: 0, count: 2500)
        }
        let fast = Deflater.zlib(data, effort: .fast)
        #expect(try Inflater.inflate(zlib: fast, expectedSize: data.count) == data)
        // A hard case for it: no pattern repeats within the window, so what the chains miss are the
        // runs' ends (3758 bytes against 2482 here; on corpus pictures 0.5% larger in all).
        let quick = Deflater.zlib(data, effort: .quick)
        #expect(fast.count <= quick.count * 2, "fast \(fast.count) bytes, quick \(quick.count)")
        for data in [[], [1], [1, 2, 3, 1, 2, 3], DeflaterTests.imageLike(50_000)] as [[UInt8]] {
            #expect(try Inflater.inflate(zlib: Deflater.zlib(data, effort: .fast), expectedSize: data.count) == data)
        }
    }
}
