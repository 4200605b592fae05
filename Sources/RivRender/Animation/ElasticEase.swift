import Foundation

/// An elastic ease (Rive's `ElasticInterpolator`): a decaying sine that overshoots
/// the target at the end (`out`), the start (`in`) or both halves (`inOut`).
struct ElasticEase: Equatable {
    /// Where the oscillation happens.
    enum Easing: Equatable {
        case easeIn, easeOut, easeInOut
    }

    let easing: Easing
    private let amplitude: Float
    private let period: Float
    /// The phase that aligns the sine with the key frames.
    private let phase: Float

    /// An ease with the record's values; a period of 0 means 0.5, as the runtime reads it.
    init(easing: Easing, amplitude: Float, period: Float) {
        self.easing = easing
        self.amplitude = amplitude
        let period = period == 0 ? 0.5 : period
        self.period = period
        phase = amplitude < 1 ? period / 4 : period / (2 * .pi) * asinf(1 / amplitude)
    }

    /// An amplitude under 1 ramps in from 1 over the first phase.
    private func actualAmplitude(_ time: Float) -> Float {
        guard amplitude < 1 else { return amplitude }
        let span = abs(phase), elapsed = abs(time)
        guard elapsed < span else { return amplitude }
        let ratio = elapsed / span
        return amplitude * ratio + (1 - ratio)
    }

    private func wave(_ time: Float) -> Float {
        sinf((time - phase) * (2 * .pi) / period)
    }

    /// The eased factor at `factor`.
    func transform(_ factor: Float) -> Float {
        switch easing {
        case .easeOut:
            return actualAmplitude(factor) * powf(2, 10 * -factor) * wave(factor) + 1
        case .easeIn:
            let time = factor - 1
            return -(actualAmplitude(time) * powf(2, 10 * time) * wave(-time))
        case .easeInOut:
            let time = factor * 2 - 1
            let amplitude = actualAmplitude(time)
            if time < 0 { return -0.5 * amplitude * powf(2, 10 * time) * wave(-time) }
            return 0.5 * (amplitude * powf(2, 10 * -time) * wave(time)) + 1
        }
    }
}
