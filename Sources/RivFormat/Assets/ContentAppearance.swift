extension ContentFormat {
    /// What `head`, the first bytes of some contents, look like, in words for a
    /// message: the format's name when the sniffer knows it, otherwise what kind of
    /// text or data they seem to be ("HTML", "XML", "JSON", "text"), so that a
    /// server's error page saved as `logo.png` is called a web page rather than
    /// "unknown".
    package static func appearance<Bytes: Collection>(of head: Bytes) -> String where Bytes.Element == UInt8 {
        let format = ContentFormat(sniffing: head)
        guard format == .unknown else { return format.rawValue }
        var bytes = Array(head.prefix(64))
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { bytes.removeFirst(3) }
        guard !bytes.isEmpty else { return "nothing (no bytes)" }
        let trimmed = bytes.drop { $0 == 0x20 || $0 == 0x09 || $0 == 0x0A || $0 == 0x0D }
        let lowered = String(decoding: trimmed.map { $0 >= 0x41 && $0 <= 0x5A ? $0 + 0x20 : $0 }, as: UTF8.self)
        if Self.startsWithAny(lowered, ["<!doctype html", "<html", "<head", "<body"]) { return "HTML (a web page)" }
        if Self.startsWithAny(lowered, ["<svg", "<?xml"]) { return lowered.contains("<svg") ? "SVG" : "XML" }
        if let first = trimmed.first, first == UInt8(ascii: "{") || first == UInt8(ascii: "[") { return "JSON" }
        if Self.isText(bytes) { return "text" }
        return "unknown data"
    }

    /// Whether `text` starts with one of `prefixes`, or is itself the start of one
    /// (a head cut off in the middle of `<!doctype html`).
    private static func startsWithAny(_ text: String, _ prefixes: [String]) -> Bool {
        prefixes.contains { text.hasPrefix($0) || (text.count >= 5 && $0.hasPrefix(text)) }
    }

    /// Whether `bytes` are printable text: valid UTF-8 (a sequence cut off at the
    /// end allowed) without control characters other than tab and line breaks.
    private static func isText(_ bytes: [UInt8]) -> Bool {
        var scalars = String(decoding: bytes, as: UTF8.self).unicodeScalars[...]
        if bytes.last.map({ $0 >= 0x80 }) == true, scalars.last == "\u{FFFD}" { scalars = scalars.dropLast() }
        return scalars.allSatisfy { scalar in
            scalar != "\u{FFFD}" && (scalar.value >= 0x20 || scalar == "\t" || scalar == "\n" || scalar == "\r") && scalar.value != 0x7F
        }
    }
}
