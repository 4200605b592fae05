import Foundation
import RivFormat

/// Turns names taken from a `.riv` file (which anyone can write) into file names
/// that stay inside the output folder.
enum SafeFileName {
    /// The most UTF-8 bytes a file name may have (file systems allow 255).
    static let byteLimit = 200
    /// The most UTF-8 bytes kept from the end of a long name: the `-<id>.<ext>`
    /// ending that tells assets apart.
    static let endingByteLimit = 48

    private static let reserved: Set<String> = Set(["CON", "PRN", "AUX", "NUL"])
        .union((1...9).flatMap { ["COM\($0)", "LPT\($0)"] })

    /// `name` made safe by percent-encoding (`%2F` for `/`), which keeps two
    /// different names different: path separators (`/`, `\\`), `:`, `%` itself,
    /// `~` (which the shortened form of long names uses, so no name can spell it),
    /// control characters (C0, DEL, C1), bidirectional controls and line
    /// separators anywhere; a leading `.` (no hidden files, never `.` or `..`) or
    /// `-` (nothing `rm` or `xxd` reads as an option); the first letter of a
    /// reserved device name (`%43ON.png`); an empty name is `%`. The result is then
    /// capped at ``byteLimit`` UTF-8 bytes on character boundaries.
    static func make(_ name: String) -> String {
        var result = ""
        for (index, scalar) in name.unicodeScalars.enumerated() {
            let unsafe = scalar == "/" || scalar == "\\" || scalar == ":" || scalar == "%" || scalar == "~" || TerminalText.isControl(scalar)
                || (index == 0 && (scalar == "." || scalar == "-"))
            if unsafe { result += percentEncoded(scalar) } else { result.unicodeScalars.append(scalar) }
        }
        if result.isEmpty { return "%" }
        let stem = result.split(separator: ".", maxSplits: 1).first.map(String.init)?.uppercased() ?? ""
        if reserved.contains(stem), let first = result.unicodeScalars.first {
            result = percentEncoded(first) + String(result.unicodeScalars.dropFirst())
        }
        return capped(result)
    }

    /// `%XX` for each UTF-8 byte of `scalar`, upper-case hex.
    private static func percentEncoded(_ scalar: Unicode.Scalar) -> String {
        String(scalar).utf8.map { byte in
            let hex = String(byte, radix: 16, uppercase: true)
            return "%" + (hex.count == 1 ? "0" + hex : hex)
        }.joined()
    }

    /// A name over ``byteLimit`` bytes keeps its start and its ending (at most
    /// ``endingByteLimit`` bytes, whole characters) around `~<hash>~`, the hash being
    /// FNV-1a 64 of the whole name, so two long names never collapse into one file.
    /// When no ending fits (one character of combining marks can exceed it), the
    /// name becomes `~<hash>` plus its extension. A `~` never comes from a name
    /// (it is percent-encoded), so neither form can be spelled by another name.
    private static func capped(_ name: String) -> String {
        guard name.utf8.count > byteLimit else { return name }
        let hash = FNV1a.hexString(Array(name.utf8).withUnsafeBytes { FNV1a.hash($0) })
        let ending = suffix(of: name, bytes: endingByteLimit)
        let start = prefix(of: name, bytes: byteLimit - ending.utf8.count - hash.utf8.count - 2)
        guard !ending.isEmpty, !start.isEmpty else { return "~" + hash + safeExtension(of: name) }
        return start + "~" + hash + "~" + ending
    }

    /// The longest run of whole characters from the start of `name` within `bytes` UTF-8 bytes.
    private static func prefix(of name: String, bytes limit: Int) -> String {
        var count = 0
        var end = name.startIndex
        for character in name {
            count += character.utf8.count
            guard count <= limit else { break }
            end = name.index(after: end)
        }
        return String(name[..<end])
    }

    /// The longest run of whole characters from the end of `name` within `bytes` UTF-8 bytes.
    private static func suffix(of name: String, bytes limit: Int) -> String {
        var count = 0
        var start = name.endIndex
        for character in name.reversed() {
            count += character.utf8.count
            guard count <= limit else { break }
            start = name.index(before: start)
        }
        return String(name[start...])
    }

    /// `.ext` when `name` ends in a short ASCII extension, else nothing.
    private static func safeExtension(of name: String) -> String {
        guard let dot = name.lastIndex(of: ".") else { return "" }
        let ext = name[name.index(after: dot)...]
        guard (1...16).contains(ext.utf8.count), ext.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber) }) else { return "" }
        return "." + ext
    }

    /// `folder/name` after making `name` safe, or nil if it would still land outside `folder`.
    static func path(in folder: URL, name: String) -> URL? {
        let candidate = folder.appendingPathComponent(make(name)).standardizedFileURL
        let root = folder.standardizedFileURL.path
        return candidate.deletingLastPathComponent().path == root ? candidate : nil
    }
}
