/// Finds, at each position, the nearest match of every length up to the longest in a
/// 32 KiB window: the positions of each 3-byte hash bucket are kept in a binary search tree
/// ordered by the strings that start there, newest at the root, so a search walks one path
/// down the tree (at most `depth` nodes) and puts the new position at the root on the way.
/// Memory is fixed: a head per hash and two children per window position.
struct TreeMatchFinder {
    private static let hashBits = 16
    private static let empty: Int32 = -1
    private let base: UnsafePointer<UInt8>
    private let count: Int
    private let depth: Int
    private let niceLength: Int
    private let head: UnsafeMutablePointer<Int32>
    /// Children of window position p: [2p] the smaller strings, [2p + 1] the larger.
    private let children: UnsafeMutablePointer<Int32>

    /// Nodes followed so far (the work done), for tests.
    private(set) var nodesVisited = 0

    init(_ data: UnsafeBufferPointer<UInt8>, depth: Int, niceLength: Int) {
        base = data.baseAddress ?? UnsafePointer(bitPattern: 1)!
        count = data.count
        self.depth = max(1, depth)
        self.niceLength = min(max(niceLength, 3), 258)
        head = .allocate(capacity: 1 << Self.hashBits)
        head.initialize(repeating: Self.empty, count: 1 << Self.hashBits)
        children = .allocate(capacity: 2 * LZ77Matcher.windowSize)
        children.initialize(repeating: Self.empty, count: 2 * LZ77Matcher.windowSize)
    }

    /// Frees the tables; the finder is not used after.
    func deallocate() {
        head.deallocate()
        children.deallocate()
    }

    /// Adds position `at` (every position is added once, in order) and, when `matches` is
    /// given, appends there (at `kept`, which it advances) each match that is longer than
    /// the ones before it, nearest first, packed as length << 16 | (distance - 1) (length
    /// 3-258, distance 1-32767); at most `depth` of them. Returns the longest length found (0: none).
    @discardableResult
    @inline(__always)
    mutating func advance(_ at: Int, into matches: UnsafeMutablePointer<UInt32>?, kept: inout Int) -> Int {
        let limit = min(258, count - at)
        guard limit >= 3 else { return 0 }
        let value = UInt32(base[at]) | UInt32(base[at + 1]) << 8 | UInt32(base[at + 2]) << 16
        let bucket = Int((value &* 0x9E37_79B1) >> UInt32(32 - Self.hashBits))
        let mask = LZ77Matcher.windowSize - 1
        let lowest = at - LZ77Matcher.windowSize
        var node = Int(head[bucket])
        head[bucket] = Int32(at)
        var smallerSlot = 2 * (at & mask), largerSlot = smallerSlot + 1
        var smallerLength = 0, largerLength = 0, best = 2
        var steps = depth
        let raw = UnsafeRawPointer(base)
        while node > lowest && node >= 0 && steps > 0 {
            nodesVisited += 1
            var length = min(smallerLength, largerLength)
            while length + 8 <= limit {
                let x = raw.loadUnaligned(fromByteOffset: node + length, as: UInt64.self)
                let y = raw.loadUnaligned(fromByteOffset: at + length, as: UInt64.self)
                if x != y { length += (x ^ y).trailingZeroBitCount / 8; break }
                length += 8
            }
            if length + 8 > limit { while length < limit && base[node + length] == base[at + length] { length += 1 } }
            let nodeSlot = 2 * (node & mask)
            if length > best {
                best = length
                if let matches {
                    matches[kept] = UInt32(length) << 16 | UInt32(at - node - 1)
                    kept += 1
                }
                if length >= niceLength || length == limit {
                    // The new position stands for the old one from here on: it takes its children.
                    children[smallerSlot] = children[nodeSlot]
                    children[largerSlot] = children[nodeSlot + 1]
                    return best
                }
            }
            if length < limit && base[node + length] < base[at + length] {
                children[smallerSlot] = Int32(node)
                smallerSlot = nodeSlot + 1
                smallerLength = length
                node = Int(children[smallerSlot])
            } else {
                children[largerSlot] = Int32(node)
                largerSlot = nodeSlot
                largerLength = length
                node = Int(children[largerSlot])
            }
            steps -= 1
        }
        children[smallerSlot] = Self.empty
        children[largerSlot] = Self.empty
        return best > 2 ? best : 0
    }
}
