import Foundation

/// A rewritten file described as the original's bytes with some ranges replaced:
/// untouched ranges are copied from the original as they are, so a rewrite costs
/// what changed, not the size of the file.
struct SpliceList {
    /// One replacement: the original bytes in `range` give way to `pieces`.
    /// An empty range inserts.
    struct Patch {
        var range: Range<Int>
        var pieces: [Data]
    }

    /// One piece of the output.
    enum Piece {
        case original(Range<Int>)
        case inserted(Data)
    }

    private(set) var patches: [Patch] = []

    mutating func replace(_ range: Range<Int>, with pieces: [Data]) {
        patches.append(Patch(range: range, pieces: pieces))
    }

    mutating func insert(_ pieces: [Data], at offset: Int) {
        replace(offset..<offset, with: pieces)
    }

    /// The output as pieces, for a file of `count` bytes. Patches apply in file
    /// order; an insertion at an offset comes before a replacement starting there.
    func pieces(originalCount count: Int) -> [Piece] {
        let ordered = patches.enumerated().sorted { left, right in
            let (a, b) = (left.element.range, right.element.range)
            if a.lowerBound != b.lowerBound { return a.lowerBound < b.lowerBound }
            if a.isEmpty != b.isEmpty { return a.isEmpty }
            return left.offset < right.offset
        }.map(\.element)
        var result: [Piece] = []
        var cursor = 0
        for patch in ordered {
            if patch.range.lowerBound > cursor { result.append(.original(cursor..<patch.range.lowerBound)) }
            result += patch.pieces.filter { !$0.isEmpty }.map(Piece.inserted)
            cursor = max(cursor, patch.range.upperBound)
        }
        if cursor < count { result.append(.original(cursor..<count)) }
        return result
    }
}
