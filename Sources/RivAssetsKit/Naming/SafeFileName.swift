import Foundation

/// Turns names taken from a `.riv` file (which anyone can write) into file names
/// that stay inside the output folder.
enum SafeFileName {
    private static let reserved: Set<String> = Set(["CON", "PRN", "AUX", "NUL"])
        .union((1...9).flatMap { ["COM\($0)", "LPT\($0)"] })

    /// `name` with path separators, control characters and other unsafe characters
    /// replaced by `_`, leading dots and reserved device names defused, and the
    /// length capped at 200 bytes; never empty, `.` or `..`.
    static func make(_ name: String) -> String {
        var scalars = String.UnicodeScalarView()
        for scalar in name.unicodeScalars {
            let unsafe = scalar == "/" || scalar == "\\" || scalar == ":" || scalar.value < 0x20 || scalar.value == 0x7F
                || (0x80...0x9F).contains(scalar.value)
            scalars.append(unsafe ? "_" : scalar)
        }
        var result = String(scalars)
        while result.hasPrefix(".") { result = "_" + result.dropFirst() }
        if result.isEmpty { result = "_" }
        let stem = result.split(separator: ".", maxSplits: 1).first.map(String.init)?.uppercased() ?? ""
        if reserved.contains(stem) { result = "_" + result }
        return capped(result)
    }

    /// Names over 200 bytes lose characters from the middle, before the ending that
    /// tells assets apart (`-<id>.<ext>`, the last 48 characters), so two long names
    /// never collapse into one file.
    private static func capped(_ name: String) -> String {
        let limit = 200
        guard name.utf8.count > limit else { return name }
        let ending = String(name.suffix(48))
        var start = String(name.dropLast(48))
        while start.utf8.count + 1 + ending.utf8.count > limit { start.removeLast() }
        return start + "~" + ending
    }

    /// `folder/name` after making `name` safe, or nil if it would still land outside `folder`.
    static func path(in folder: URL, name: String) -> URL? {
        let candidate = folder.appendingPathComponent(make(name)).standardizedFileURL
        let root = folder.standardizedFileURL.path
        return candidate.deletingLastPathComponent().path == root ? candidate : nil
    }
}
