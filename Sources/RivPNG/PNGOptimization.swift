/// What ``PNGOptimizer/optimize(_:options:)`` made of a PNG.
public struct PNGOptimization: Sendable {
    /// Whether new bytes were made.
    public enum Outcome: Equatable, Sendable {
        /// The new bytes are smaller and decode to the same pixels.
        case optimized
        /// The original is returned: nothing smaller was found.
        case keptOriginal
        /// The original is returned: it is an animated PNG (APNG, an `acTL`, `fcTL` or `fdAT`
        /// chunk), whose frames a rewrite would drop.
        case keptAnimation
    }

    /// The bytes to use: the optimised file, or the original when that is not larger or is animated.
    public let bytes: [UInt8]
    /// Whether `bytes` are new.
    public let outcome: Outcome
    /// The size of the input.
    public let originalSize: Int
    /// The types of the ancillary chunks left out of the new file, in file order (empty when kept original).
    public let droppedChunks: [String]
    /// The pixel format of `bytes`.
    public let header: PNGHeader
}
