import Foundation
import RivAssetsKit

/// Sizes, durations and rates as the measurements print them. Measured sizes use the
/// kit's `ByteCountText.binary` (`19.1 MiB`, one decimal).
enum FigureText {
    /// A size set by the benchmark, without a needless decimal: `1 KiB`, `64 MiB`, `1.5 GiB`.
    static func size(_ count: Int) -> String {
        ByteCountText.binary(count).replacingOccurrences(of: ".0 ", with: " ")
    }

    /// `41 µs`, `3.20 ms`, `1.234 s`.
    static func duration(_ seconds: Double) -> String {
        if seconds < 1e-3 { return decimal(seconds * 1e6, places: 0) + " µs" }
        if seconds < 1 { return decimal(seconds * 1e3, places: 2) + " ms" }
        return decimal(seconds, places: 3) + " s"
    }

    /// A rate in decimal megabytes per second.
    static func rate(_ megabytesPerSecond: Double) -> String {
        decimal(megabytesPerSecond, places: megabytesPerSecond >= 100 ? 0 : 1)
    }

    static func decimal(_ value: Double, places: Int) -> String {
        guard value.isFinite else { return value > 0 ? "inf" : "-" }
        return String(format: "%.\(places)f", value)
    }
}
