import RivFormat

/// A dash path effect (`DashPath`): a stroke's path laid out as its contours end
/// to end and drawn in dashes and gaps that take their lengths from the
/// effect's `Dash` children in turn, starting `offset` along; a fill's path
/// passes unchanged.
struct DashPath {
    typealias PK = Schema.PropertyKey
    typealias TK = Schema.TypeKey

    /// A length, in units or as a fraction of the path's length.
    struct Length {
        var value: Float
        var isFraction: Bool

        /// `Dash::normalizedLength`: in units of a path `total` long; taken modulo the
        /// whole (and made positive) when it `wraps`.
        func resolved(_ total: Float, wraps: Bool) -> Float {
            var length = value
            if wraps {
                let whole: Float = isFraction ? 1 : total
                length = value.truncatingRemainder(dividingBy: whole)
                if length < 0 { length += whole }
            }
            return isFraction ? length * total : length
        }
    }

    let offset: Length
    let dashes: [Length]

    /// At most this many dashes and gaps are laid along a path (a damaged file with
    /// tiny or negative dashes would otherwise run on and on).
    static let dashLimit = 100_000

    init(_ index: Int, hierarchy: SceneHierarchy) {
        let record = hierarchy.records[index]
        offset = Length(value: Float(record?.number(PK.dashPathOffset, default: 0) ?? 0),
                        isFraction: record?.flag(PK.dashPathOffsetIsPercentage, default: false) ?? false)
        dashes = hierarchy.children[index].compactMap { child in
            guard let dash = hierarchy.records[child], dash.type == TK.dash else { return nil }
            return Length(value: Float(dash.number(PK.dashLength, default: 0)), isFraction: dash.flag(PK.dashLengthIsPercentage, default: false))
        }
    }

    /// The dashed path of `source` (the source itself for a fill), and whether the dash limit cut it short.
    func apply(to source: RenderPath, isFill: Bool) -> (path: RenderPath, isCut: Bool) {
        guard !isFill else { return (source, false) }
        let contours = ContourMeasure.contours(of: source)
        let total = contours.reduce(Float(0)) { $0 + $1.length }
        var result = RenderPath()
        guard dashes.contains(where: { $0.resolved(total, wraps: false) > 0 }) else { return (result, false) }
        let isClosed = contours.count == 1 && contours[0].isClosed
        var dashed: Float = 0
        var distance = offset.resolved(total, wraps: true)
        var draws = true
        var count = 0
        while dashed < total {
            guard count < Self.dashLimit else {
                var pruned = RenderPath()
                pruned.appendPruned(result, transformedBy: .identity)
                return (pruned, true)
            }
            let length = min(dashes[count % dashes.count].resolved(total, wraps: false), total)
            count += 1
            var end = distance + length
            if end > total {
                end -= total
                if draws {
                    if distance < total {
                        Self.segment(contours, from: distance, to: total, into: &result, startWithMove: true)
                        Self.segment(contours, from: 0, to: end, into: &result, startWithMove: !isClosed)
                    } else {
                        Self.segment(contours, from: 0, to: end, into: &result, startWithMove: true)
                    }
                }
                distance = end - length
            } else if draws {
                Self.segment(contours, from: distance, to: end, into: &result, startWithMove: true)
            }
            distance += length
            dashed += length
            draws.toggle()
        }
        var pruned = RenderPath()
        pruned.appendPruned(result, transformedBy: .identity)
        return (pruned, false)
    }

    /// `PathMeasure::getSegment`: the part between two distances of the contours laid end to end.
    private static func segment(_ contours: [ContourMeasure], from start: Float, to end: Float, into path: inout RenderPath, startWithMove: Bool) {
        let total = contours.reduce(Float(0)) { $0 + $1.length }
        let from = max(0, min(start, total)), to = max(0, min(end, total))
        guard !contours.isEmpty, from < to else { return }
        var travelled: Float = 0
        var isFirst = true
        for contour in contours {
            let contourStart = travelled, contourEnd = travelled + contour.length
            if contourEnd > from && contourStart < to {
                contour.appendSegment(from: max(0, from - contourStart), to: min(contour.length, to - contourStart), to: &path,
                                      startWithMove: !isFirst || startWithMove)
                isFirst = false
            }
            travelled += contour.length
            if travelled >= to { break }
        }
    }
}
