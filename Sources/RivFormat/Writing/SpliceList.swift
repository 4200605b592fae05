import Foundation

/// A rewritten file described as the original's bytes with some ranges replaced:
/// untouched ranges are copied from the original as they are, so a rewrite costs
/// what changed, not the size of the file.
struct SpliceList {
    /// One replacement: the original bytes in `range` give way to `pieces`.
    /// An empty range inserts.
    struct Patch {
        var range: Range<Int>
        var pieces: [Piece]
    }

    /// One piece of output.
    enum Piece {
        /// Bytes of a file held by the reader (the original, or a replacement file).
        case stored(ByteStorage, Range<Int>)
        /// Bytes in memory.
        case inserted(Data)
        /// Bytes in memory as an array, as the font subsetter and the PNG optimiser
        /// make them (kept as they are rather than copied into `Data`).
        case insertedArray([UInt8])

        var count: Int {
            switch self {
            case .stored(_, let range): range.count
            case .inserted(let data): data.count
            case .insertedArray(let bytes): bytes.count
            }
        }

        /// Lends the bytes of a piece in memory; nil for a stored one.
        func withInsertedBytes<Result>(_ body: (UnsafeRawBufferPointer) -> Result) -> Result? {
            switch self {
            case .stored: nil
            case .inserted(let data): data.withUnsafeBytes(body)
            case .insertedArray(let bytes): bytes.withUnsafeBytes(body)
            }
        }
    }

    private(set) var patches: [Patch] = []

    mutating func replace(_ range: Range<Int>, with pieces: [Piece]) {
        patches.append(Patch(range: range, pieces: pieces))
    }

    mutating func insert(_ pieces: [Piece], at offset: Int) {
        replace(offset..<offset, with: pieces)
    }

    /// The output as pieces, for the original `storage`. Patches apply in file
    /// order; an insertion at an offset comes before a replacement starting there.
    func pieces(of storage: ByteStorage) -> [Piece] {
        let ordered = patches.enumerated().sorted { left, right in
            let (a, b) = (left.element.range, right.element.range)
            if a.lowerBound != b.lowerBound { return a.lowerBound < b.lowerBound }
            if a.isEmpty != b.isEmpty { return a.isEmpty }
            return left.offset < right.offset
        }.map(\.element)
        var result: [Piece] = []
        var cursor = 0
        for patch in ordered {
            if patch.range.lowerBound > cursor { result.append(.stored(storage, cursor..<patch.range.lowerBound)) }
            result += patch.pieces.filter { $0.count > 0 }
            cursor = max(cursor, patch.range.upperBound)
        }
        if cursor < storage.count { result.append(.stored(storage, cursor..<storage.count)) }
        return result
    }
}
