import Foundation

/// A linear animation being played (`LinearAnimationInstance`): its time, the
/// direction a ping-pong has reached, and the totals a transition's exit time reads.
struct LinearAnimationInstance {
    let animation: LinearAnimation
    private(set) var time: Float
    /// 1 or -1: flips at each end of a ping-pong.
    private var direction: Float = 1
    private(set) var totalTime: Float = 0
    private(set) var lastTotalTime: Float = 0
    /// The time past a one-shot's end or a loop's wrap in the last advance.
    private(set) var spilledTime: Float = 0

    /// An instance where the animation starts: the start of its range, or the end when
    /// its own speed is negative; the other way round when `speedMultiplier` is negative.
    init(_ animation: LinearAnimation, speedMultiplier: Float = 1) {
        self.animation = animation
        let forward = (speedMultiplier >= 0) == (animation.speed >= 0)
        time = forward ? animation.startSeconds : animation.endSeconds
    }

    /// Whether a one-shot is still short of its end in the direction it plays.
    var keepsGoing: Bool {
        let speed = animation.speed * direction
        return animation.loop != .oneShot || (speed > 0 && time < animation.endSeconds) || (speed < 0 && time > animation.startSeconds)
    }

    /// Moves the time on by `seconds` × the animation's speed, wrapping or reflecting at the ends.
    mutating func advance(_ seconds: Float) {
        let delta = seconds * animation.speed * direction
        spilledTime = 0
        guard delta != 0 else { return }
        lastTotalTime = totalTime
        totalTime += abs(delta)
        let killSpilled = !keepsGoing
        time += delta
        let fps = animation.fps
        var frames = time * fps
        let start = animation.startFrame, end = animation.endFrame, range = end - start
        let forward = delta > 0
        switch animation.loop {
        case .oneShot:
            if forward && frames > end {
                spilledTime = (frames - end) / (delta * fps) * seconds
                time = end / fps
            } else if !forward && frames < start {
                spilledTime = (start - frames) / abs(delta * fps) * seconds
                time = start / fps
            }
        case .loop:
            guard range > 0 else { break }
            if forward && frames >= end {
                let remainder = fmodf(frames - start, range)
                spilledTime = remainder / (delta * fps) * seconds
                time = (start + remainder) / fps
            } else if !forward && frames <= start {
                let remainder = abs(fmodf(start - frames, range))
                spilledTime = abs(remainder / (delta * fps)) * seconds
                time = (end - remainder) / fps
            }
        case .pingPong:
            guard range > 0, frames.isFinite else { break }
            var goingForward = forward
            // Whole back-and-forth periods change neither the place nor the direction:
            // they are taken off at once, where the runtime reflects once per end reached.
            let period = 2 * range
            if forward && frames - end > period { frames -= floorf((frames - end) / period) * period }
            if !forward && start - frames > period { frames += floorf((start - frames) / period) * period }
            // After that a few reflections remain (rounding may leave one period more).
            for _ in 0..<64 {
                if goingForward && frames >= end {
                    spilledTime = (frames - end) / fps
                    frames = end + (end - frames)
                } else if !goingForward && frames < start {
                    spilledTime = (start - frames) / fps
                    frames = start + (start - frames)
                } else {
                    break
                }
                time = frames / fps
                direction = -direction
                goingForward.toggle()
            }
        }
        if killSpilled { spilledTime = 0 }
    }

    /// Moves the time to `seconds` (a transition pausing its animation on exit).
    mutating func setTime(_ seconds: Float) { time = seconds }

    /// Drops the time spilled in the last advance.
    mutating func clearSpilledTime() { spilledTime = 0 }

    /// Writes the animation's values at the current time at weight `mix`.
    func apply(to state: inout SceneState, mix: Float) {
        state.apply(animation, at: time, mix: mix)
    }
}
