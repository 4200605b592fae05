/// A small parser for `--flag`, `--option VALUE`, `--option=VALUE` and positional arguments.
struct ArgumentParser {
    private var remaining: [String]

    init(_ arguments: [String]) {
        remaining = arguments
    }

    /// True when `flag` appears before a `--` separator.
    func contains(_ flag: String) -> Bool {
        remaining.prefix { $0 != "--" }.contains(flag)
    }

    /// Removes every occurrence of a boolean flag (any of `names`) and says whether there was one.
    mutating func flag(_ names: String...) -> Bool {
        let before = remaining.count
        var seenSeparator = false
        remaining = remaining.filter { argument in
            if argument == "--" { seenSeparator = true }
            return seenSeparator || !names.contains(argument)
        }
        return remaining.count != before
    }

    /// Removes every `--name VALUE` / `--name=VALUE` (for any of `names`) and returns the values in order.
    mutating func options(_ names: String...) throws(UsageError) -> [String] {
        var values: [String] = []
        var kept: [String] = []
        var index = 0
        while index < remaining.count {
            let argument = remaining[index]
            if argument == "--" {
                kept.append(contentsOf: remaining[index...])
                break
            }
            if names.contains(argument) {
                guard index + 1 < remaining.count else { throw UsageError("\(argument) needs a value") }
                values.append(remaining[index + 1])
                index += 2
                continue
            }
            if let name = names.first(where: { argument.hasPrefix($0 + "=") }) {
                values.append(String(argument.dropFirst(name.count + 1)))
                index += 1
                continue
            }
            kept.append(argument)
            index += 1
        }
        remaining = kept
        return values
    }

    /// Like ``options(_:)`` for an option that may appear at most once.
    mutating func option(_ names: String...) throws(UsageError) -> String? {
        var values: [String] = []
        for name in names { values += try options(name) }
        guard values.count <= 1 else { throw UsageError("\(names[0]) may be given once") }
        return values.first
    }

    /// The positional arguments left; fails on any unrecognised option.
    mutating func positionals() throws(UsageError) -> [String] {
        var result: [String] = []
        var afterSeparator = false
        for argument in remaining {
            if afterSeparator {
                result.append(argument)
            } else if argument == "--" {
                afterSeparator = true
            } else if argument.hasPrefix("-") && argument != "-" {
                throw UsageError("unknown option '\(argument)'")
            } else {
                result.append(argument)
            }
        }
        remaining = []
        return result
    }
}

/// A mistake in how the tool was called; the tool exits with status 64.
struct UsageError: Error {
    let message: String

    init(_ message: String) {
        self.message = message
    }
}
