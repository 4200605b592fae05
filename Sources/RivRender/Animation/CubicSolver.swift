/// The parameter of a one-dimensional cubic Bézier from (0, 0) to (1, 1) at a given x,
/// found as Rive's runtime finds it: an 11-sample table of x, a linear first guess,
/// then Newton's method (4 steps) where the slope allows, else bisection (10 steps).
/// Single precision throughout, as in the runtime.
struct CubicSolver: Equatable {
    private let x1: Float
    private let x2: Float
    private let samples: [Float]

    /// A solver for the curve whose control points' x are `x1` and `x2`.
    init(x1: Float, x2: Float) {
        self.x1 = x1
        self.x2 = x2
        samples = (0..<11).map { Self.bezier(Float($0) * 0.1, x1, x2) }
    }

    /// One coordinate of the curve at `t`, its control points' coordinates being `a1` and `a2`.
    static func bezier(_ t: Float, _ a1: Float, _ a2: Float) -> Float {
        (((1 - 3 * a2 + 3 * a1) * t + (3 * a2 - 6 * a1)) * t + 3 * a1) * t
    }

    private static func slope(_ t: Float, _ a1: Float, _ a2: Float) -> Float {
        3 * (1 - 3 * a2 + 3 * a1) * t * t + 2 * (3 * a2 - 6 * a1) * t + 3 * a1
    }

    /// The parameter t where the curve's x is `x`.
    func parameter(at x: Float) -> Float {
        var intervalStart: Float = 0
        var sample = 1
        while sample != 10 && samples[sample] <= x {
            intervalStart += 0.1
            sample += 1
        }
        sample -= 1
        let distance = (x - samples[sample]) / (samples[sample + 1] - samples[sample])
        var guess = intervalStart + distance * 0.1
        let initialSlope = Self.slope(guess, x1, x2)
        if initialSlope >= 0.001 {
            for _ in 0..<4 {
                let slope = Self.slope(guess, x1, x2)
                if slope == 0 { return guess }
                guess -= (Self.bezier(guess, x1, x2) - x) / slope
            }
            return guess
        }
        if initialSlope == 0 { return guess }
        var upper = intervalStart + 0.1
        var current: Float = 0
        for _ in 0..<10 {
            current = intervalStart + (upper - intervalStart) / 2
            let error = Self.bezier(current, x1, x2) - x
            if error > 0 { upper = current } else { intervalStart = current }
            if abs(error) <= 0.0000001 { break }
        }
        return current
    }
}
