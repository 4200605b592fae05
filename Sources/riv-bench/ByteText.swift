/// Sizes, durations and rates as the report prints them.
enum ByteText {
    /// `1 KiB`, `64 MiB`, `1 GiB`, `1.9 MiB`: binary units, one decimal when not
    /// whole (or always, for columns of measured sizes).
    static func binary(_ count: Int, alwaysDecimal: Bool = false) -> String {
        let units = ["B", "KiB", "MiB", "GiB", "TiB"]
        var value = Double(count)
        var unit = 0
        while value >= 1024 && unit < units.count - 1 {
            value /= 1024
            unit += 1
        }
        let whole = unit == 0 || (!alwaysDecimal && value.rounded() == value)
        return (whole ? String(Int(value)) : decimal(value, places: 1)) + " " + units[unit]
    }

    /// `41 µs`, `3.20 ms`, `1.234 s`.
    static func duration(_ seconds: Double) -> String {
        if seconds < 1e-3 { return decimal(seconds * 1e6, places: 0) + " µs" }
        if seconds < 1 { return decimal(seconds * 1e3, places: 2) + " ms" }
        return decimal(seconds, places: 3) + " s"
    }

    /// A rate in decimal megabytes per second.
    static func rate(_ megabytesPerSecond: Double) -> String {
        megabytesPerSecond >= 100 ? decimal(megabytesPerSecond, places: 0) : decimal(megabytesPerSecond, places: 1)
    }

    static func decimal(_ value: Double, places: Int) -> String {
        guard value.isFinite else { return value > 0 ? "inf" : "-" }
        var scale = 1.0
        for _ in 0..<places { scale *= 10 }
        let scaled = Int((abs(value) * scale).rounded())
        let sign = value < 0 ? "-" : ""
        guard places > 0 else { return sign + String(scaled) }
        let fraction = String(scaled % Int(scale))
        return sign + String(scaled / Int(scale)) + "." + String(repeating: "0", count: places - fraction.count) + fraction
    }
}
