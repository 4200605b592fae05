/// Cuts LZ77 tokens into deflate blocks as they are made, so a stream's tokens are never
/// all held at once: only those of the block still open (at most 2^17 and one piece).
///
/// The tokens are read in pieces of 2048; a piece joins the open block while one block
/// costs fewer bits than two (and stays within 2^17 tokens), otherwise the open block is
/// handed on and the piece opens the next. The blocks are those of cutting the whole list
/// at once, in the same places.
struct BlockSplitter {
    /// Called with each block in order and whether it is the last.
    typealias Consumer = (_ block: ArraySlice<LZ77Matcher.Token>, _ isFinal: Bool) -> Void

    private static let piece = 2048
    /// The open block's tokens, then those of the piece being read.
    private var pending: [LZ77Matcher.Token] = []
    private var pieceStart = 0
    /// The open block's counts and cost in bits.
    private var open: (statistics: BlockStatistics, bits: Int)?
    private let consume: Consumer

    init(_ consume: @escaping Consumer) {
        self.consume = consume
        pending.reserveCapacity((1 << 17) + Self.piece)
    }

    /// Adds the next token.
    @inline(__always)
    mutating func append(_ token: LZ77Matcher.Token) {
        pending.append(token)
        if pending.count - pieceStart == Self.piece { closePiece() }
    }

    /// Adds the next tokens.
    mutating func append(contentsOf tokens: [LZ77Matcher.Token]) {
        for token in tokens { append(token) }
    }

    /// Hands on the last block (an empty one when no token came).
    mutating func finish() {
        if pending.count > pieceStart { closePiece() }
        consume(pending[...], true)
        pending.removeAll()
        pieceStart = 0
        open = nil
    }

    private mutating func closePiece() {
        let end = pending.count
        let next = BlockStatistics(tokens: pending[pieceStart..<end])
        let nextBits = next.dynamicBits()
        if var joined = open?.statistics {
            joined.add(next)
            let joinedBits = joined.dynamicBits()
            if joinedBits <= open!.bits + nextBits && end <= 1 << 17 {
                open = (joined, joinedBits)
            } else {
                consume(pending[0..<pieceStart], false)
                pending.removeFirst(pieceStart)
                open = (next, nextBits)
            }
        } else {
            open = (next, nextBits)
        }
        pieceStart = pending.count
    }
}
