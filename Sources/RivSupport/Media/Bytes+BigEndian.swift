extension RandomAccessCollection where Element == UInt8, Index == Int {
    /// The big-endian unsigned integer of `width` bytes at `offset` from the start.
    package func bigEndian(at offset: Int, width: Int) -> Int {
        (0..<width).reduce(0) { $0 << 8 | Int(self[startIndex + offset + $1]) }
    }

    /// The little-endian unsigned integer of `width` bytes at `offset` from the start.
    package func littleEndian(at offset: Int, width: Int) -> Int {
        (0..<width).reversed().reduce(0) { $0 << 8 | Int(self[startIndex + offset + $1]) }
    }
}
