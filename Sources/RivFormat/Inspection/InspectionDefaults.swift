/// The values the schema gives the properties `inspect` shows when a file does
/// not store them (an exported file leaves out every property at its initial
/// value). Written out; a test holds them to the schema's `initialValue`s.
enum InspectionDefaults {
    /// `LinearAnimation.fps` (56).
    static let fps: UInt64 = 60
    /// `LinearAnimation.duration` (57), in frames.
    static let durationFrames: UInt64 = 60
    /// `LinearAnimation.speed` (58).
    static let speed: Double = 1
    /// `LinearAnimation.loopValue` (59): one shot.
    static let loopValue: UInt64 = 0
    /// `LayoutComponent.width` (7) and `height` (8).
    static let artboardSide: Double = 0
}
