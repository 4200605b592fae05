/// The help of a command, built from its usage line, its description and the
/// declarations of its options, so the option list can never disagree with the
/// parser.
public enum HelpText {
    /// `USAGE: ...` (the written `usage` completed with every declared option it
    /// does not name), the description, then `OPTIONS:` with one
    /// aligned entry per declared option (and `-h, --help`), then the closing notes.
    public static func render(usage: String, description: String, options: [OptionDeclaration], notes: String = "") -> String {
        let all = options + [.flag("-h", "--help", help: "show this help")]
        let width = min(24, (all.map(\.synopsis.count).max() ?? 0) + 2)
        var lines = ["USAGE: " + UsageLine.complete(usage, options: options), ""] + description.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        lines += ["", "OPTIONS:"]
        for option in all {
            let helpLines = option.help.split(separator: "\n").map(String.init)
            let synopsis = "  " + option.synopsis
            if synopsis.count + 1 > width + 2 {
                lines.append(synopsis)
                lines += helpLines.map { String(repeating: " ", count: width + 3) + $0 }
            } else {
                let padded = synopsis + String(repeating: " ", count: width + 3 - synopsis.count)
                lines.append(padded + (helpLines.first ?? ""))
                lines += helpLines.dropFirst().map { String(repeating: " ", count: width + 3) + $0 }
            }
        }
        if !notes.isEmpty { lines += [""] + notes.split(separator: "\n", omittingEmptySubsequences: false).map(String.init) }
        return lines.joined(separator: "\n")
    }
}
