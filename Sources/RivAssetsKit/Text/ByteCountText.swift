import Foundation

/// Byte counts as people read them.
public enum ByteCountText {
    /// `512 B`, `1.5 KiB`, `3.2 MiB`, `1.0 GiB`: binary units, one decimal above 1 KiB.
    public static func binary(_ count: Int) -> String {
        let units = ["KiB", "MiB", "GiB", "TiB"]
        guard count >= 1024 else { return "\(count) B" }
        var value = Double(count) / 1024
        var unit = 0
        while value >= 1024 && unit < units.count - 1 {
            value /= 1024
            unit += 1
        }
        let tenths = Int((value * 10).rounded())
        return "\(tenths / 10).\(tenths % 10) \(units[unit])"
    }

    /// `12.5%`: a fraction as a percentage with `places` decimals.
    public static func percent(_ fraction: Double, places: Int = 1) -> String {
        String(format: "%.\(places)f%%", max(0, fraction) * 100)
    }

    /// `1600` for a whole number, `12.5` or `223.06` otherwise (at most two decimals).
    public static func number(_ value: Double) -> String {
        guard value.isFinite else { return String(value) }
        if value.rounded() == value && abs(value) < 1e15 { return String(Int(value)) }
        // At most two decimals for reading (223.05859375 shows as 223.06); JSON keeps every digit.
        var text = String(format: "%.2f", value)
        while text.hasSuffix("0") { text.removeLast() }
        if text.hasSuffix(".") { text.removeLast() }
        return text == "-0" ? "0" : text
    }

    /// `3.2 s`, `0.25 s` or `1 min 4 s`: the seconds as ``number(_:)`` writes them
    /// (at most two decimals, none that are zero), so a quarter second is not cut to `0.2`.
    public static func duration(_ seconds: Double) -> String {
        guard seconds.isFinite, seconds >= 60 else { return number(seconds) + " s" }
        return "\(Int(seconds) / 60) min " + number(seconds.truncatingRemainder(dividingBy: 60)) + " s"
    }
}
