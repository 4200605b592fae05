/// The package's one rule for names with wildcards, as `replace` NAME=FILE,
/// `extract --name`, `AssetRegistry` sources and folder sources use it: shell
/// patterns over Unicode scalars (not bytes, so `?` is one character whatever its
/// UTF-8 length), matched against the whole name.
///
/// - `*` any run of characters, empty included; `?` any one character;
/// - `[abc]`, `[a-z]` one character of the set or range, `[!a-z]` or `[^a-z]` one
///   outside it; `]` first in a set, or `-` first or last, stands for itself; a `[`
///   without its `]` is an ordinary character;
/// - `\x` the character `x` itself, and a `\` at the end a backslash.
///
/// A pattern or name holding a NUL never matches (as when matching was C's `fnmatch`,
/// where the NUL would end the string early and `a` would match `a\0evil`).
///
/// Matching takes time proportional to the pattern's length times the name's at
/// worst: a `*` is never backtracked into more than once, so no pattern makes it slow.
public enum WildcardPattern {
    /// Whether `name` holds a character that makes it a pattern: `*`, `?` or `[`.
    public static func isPattern(_ name: String) -> Bool {
        name.unicodeScalars.contains { $0 == "*" || $0 == "?" || $0 == "[" }
    }

    /// Whether `pattern` matches the whole of `name`.
    public static func matches(_ pattern: String, _ name: String) -> Bool {
        guard !pattern.unicodeScalars.contains("\0"), !name.unicodeScalars.contains("\0") else { return false }
        let tokens = parse(pattern)
        let text = Array(name.unicodeScalars)
        var tokenIndex = 0, textIndex = 0
        // The last `*` seen and where in the text it would resume, one character further each time.
        var star: Int?, resume = 0
        while textIndex < text.count {
            if tokenIndex < tokens.count, case .anyRun = tokens[tokenIndex] {
                star = tokenIndex
                resume = textIndex
                tokenIndex += 1
            } else if tokenIndex < tokens.count, tokens[tokenIndex].matches(text[textIndex]) {
                tokenIndex += 1
                textIndex += 1
            } else if let starAt = star {
                tokenIndex = starAt + 1
                resume += 1
                textIndex = resume
            } else {
                return false
            }
        }
        while tokenIndex < tokens.count, case .anyRun = tokens[tokenIndex] { tokenIndex += 1 }
        return tokenIndex == tokens.count
    }

    /// One element of a pattern.
    private enum Token {
        case character(Unicode.Scalar)
        case anyCharacter
        case anyRun
        case set(ranges: [ClosedRange<Unicode.Scalar>], negated: Bool)

        /// Whether this single-character token matches `scalar` (never for `*`).
        func matches(_ scalar: Unicode.Scalar) -> Bool {
            switch self {
            case .character(let character): character == scalar
            case .anyCharacter: true
            case .anyRun: false
            case .set(let ranges, let negated): ranges.contains { $0.contains(scalar) } != negated
            }
        }
    }

    private static func parse(_ pattern: String) -> [Token] {
        let scalars = Array(pattern.unicodeScalars)
        var tokens: [Token] = []
        var index = 0
        while index < scalars.count {
            let scalar = scalars[index]
            switch scalar {
            case "*":
                if case .anyRun? = tokens.last {} else { tokens.append(.anyRun) }
                index += 1
            case "?":
                tokens.append(.anyCharacter)
                index += 1
            case "\\" where index + 1 < scalars.count:
                tokens.append(.character(scalars[index + 1]))
                index += 2
            case "[":
                if let (set, next) = parseSet(scalars, from: index) {
                    tokens.append(set)
                    index = next
                } else {
                    tokens.append(.character("["))
                    index += 1
                }
            default:
                tokens.append(.character(scalar))
                index += 1
            }
        }
        return tokens
    }

    /// The set that opens at `start` (a `[`) and the index after its `]`; nil when it is never closed.
    private static func parseSet(_ scalars: [Unicode.Scalar], from start: Int) -> (Token, Int)? {
        var index = start + 1
        var negated = false
        if index < scalars.count, scalars[index] == "!" || scalars[index] == "^" {
            negated = true
            index += 1
        }
        var ranges: [ClosedRange<Unicode.Scalar>] = []
        var first = true
        while index < scalars.count {
            let scalar = scalars[index]
            if scalar == "]" && !first { return (.set(ranges: ranges, negated: negated), index + 1) }
            first = false
            if index + 2 < scalars.count, scalars[index + 1] == "-", scalars[index + 2] != "]" {
                let upper = scalars[index + 2]
                if scalar <= upper { ranges.append(scalar...upper) }
                index += 3
            } else {
                ranges.append(scalar...scalar)
                index += 1
            }
        }
        return nil
    }
}
