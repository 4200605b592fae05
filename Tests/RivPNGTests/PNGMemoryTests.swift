import Dispatch
import Testing
import RivSupport
@testable import RivPNG

/// What an optimisation holds: its reservation from the shared decode budget, the
/// candidates made one at a time, the tokens cut into blocks as they come.
@Suite struct PNGMemoryTests {
    static let images = (0..<12).map { index in
        PNGTestImages.encode(PNGTestImages.synthetic(width: 24 + 8 * (index % 4), height: 20 + 4 * (index % 3),
                                                     colorType: [.grey, .rgb, .rgba][index % 3], bitDepth: 8, seed: index + 1))
    }

    static func options(_ budget: DecodeBudget) -> PNGOptimizer.Options {
        var options = PNGOptimizer.Options()
        options.budget = budget
        return options
    }

    static func working(_ bytes: [UInt8]) throws -> Int {
        PNGOptimizer.workingBytes(for: try PNGFile(bytes: bytes).header)
    }

    @Test func parallelOptimisationsShareOneBudgetAndStayWithinIt() throws {
        let largest = try Self.images.map(Self.working).max()!
        let budget = DecodeBudget(capacity: 2 * largest + largest / 2)
        let results = Protected([Int: [UInt8]]())
        DispatchQueue.concurrentPerform(iterations: Self.images.count) { index in
            let bytes = try? PNGOptimizer.optimize(Self.images[index], options: Self.options(budget)).bytes
            results.withLock { $0[index] = bytes }
        }
        #expect(budget.highWaterMark <= budget.capacity && budget.highWaterMark >= largest)
        #expect(budget.heldBytes == 0)
        // The budget changes when an image is optimised, not what comes out.
        for (index, image) in Self.images.enumerated() {
            #expect(results.withLock { $0[index] } == (try PNGOptimizer.optimize(image).bytes), "image \(index)")
        }
    }

    @Test func anImageLargerThanTheBudgetRunsAlone() throws {
        let budget = DecodeBudget(capacity: 1000)
        let large = try Self.working(Self.images[3])
        #expect(large > 1000)
        DispatchQueue.concurrentPerform(iterations: 4) { index in
            _ = try? PNGOptimizer.optimize(Self.images[index == 0 ? 3 : 0], options: Self.options(budget))
        }
        #expect(budget.highWaterMark == Swift.max(large, try Self.working(Self.images[0])))
        #expect(budget.heldBytes == 0)
    }

    @Test func theReservationIsThreeTimesTheDecodedSizeAndTheDeflatersTables() throws {
        let header = PNGHeader(width: 100, height: 10, bitDepth: 8, colorType: .grey, interlaced: false)
        #expect(PNGOptimizer.workingBytes(for: header) == 3 * 1010 + (16 << 20))
        let huge = PNGHeader(width: 1 << 20, height: 1 << 20, bitDepth: 16, colorType: .rgba, interlaced: false)
        #expect(PNGOptimizer.workingBytes(for: huge) == 0)
        // A file refused for its size reserves nothing and throws.
        let budget = DecodeBudget(capacity: 100)
        var options = Self.options(budget)
        options.maximumRawBytes = 100
        #expect(throws: PNGError.self) { try PNGOptimizer.optimize(Self.images[3], options: options) }
        #expect(budget.highWaterMark == 0)
    }

    @Test func tokensAreHandedOnABlockAtATime() {
        // 2 MB of bytes that seldom repeat: nearly 2 million tokens, never all held.
        var state: UInt32 = 1
        let data = (0..<2_000_000).map { _ in
            state = state &* 1_664_525 &+ 1_013_904_223
            return UInt8(truncatingIfNeeded: state >> 24)
        }
        var sizes: [Int] = [], covered: [Int] = []
        var blocks = BlockSplitter { block, _ in
            sizes.append(block.count)
            covered.append(block.reduce(0) { $0 + Deflater.tokenInputLength($1) })
        }
        data.withUnsafeBufferPointer { LZ77Matcher.tokens(of: $0, effort: .quick, into: &blocks) }
        // Before the end every block but the open one has been handed on.
        #expect(data.count - covered.reduce(0, +) <= 258 * ((1 << 17) + 2048))
        #expect(covered.reduce(0, +) > data.count / 2)
        blocks.finish()
        #expect(covered.reduce(0, +) == data.count)
        #expect(sizes.count > 10 && sizes.allSatisfy { $0 <= 1 << 17 }, "\(sizes)")
    }

    @Test func anAnimatedPNGIsLeftAsItIs() throws {
        let image = PNGTestImages.synthetic(width: 40, height: 40, colorType: .rgba, bitDepth: 8)
        let control = PNGChunk(type: "acTL", offset: 0, data: [0, 0, 0, 1, 0, 0, 0, 0])
        let text = PNGChunk(type: "tEXt", offset: 0, data: ArraySlice(Array("Comment\0".utf8) + [UInt8](repeating: 65, count: 300)))
        let animated = PNGTestImages.encode(image, strategy: .none, chunks: [control, text])
        let result = try PNGOptimizer.optimize(animated)
        #expect(result.outcome == .keptAnimation)
        #expect(result.bytes == animated)
        #expect(result.droppedChunks.isEmpty)
        // Without the animation chunk the same file is rewritten.
        #expect(try PNGOptimizer.optimize(PNGTestImages.encode(image, strategy: .none, chunks: [text])).outcome == .optimized)
    }
}
