/// The Adler-32 checksum that closes a zlib stream (RFC 1950).
public enum Adler32 {
    private static let modulus: UInt32 = 65521
    /// The most bytes that can be summed before the 32-bit sums must be reduced.
    private static let run = 5552

    /// The checksum of `bytes`.
    public static func checksum<Bytes: Collection>(_ bytes: Bytes) -> UInt32 where Bytes.Element == UInt8 {
        if let sum = bytes.withContiguousStorageIfAvailable(checksum) { return sum }
        return checksum(Array(bytes))
    }

    /// The checksum of contiguous bytes: runs of `run` bytes, each reduced once at its end.
    ///
    /// A run's 16-byte words are summed per lane: `lanes` holds each lane's bytes so far and
    /// `laneTotals` the sum of `lanes` after every word. Byte `k` of word `j` (of `n`) adds to
    /// the high sum once for itself and every byte after it, `16 * (n - j) - k` times, which
    /// is `16 * laneTotals[k] - k * lanes[k]` summed over the words.
    private static func checksum(_ bytes: UnsafeBufferPointer<UInt8>) -> UInt32 {
        var low: UInt32 = 1
        var high: UInt32 = 0
        guard var next = bytes.baseAddress else { return 1 }
        let lanePositions = SIMD16<UInt32>(0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15)
        var left = bytes.count
        while left > 0 {
            let length = min(left, run)
            let end = next + length
            let words = length / 16
            var lanes = SIMD16<UInt32>(), laneTotals = SIMD16<UInt32>()
            for _ in 0..<words {
                lanes &+= SIMD16<UInt32>(truncatingIfNeeded: UnsafeRawPointer(next).loadUnaligned(as: SIMD16<UInt8>.self))
                laneTotals &+= lanes
                next += 16
            }
            high &+= UInt32(16 * words) &* low &+ 16 &* laneTotals.wrappedSum() &- (lanePositions &* lanes).wrappedSum()
            low &+= lanes.wrappedSum()
            while next < end {
                low &+= UInt32(next.pointee)
                high &+= low
                next += 1
            }
            low %= modulus
            high %= modulus
            left -= length
        }
        return high << 16 | low
    }
}
