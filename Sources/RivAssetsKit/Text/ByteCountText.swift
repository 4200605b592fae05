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
}
