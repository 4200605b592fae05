/// Finds repeated strings for deflate: hash chains over 3-byte prefixes in a 32 KiB
/// window, with lazy matching (a match is put off by one byte when the next byte starts a
/// longer one), or, for ``Effort/costPasses`` above 0, the cheapest parse under the code
/// lengths of the parse before it. The result is a list of tokens: a literal byte, or a
/// (length, distance) match.
struct LZ77Matcher {
    /// How hard to look.
    struct Effort: Sendable {
        /// The most chain links followed per position.
        var maxChain: Int
        /// A match this long ends the search.
        var niceLength: Int
        /// Whether to put a match off when the next position has a longer one.
        var lazy: Bool
        /// How many times the tokens are chosen again as the cheapest path through every
        /// match found at every position, each symbol priced by the code lengths of the
        /// tokens before (the first by the lazy parse). 0: the lazy (or greedy) parse alone.
        var costPasses = 0

        /// Quick, for comparing filter choices against each other.
        static let quick = Effort(maxChain: 8, niceLength: 32, lazy: false)
        /// Thorough, for the data that is written.
        static let thorough = Effort(maxChain: 64, niceLength: 258, lazy: true, costPasses: 1)
    }

    /// The positions one cheapest-path search covers: its prices and choices take 8 bytes
    /// a position, so memory stays bounded whatever the input's size.
    static let costSegment = 1 << 20

    /// A token: a literal (`isMatch` false, `literal` the byte) or a match.
    /// Packed: bit 31 set for a match, then the length in bits 16-24 and the distance in bits 0-15
    /// (distance - 1, so 32768 fits).
    typealias Token = UInt32

    static let windowSize = 32768
    private static let hashBits = 15

    /// The tokens of `data`.
    static func tokens(of data: UnsafeBufferPointer<UInt8>, effort: Effort) -> [Token] {
        var lazyEffort = effort
        lazyEffort.costPasses = 0
        var tokens = parse(data, effort: lazyEffort, costs: nil)
        for _ in 0..<effort.costPasses {
            tokens = parse(data, effort: effort, costs: SymbolCosts(BlockStatistics(tokens: tokens[...]).dynamicPlan()))
        }
        return tokens
    }

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
    }

    /// One parse of `data`: lazy (or greedy) when `costs` is nil, else the cheapest under `costs`.
    private static func parse(_ data: UnsafeBufferPointer<UInt8>, effort: Effort, costs: SymbolCosts?) -> [Token] {
        let count = data.count
        var tokens: [Token] = []
        tokens.reserveCapacity(count / 2 + 16)
        guard count > 0, let base = data.baseAddress else { return tokens }
        let hashSize = 1 << hashBits
        let head = UnsafeMutablePointer<Int32>.allocate(capacity: hashSize)
        head.initialize(repeating: -1, count: hashSize)
        let previous = UnsafeMutablePointer<Int32>.allocate(capacity: windowSize)
        previous.initialize(repeating: -1, count: windowSize)
        defer { head.deallocate(); previous.deallocate() }

        @inline(__always) func hash(_ at: Int) -> Int {
            let value = UInt32(base[at]) | UInt32(base[at + 1]) << 8 | UInt32(base[at + 2]) << 16
            return Int((value &* 0x9E37_79B1) >> UInt32(32 - hashBits))
        }
        @inline(__always) func insert(_ at: Int) {
            guard at + 3 <= count else { return }
            let h = hash(at)
            previous[at & (windowSize - 1)] = head[h]
            head[h] = Int32(at)
        }
        @inline(__always) func matchLength(_ a: Int, _ b: Int, limit: Int) -> Int {
            var length = 0
            let raw = UnsafeRawPointer(base)
            while length + 8 <= limit {
                let x = raw.loadUnaligned(fromByteOffset: a + length, as: UInt64.self)
                let y = raw.loadUnaligned(fromByteOffset: b + length, as: UInt64.self)
                if x != y { return length + (x ^ y).trailingZeroBitCount / 8 }
                length += 8
            }
            while length < limit && base[a + length] == base[b + length] { length += 1 }
            return length
        }
        /// The longest match for position `at` (length 0 when none of at least 3), looking
        /// no further than a match of `atLeast` already known.
        @inline(__always) func longestMatch(_ at: Int, atLeast: Int) -> (length: Int, distance: Int) {
            let limit = min(258, count - at)
            var best = max(atLeast, 2), bestDistance = 0
            guard limit > best else { return (0, 0) }
            var candidate = Int(head[hash(at)])
            var chain = atLeast >= 32 ? effort.maxChain / 4 : effort.maxChain
            let lowest = at - windowSize
            while candidate >= 0 && candidate > lowest && chain > 0 {
                if base[candidate + best] == base[at + best] {
                    let length = matchLength(candidate, at, limit: limit)
                    if length > best {
                        best = length
                        bestDistance = at - candidate
                        if length >= effort.niceLength || length == limit { break }
                    }
                }
                let next = Int(previous[candidate & (windowSize - 1)])
                if next >= candidate { break }
                candidate = next
                chain -= 1
            }
            return bestDistance == 0 ? (0, 0) : (best, bestDistance)
        }
        @inline(__always) func match(_ length: Int, _ distance: Int) -> Token {
            0x8000_0000 | UInt32(length) << 16 | UInt32(distance - 1)
        }

        if let costs {
            cheapestPath(count: count, costs: costs, effort: effort, base: base, into: &tokens, insert: insert, hash: hash,
                         head: head, previous: previous, matchLength: matchLength)
            return tokens
        }
        var at = 0
        var pending: (length: Int, distance: Int)? = nil
        while at < count {
            let found = longestMatch(at, atLeast: pending?.length ?? 0)
            if let held = pending {
                if found.length > held.length {
                    tokens.append(Token(base[at - 1]))
                    pending = found
                    insert(at)
                    at += 1
                    continue
                }
                // Emit the held match, which started one byte back.
                tokens.append(match(held.length, held.distance))
                for position in at..<(at - 1 + held.length) { insert(position) }
                at += held.length - 1
                pending = nil
                continue
            }
            if found.length >= 3 {
                if effort.lazy && found.length < effort.niceLength && at + 1 < count {
                    pending = found
                    insert(at)
                    at += 1
                    continue
                }
                tokens.append(match(found.length, found.distance))
                for position in at..<(at + found.length) { insert(position) }
                at += found.length
            } else {
                tokens.append(Token(base[at]))
                insert(at)
                at += 1
            }
        }
        if let held = pending { tokens.append(match(held.length, held.distance)) }
        return tokens
    }

    /// The cheapest tokens under `costs`, segment by segment: at every position the literal and,
    /// for every match length up to the longest found, the nearest match of that length are
    /// priced; the path of least total cost is kept. A match of `niceLength` or more is taken
    /// at once (its inner positions are not searched), which keeps long runs linear.
    private static func cheapestPath(count: Int, costs: SymbolCosts, effort: Effort, base: UnsafePointer<UInt8>,
                                     into tokens: inout [Token], insert: (Int) -> Void, hash: (Int) -> Int,
                                     head: UnsafeMutablePointer<Int32>, previous: UnsafeMutablePointer<Int32>,
                                     matchLength: (Int, Int, Int) -> Int) {
        let segment = min(costSegment, count)
        let price = UnsafeMutablePointer<UInt32>.allocate(capacity: segment + 1)
        let choice = UnsafeMutablePointer<Token>.allocate(capacity: segment + 1)
        defer { price.deallocate(); choice.deallocate() }
        var path: [Token] = []
        var start = 0
        while start < count {
            let end = min(start + segment, count), n = end - start
            price.initialize(repeating: .max, count: n + 1)
            price[0] = 0
            var i = 0
            while i < n {
                let at = start + i, here = price[i]
                let literalPrice = here + costs.literal[Int(base[at])]
                if literalPrice < price[i + 1] { price[i + 1] = literalPrice; choice[i + 1] = Token(base[at]) }
                let limit = min(258, end - at)
                var best = 2
                if limit > best {
                    var candidate = Int(head[hash(at)])
                    var chain = effort.maxChain
                    let lowest = at - windowSize
                    while candidate >= 0 && candidate > lowest && chain > 0 {
                        if base[candidate + best] == base[at + best] {
                            let length = matchLength(candidate, at, limit)
                            if length > best {
                                let distance = at - candidate
                                let distancePrice = here + costs.distance[BlockStatistics.distanceCode(distance)]
                                let token = 0x8000_0000 | UInt32(distance - 1)
                                for each in (best + 1)...length {
                                    let total = distancePrice + costs.length[each]
                                    if total < price[i + each] { price[i + each] = total; choice[i + each] = token | UInt32(each) << 16 }
                                }
                                best = length
                                if length >= effort.niceLength || length == limit { break }
                            }
                        }
                        let next = Int(previous[candidate & (windowSize - 1)])
                        if next >= candidate { break }
                        candidate = next
                        chain -= 1
                    }
                }
                insert(at)
                if best >= effort.niceLength {
                    for position in (at + 1)..<(at + best) { insert(position) }
                    i += best
                } else {
                    i += 1
                }
            }
            path.removeAll(keepingCapacity: true)
            var back = n
            while back > 0 {
                let token = choice[back]
                path.append(token)
                back -= token & 0x8000_0000 == 0 ? 1 : Int(token >> 16 & 0x1FF)
            }
            tokens.append(contentsOf: path.reversed())
            start = end
        }
    }
}
