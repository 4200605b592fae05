/// A command's `USAGE:` line, completed from its option declarations so that it
/// cannot leave an option out: the part a command writes keeps the shape only it
/// knows (its operands, the choices it requires, options that go together), and
/// every declared option that part does not name is added after it as
/// `[--name VALUE]` (`[--name VALUE]...` when repeatable).
enum UsageLine {
    /// A phrase a written usage may use for several options at once.
    struct Group {
        /// The phrase, as the usage writes it (`fetch options`).
        let phrase: String
        /// The options it stands for.
        let options: [OptionDeclaration]
    }

    /// The phrases usages may use: `[fetch options]` for the download options.
    static let groups = [Group(phrase: "fetch options", options: HostedOptions.all)]

    /// The widest line the completion writes, `USAGE: ` included.
    static let width = 100

    /// `written` followed by every option of `options` it does not name (by any of
    /// its spellings, or through a group's phrase), wrapped under its last line's
    /// operands.
    static func complete(_ written: String, options: [OptionDeclaration]) -> String {
        var named = Set(words(of: written))
        for group in groups where written.contains(group.phrase) {
            named.formUnion(group.options.flatMap(\.names))
        }
        let missing = options.filter { option in !option.names.contains(where: named.contains) }
        guard !missing.isEmpty else { return written }
        var lines = written.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let indent = lines.count > 1
            ? String(lines[1].prefix { $0 == " " })
            : String(repeating: " ", count: commandPrefixLength(of: lines[0]))
        for option in missing {
            let token = usageToken(option)
            let last = lines.count - 1
            let prefix = last == 0 ? "USAGE: ".count : 0
            if prefix + lines[last].count + 1 + token.count > width, lines[last].contains(where: { $0 != " " }) {
                lines.append(indent + token)
            } else {
                lines[last] += " " + token
            }
        }
        return lines.joined(separator: "\n")
    }

    /// `[--name VALUE]` for a usage line: the preferred spelling, its value or count.
    static func usageToken(_ option: OptionDeclaration) -> String {
        let body = option.name + (option.valueName.map { " " + $0 } ?? "") + (option.countName.map { " [" + $0 + "]" } ?? "")
        return "[" + body + "]" + (option.isRepeatable ? "..." : "")
    }

    /// The option spellings a written usage names: words starting with `-`, cut
    /// at the brackets, bars and `=` around them.
    static func words(of written: String) -> [String] {
        written.split(whereSeparator: { " \n[]()|=.,".contains($0) }).map(String.init).filter { $0.hasPrefix("-") }
    }

    /// The length of `riv-assets COMMAND ` on the usage's first line, where its
    /// continuation lines start.
    static func commandPrefixLength(of line: String) -> Int {
        let words = line.split(separator: " ", omittingEmptySubsequences: false)
        guard words.count > 2 else { return line.count + 1 }
        return words[0].count + 1 + words[1].count + 1 + 7
    }
}
