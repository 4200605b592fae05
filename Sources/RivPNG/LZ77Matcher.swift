/// Finds repeated strings for deflate: hash chains over 3-byte prefixes in a 32 KiB
/// window, with lazy matching (a match is put off by one byte when the next byte starts a
/// longer one), or, for ``Effort/costPasses`` above 0, the cheapest parse
/// (``CheapestParse``, on a binary-tree match finder). The result is a list of tokens: a literal byte, or a
/// (length, distance) match.
struct LZ77Matcher {
    /// How hard to look.
    struct Effort: Sendable {
        /// The most chain links followed per position (for the cheapest parse: the most tree
        /// nodes, ``TreeMatchFinder``'s depth).
        var maxChain: Int
        /// A match this long ends the search.
        var niceLength: Int
        /// Whether to put a match off when the next position has a longer one.
        var lazy: Bool
        /// How many times the tokens are chosen again as the cheapest path through every
        /// match found at every position (``CheapestParse``), each symbol priced by the code
        /// lengths of the tokens before. 0: the lazy (or greedy) parse alone, on hash chains.
        var costPasses = 0
        /// A match whose distance is at most this many bytes (a run of one repeated pixel, such
        /// as a picture's transparent or flat rows after the Sub filter) enters only its first
        /// position into the hash chains: a run then costs a search per match instead of a hash
        /// per byte, while the positions of other matches, where a later row finds its
        /// repeats, are all entered. 0: every position is entered.
        var runDistance = 0

        /// Quick, for comparing filter choices against each other.
        static let quick = Effort(maxChain: 8, niceLength: 32, lazy: false)
        /// Fastest, for pictures written as they are drawn: ``quick`` with a ``runDistance`` of 8
        /// (two RGBA pixels).
        static let fast = Effort(maxChain: 8, niceLength: 32, lazy: false, runDistance: 8)
        /// Thorough, for the data that is written.
        static let thorough = Effort(maxChain: 48, niceLength: 258, lazy: true, costPasses: 3)
    }

    /// A token: a literal (`isMatch` false, `literal` the byte) or a match.
    /// Packed: bit 31 set for a match, then the length in bits 16-24 and the distance in bits 0-15
    /// (distance - 1, so 32768 fits).
    typealias Token = UInt32

    static let windowSize = 32768
    private static let hashBits = 15

    /// The tokens of `data`, in order into `tokens`: the lazy (or greedy) parse, or, when
    /// `effort.costPasses` is above 0, the cheapest parse (``CheapestParse``).
    static func tokens(of data: UnsafeBufferPointer<UInt8>, effort: Effort, into tokens: inout BlockSplitter) {
        if effort.costPasses > 0 {
            var work = CheapestParse.Work()
            CheapestParse.tokens(of: data, effort: effort, work: &work, into: &tokens)
        } else {
            parse(data, effort: effort, into: &tokens)
        }
    }

    /// The lazy (or greedy) parse of `data`.
    private static func parse(_ data: UnsafeBufferPointer<UInt8>, effort: Effort, into tokens: inout BlockSplitter) {
        let count = data.count
        guard count > 0, let base = data.baseAddress else { return }
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
                if held.distance > effort.runDistance { for position in at..<(at - 1 + held.length) { insert(position) } }
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
                for position in at..<(at + (found.distance > effort.runDistance ? found.length : 1)) { insert(position) }
                at += found.length
            } else {
                tokens.append(Token(base[at]))
                insert(at)
                at += 1
            }
        }
        if let held = pending { tokens.append(match(held.length, held.distance)) }
    }
}

