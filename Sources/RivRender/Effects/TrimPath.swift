import RivFormat

/// A trim path effect (`TrimPath`): the part of a paint's path between a start and
/// an end, both fractions of its length moved by an offset, measured over all its
/// contours one after the other (sequential) or over each contour on its own
/// (synchronized). A fill's pieces are closed.
struct TrimPath {
    typealias PK = Schema.PropertyKey

    enum Mode: UInt64 {
        case sequential = 1
        case synchronized = 2
    }

    let start: Float
    let end: Float
    let offset: Float
    let mode: Mode

    /// A trim path wraps around its path at most this many times (a damaged start
    /// or end far outside 0...1 would otherwise run on and on, each turn a copy).
    static let wrapLimit = 8

    /// The trim of `record`; nil when its mode is none the runtime knows.
    init?(_ record: SceneRecord) {
        guard let mode = Mode(rawValue: record.integer(PK.trimPathModeValue, default: 0)) else { return nil }
        start = Float(record.number(PK.trimPathStart, default: 0))
        end = Float(record.number(PK.trimPathEnd, default: 0))
        offset = Float(record.number(PK.trimPathOffset, default: 0))
        self.mode = mode
    }

    /// The trimmed path of `source` (a fill's pieces closed), and whether the wrap limit cut it short.
    func apply(to source: RenderPath, isFill: Bool) -> (path: RenderPath, isCut: Bool) {
        let contours = ContourMeasure.contours(of: source)
        let renderOffset = ((offset.truncatingRemainder(dividingBy: 1) + 1).truncatingRemainder(dividingBy: 1))
        var result = RenderPath()
        let isCut = switch mode {
        case .sequential: sequential(contours, renderOffset: renderOffset, closesPieces: isFill, into: &result)
        case .synchronized: synchronized(contours, renderOffset: renderOffset, closesPieces: isFill, into: &result)
        }
        var pruned = RenderPath()
        pruned.appendPruned(result, transformedBy: .identity)
        return (pruned, isCut)
    }

    /// One window over the contours laid end to end; the pieces are drawn from the
    /// first, then from the last backwards, so that a window wrapping past the end
    /// joins the piece it wraps onto.
    private func sequential(_ contours: [ContourMeasure], renderOffset: Float, closesPieces: Bool, into path: inout RenderPath) -> Bool {
        guard !contours.isEmpty else { return false }
        let total = contours.reduce(Float(0)) { $0 + $1.length }
        var startLength = total * (start + renderOffset)
        var endLength = total * (end + renderOffset)
        if endLength < startLength { swap(&startLength, &endLength) }
        if startLength > total {
            startLength -= total
            endLength -= total
        }
        var pieces: [(contour: Int, start: Float, end: Float)] = []
        var step = 0
        while endLength > 0 && step < contours.count * Self.wrapLimit {
            let contour = step % contours.count
            let length = contours[contour].length
            if startLength < length {
                pieces.append((contour, startLength, endLength))
                endLength -= length
                startLength = 0
            } else {
                startLength -= length
                endLength -= length
            }
            step += 1
        }
        var previous = -1
        for position in 0..<pieces.count {
            let piece = pieces[(pieces.count - position) % pieces.count]
            let contour = contours[piece.contour]
            contour.appendSegment(from: piece.start, to: piece.end, to: &path,
                                  startWithMove: previous != piece.contour || !contour.isClosed)
            if (piece.start == 0 && piece.end - piece.start >= contour.length && contour.isClosed) || closesPieces {
                path.close()
            }
            previous = piece.contour
        }
        return endLength > 0
    }

    /// The same window over each contour on its own.
    private func synchronized(_ contours: [ContourMeasure], renderOffset: Float, closesPieces: Bool, into path: inout RenderPath) -> Bool {
        var isCut = false
        for contour in contours {
            let length = contour.length
            var startLength = length * (start + renderOffset)
            var endLength = length * (end + renderOffset)
            if endLength < startLength { swap(&startLength, &endLength) }
            if startLength >= length {
                startLength -= length
                endLength -= length
            }
            contour.appendSegment(from: startLength, to: endLength, to: &path, startWithMove: true)
            var wraps = 0
            while endLength > length && wraps < Self.wrapLimit {
                endLength -= length
                contour.appendSegment(from: 0, to: endLength, to: &path, startWithMove: !contour.isClosed)
                wraps += 1
            }
            isCut = isCut || endLength > length
            if (start == 0 && end == 1 && contour.isClosed) || closesPieces { path.close() }
        }
        return isCut
    }
}
