/// Deflate tokens chosen as the cheapest path through every match: segment by segment, the
/// ``TreeMatchFinder``'s matches of every position are kept, a first parse takes the longest
/// match wherever there is one, and each following pass prices every symbol by the code
/// lengths of the pass before and keeps the path of least total cost. Matches are found
/// once per position, however many passes there are; a match of the nice length or more is
/// taken at once (its inner positions are added to the tree, not searched for a path).
enum CheapestParse {
    /// The positions one segment covers: its matches (at most `depth` a position, 4 bytes
    /// each, the buffer grown as they come), prices and choices are kept for the segment,
    /// so memory stays bounded.
    static let segment = 1 << 16

    /// Of the positions inside a match taken at once, only every `innerStep`-th and the last
    /// `innerTail` go into the tree: a long run is found again from its start and its end,
    /// and adding every inner position made runs of repeated rows cost a full tree walk a
    /// byte (on the corpus PNGs this took the thorough parse from 9.8 s to 7.1 s and changed
    /// its output by 0.03%).
    static let innerStep = 8
    static let innerTail = 4

    /// What each symbol costs in bits, extra bits included, under a block's code lengths;
    /// a symbol the block does not use is priced as a long code.
    struct SymbolCosts {
        var literal: [UInt32]
        /// By match length 0-258 (0-2 unused).
        var length: [UInt32]
        /// By distance code 0-29.
        var distance: [UInt32]

        init(_ plan: DynamicBlockPlan) {
            @inline(__always) func bits(_ length: UInt8) -> UInt32 { length == 0 ? 13 : UInt32(length) }
            literal = (0..<256).map { bits(plan.literalLengths[$0]) }
            length = (0...258).map { value in
                let code = BlockStatistics.lengthCode[value]
                return bits(plan.literalLengths[257 + code]) + UInt32(DeflateTables.lengthExtra[code])
            }
            distance = (0..<30).map { bits(plan.distanceLengths[$0]) + UInt32(DeflateTables.distanceExtra[$0]) }
        }

        /// Calls `body` with the three tables as pointers (literal, length, distance).
        func withPointers<Result>(_ body: (UnsafePointer<UInt32>, UnsafePointer<UInt32>, UnsafePointer<UInt32>) -> Result) -> Result {
            literal.withUnsafeBufferPointer { literal in
                length.withUnsafeBufferPointer { length in
                    distance.withUnsafeBufferPointer { distance in body(literal.baseAddress!, length.baseAddress!, distance.baseAddress!) }
                }
            }
        }
    }

    /// For each length from `shortest` through `longest` (none when `longest` is less): the
    /// price of reaching that many bytes on by this match (`distancePrice` plus the length's
    /// cost), kept in `price[length]` with the token in `choice[length]` where it is lower
    /// than the price there.
    @inline(__always)
    private static func relax(_ price: UnsafeMutablePointer<UInt32>, _ choice: UnsafeMutablePointer<LZ77Matcher.Token>,
                              from shortest: Int, through longest: Int, lengthCost: UnsafePointer<UInt32>, distancePrice: UInt32,
                              token: LZ77Matcher.Token) {
        var each = shortest
        while each <= longest {
            let total = distancePrice &+ lengthCost[each]
            if total < price[each] { price[each] = total; choice[each] = token | UInt32(each) << 16 }
            each &+= 1
        }
    }

    /// The work one parse did, for tests.
    struct Work {
        var nodesVisited = 0
        var matchesKept = 0
    }

    /// The tokens of `data`, segment by segment into `tokens`, with `effort.maxChain` as the
    /// tree's search depth and `effort.costPasses` cheapest-path passes; the work done is
    /// added to `work`.
    static func tokens(of data: UnsafeBufferPointer<UInt8>, effort: LZ77Matcher.Effort, work: inout Work,
                       into tokens: inout BlockSplitter) {
        let count = data.count
        guard count > 0, let base = data.baseAddress else { return }
        let depth = max(1, effort.maxChain)
        var finder = TreeMatchFinder(data, depth: depth, niceLength: effort.niceLength)
        let span = min(segment, count)
        // Per position: where its matches start in `matches` (they end where the next
        // position's start), and whether its match is taken at once. A segment's last match
        // taken at once may run up to 257 positions past its end.
        let positions = span + 259
        let first = UnsafeMutablePointer<Int32>.allocate(capacity: positions)
        var capacity = span + depth
        var matches = UnsafeMutablePointer<UInt32>.allocate(capacity: capacity)
        let forced = UnsafeMutablePointer<Bool>.allocate(capacity: positions)
        let price = UnsafeMutablePointer<UInt32>.allocate(capacity: positions)
        let choice = UnsafeMutablePointer<LZ77Matcher.Token>.allocate(capacity: positions)
        defer {
            finder.deallocate()
            first.deallocate(); matches.deallocate(); forced.deallocate(); price.deallocate(); choice.deallocate()
        }
        var path: [LZ77Matcher.Token] = []
        var start = 0
        while start < count {
            let end = min(start + span, count), n = end - start
            // Every match of every position of the segment.
            var kept = 0
            var i = 0
            while i < n {
                first[i] = Int32(kept)
                if kept + depth > capacity {
                    let grown = UnsafeMutablePointer<UInt32>.allocate(capacity: min(2 * capacity, span * depth + depth))
                    grown.update(from: matches, count: kept)
                    matches.deallocate()
                    matches = grown
                    capacity = min(2 * capacity, span * depth + depth)
                }
                let longest = finder.advance(start + i, into: matches, kept: &kept)
                forced[i] = longest >= effort.niceLength
                if forced[i] {
                    for skipped in 1..<longest {
                        first[i + skipped] = Int32(kept)
                        forced[i + skipped] = false
                        if skipped % innerStep == 0 || longest - skipped <= innerTail {
                            finder.advance(start + i + skipped, into: nil, kept: &kept)
                        }
                    }
                    i += longest
                } else {
                    i += 1
                }
            }
            first[i] = Int32(kept)
            // The segment's last match taken at once may run past its end: the next segment starts after it.
            let m = i, parsedEnd = start + m
            work.matchesKept += kept

            @inline(__always) func matchToken(_ packed: UInt32, length: Int) -> LZ77Matcher.Token {
                0x8000_0000 | UInt32(length) << 16 | (packed & 0xFFFF)
            }
            // The first parse: the longest match wherever there is one.
            var segmentTokens: [LZ77Matcher.Token] = []
            i = 0
            while i < m {
                let lastMatch = Int(first[i + 1]) - 1
                if lastMatch >= Int(first[i]), m - i >= 3 {
                    let packed = matches[lastMatch]
                    let length = min(Int(packed >> 16), m - i)
                    segmentTokens.append(matchToken(packed, length: length))
                    i += length
                } else {
                    segmentTokens.append(LZ77Matcher.Token(base[start + i]))
                    i += 1
                }
            }
            for _ in 0..<effort.costPasses {
                let costs = SymbolCosts(BlockStatistics(tokens: segmentTokens[...]).dynamicPlan())
                price.initialize(repeating: .max, count: m + 1)
                price[0] = 0
                costs.withPointers { literalCost, lengthCost, distanceCost in
                    var i = 0
                    while i < m {
                        let here = price[i]
                        let from = Int(first[i]), to = Int(first[i + 1])
                        if forced[i] {
                            let packed = matches[to - 1], length = Int(packed >> 16)
                            let total = here &+ lengthCost[length] &+ distanceCost[BlockStatistics.distanceCode(Int(packed & 0xFFFF) + 1)]
                            if total < price[i + length] { price[i + length] = total; choice[i + length] = matchToken(packed, length: length) }
                            i += length
                            continue
                        }
                        let literal = base[start + i]
                        let literalPrice = here &+ literalCost[Int(literal)]
                        if literalPrice < price[i + 1] { price[i + 1] = literalPrice; choice[i + 1] = LZ77Matcher.Token(literal) }
                        var shorter = 3
                        for index in from..<to {
                            let packed = matches[index]
                            let length = min(Int(packed >> 16), m - i)
                            let distancePrice = here &+ distanceCost[BlockStatistics.distanceCode(Int(packed & 0xFFFF) + 1)]
                            relax(price + i, choice + i, from: shorter, through: length, lengthCost: lengthCost,
                                  distancePrice: distancePrice, token: 0x8000_0000 | (packed & 0xFFFF))
                            shorter = max(shorter, length + 1)
                        }
                        i += 1
                    }
                }
                path.removeAll(keepingCapacity: true)
                var back = m
                while back > 0 {
                    let token = choice[back]
                    path.append(token)
                    back -= token & 0x8000_0000 == 0 ? 1 : Int(token >> 16 & 0x1FF)
                }
                segmentTokens = path.reversed()
            }
            tokens.append(contentsOf: segmentTokens)
            start = parsedEnd
        }
        work.nodesVisited = finder.nodesVisited
    }
}
