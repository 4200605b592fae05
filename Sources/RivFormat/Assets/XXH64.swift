/// XXH64 with seed 0, the package's one content hash: asset fingerprints in
/// listings and results, the hosted cache's entry records, the hash in encoded
/// file names. Any `xxhsum -H64` or Python's `xxhash.xxh64` gives the same value.
///
/// Hash a buffer in one call with `hash(_:)`, or feed several buffers in order
/// to one value with ``update(_:)`` and read ``digest``.
public struct XXH64: Sendable {
    private static let prime1: UInt64 = 0x9E37_79B1_85EB_CA87
    private static let prime2: UInt64 = 0xC2B2_AE3D_27D4_EB4F
    private static let prime3: UInt64 = 0x1656_67B1_9E37_79F9
    private static let prime4: UInt64 = 0x85EB_CA77_C2B2_AE63
    private static let prime5: UInt64 = 0x27D4_EB2F_1656_67C5
    private static let stripe = 32

    /// The hash of no bytes (`ef46db3751d8e999`).
    public static let emptyHash: UInt64 = 0xEF46_DB37_51D8_E999

    private var lanes: (UInt64, UInt64, UInt64, UInt64) = (prime1 &+ prime2, prime2, 0, 0 &- prime1)
    /// Bytes not yet folded into the lanes (fewer than a stripe).
    private var pending: (UInt64, UInt64, UInt64, UInt64) = (0, 0, 0, 0)
    private var pendingCount = 0
    private var totalCount: UInt64 = 0

    /// A hash of no bytes yet.
    public init() {}

    /// The hash of `bytes`.
    public static func hash(_ bytes: UnsafeRawBufferPointer) -> UInt64 {
        var hasher = XXH64()
        hasher.update(bytes)
        return hasher.digest
    }

    /// The hash of `bytes`.
    public static func hash(_ bytes: [UInt8]) -> UInt64 {
        bytes.withUnsafeBytes { hash($0) }
    }

    /// The hash as 16 lower-case hex digits.
    public static func hexString(_ hash: UInt64) -> String {
        let hex = String(hash, radix: 16)
        return String(repeating: "0", count: 16 - hex.count) + hex
    }

    /// Adds `bytes` after those already hashed.
    public mutating func update(_ bytes: UnsafeRawBufferPointer) {
        guard var start = bytes.baseAddress, !bytes.isEmpty else { return }
        var count = bytes.count
        totalCount &+= UInt64(count)
        if pendingCount > 0 {
            let taken = min(count, Self.stripe - pendingCount)
            let offset = pendingCount
            withUnsafeMutableBytes(of: &pending) { $0.baseAddress!.advanced(by: offset).copyMemory(from: start, byteCount: taken) }
            pendingCount += taken
            start += taken
            count -= taken
            guard pendingCount == Self.stripe else { return }
            let held = pending
            withUnsafeBytes(of: held) { consumeStripes($0.baseAddress!, count: Self.stripe) }
            pendingCount = 0
        }
        let whole = count - count % Self.stripe
        if whole > 0 { consumeStripes(start, count: whole) }
        let rest = count - whole
        if rest > 0 {
            withUnsafeMutableBytes(of: &pending) { $0.baseAddress!.copyMemory(from: start + whole, byteCount: rest) }
            pendingCount = rest
        }
    }

    /// The hash of every byte added so far.
    public var digest: UInt64 {
        var hash: UInt64
        if totalCount >= UInt64(Self.stripe) {
            let (v1, v2, v3, v4) = lanes
            hash = rotate(v1, 1) &+ rotate(v2, 7) &+ rotate(v3, 12) &+ rotate(v4, 18)
            hash = Self.merge(hash, v1)
            hash = Self.merge(hash, v2)
            hash = Self.merge(hash, v3)
            hash = Self.merge(hash, v4)
        } else {
            hash = Self.prime5
        }
        hash &+= totalCount
        let held = pending
        let count = pendingCount
        return withUnsafeBytes(of: held) { buffer in
            var offset = 0
            while offset + 8 <= count {
                hash ^= Self.round(0, UInt64(littleEndian: buffer.loadUnaligned(fromByteOffset: offset, as: UInt64.self)))
                hash = rotate(hash, 27) &* Self.prime1 &+ Self.prime4
                offset += 8
            }
            if offset + 4 <= count {
                hash ^= UInt64(UInt32(littleEndian: buffer.loadUnaligned(fromByteOffset: offset, as: UInt32.self))) &* Self.prime1
                hash = rotate(hash, 23) &* Self.prime2 &+ Self.prime3
                offset += 4
            }
            while offset < count {
                hash ^= UInt64(buffer[offset]) &* Self.prime5
                hash = rotate(hash, 11) &* Self.prime1
                offset += 1
            }
            hash ^= hash >> 33
            hash &*= Self.prime2
            hash ^= hash >> 29
            hash &*= Self.prime3
            hash ^= hash >> 32
            return hash
        }
    }

    /// Folds whole stripes (`count` a multiple of 32) into the four lanes.
    private mutating func consumeStripes(_ start: UnsafeRawPointer, count: Int) {
        var (v1, v2, v3, v4) = lanes
        var offset = 0
        while offset < count {
            let base = start + offset
            v1 = Self.round(v1, UInt64(littleEndian: base.loadUnaligned(as: UInt64.self)))
            v2 = Self.round(v2, UInt64(littleEndian: base.loadUnaligned(fromByteOffset: 8, as: UInt64.self)))
            v3 = Self.round(v3, UInt64(littleEndian: base.loadUnaligned(fromByteOffset: 16, as: UInt64.self)))
            v4 = Self.round(v4, UInt64(littleEndian: base.loadUnaligned(fromByteOffset: 24, as: UInt64.self)))
            offset += Self.stripe
        }
        lanes = (v1, v2, v3, v4)
    }

    @inline(__always)
    private static func merge(_ hash: UInt64, _ lane: UInt64) -> UInt64 {
        (hash ^ round(0, lane)) &* prime1 &+ prime4
    }

    @inline(__always)
    private static func round(_ accumulator: UInt64, _ input: UInt64) -> UInt64 {
        rotate(accumulator &+ input &* prime2, 31) &* prime1
    }
}

@inline(__always)
private func rotate(_ value: UInt64, _ bits: UInt64) -> UInt64 {
    (value << bits) | (value >> (64 - bits))
}
