import RivFormat

/// How a key frame (or a transition's mix) moves from one value to the next, read
/// from an interpolator record at its artboard index.
enum KeyFrameInterpolator: Equatable {
    /// `CubicEaseInterpolator`: the factor eased along a cubic curve through (x1, y1), (x2, y2).
    case cubicEase(CubicSolver, y1: Float, y2: Float)
    /// `CubicValueInterpolator`: the value itself follows a cubic from the first value
    /// through y1 and y2 to the second.
    case cubicValue(CubicSolver, y1: Float, y2: Float)
    /// `ElasticInterpolator`.
    case elastic(ElasticEase)

    typealias PK = Schema.PropertyKey
    typealias TK = Schema.TypeKey

    /// The interpolator `record` describes; nil when it is no interpolator the runtime knows.
    init?(_ record: SceneRecord) {
        func value(_ key: UInt16, _ fallback: Double) -> Float { Float(record.number(key, default: fallback)) }
        if record.isKind(TK.cubicInterpolator) {
            let solver = CubicSolver(x1: value(PK.cubicInterpolatorX1, 0.42), x2: value(PK.cubicInterpolatorX2, 0.58))
            let y1 = value(PK.cubicInterpolatorY1, 0), y2 = value(PK.cubicInterpolatorY2, 1)
            self = record.isKind(TK.cubicValueInterpolator) ? .cubicValue(solver, y1: y1, y2: y2) : .cubicEase(solver, y1: y1, y2: y2)
        } else if record.isKind(TK.elasticInterpolator) {
            let easing: ElasticEase.Easing = switch record.integer(PK.elasticInterpolatorEasingValue, default: 1) {
            case 0: .easeIn
            case 2: .easeInOut
            default: .easeOut
            }
            self = .elastic(ElasticEase(easing: easing, amplitude: value(PK.elasticInterpolatorAmplitude, 1), period: value(PK.elasticInterpolatorPeriod, 1)))
        } else {
            return nil
        }
    }

    /// The eased factor (a cubic value interpolator leaves it as it is, as the runtime's release build does).
    func transform(_ factor: Float) -> Float {
        switch self {
        case .cubicEase(let solver, let y1, let y2): CubicSolver.bezier(solver.parameter(at: factor), y1, y2)
        case .cubicValue: factor
        case .elastic(let ease): ease.transform(factor)
        }
    }

    /// The value between `from` and `to` at `factor`.
    func value(from: Float, to: Float, factor: Float) -> Float {
        switch self {
        case .cubicValue(let solver, let y1, let y2):
            let a = to + 3 * (y1 - y2) - from
            let b = 3 * (y2 - y1 * 2 + from)
            let c = 3 * (y1 - from)
            let t = solver.parameter(at: factor)
            return ((a * t + b) * t + c) * t + from
        case .cubicEase, .elastic:
            return from + (to - from) * transform(factor)
        }
    }
}
