import Foundation

/// Turns any text (a file, artboard, input or asset name) into a valid Swift
/// identifier, the same one every time: words of letters and digits joined in
/// camel case, every other character a word break. Letters of any script that
/// Swift accepts in an identifier are kept as they are (`héllo wörld` →
/// `HélloWörld`); other characters that are not spaces or punctuation (emoji,
/// symbols) are spelled `u` and their hex code point, so names stay distinct.
package enum SwiftIdentifier {
    /// Words Swift reserves in a declaration or member position; a name that would
    /// be one gets a suffix instead of backticks, so it reads the same everywhere.
    package static let reserved: Set<String> = [
        "associatedtype", "class", "deinit", "enum", "extension", "fileprivate", "func", "import", "init",
        "inout", "internal", "let", "open", "operator", "private", "precedencegroup", "protocol", "public",
        "rethrows", "static", "struct", "subscript", "typealias", "var", "break", "case", "catch", "continue",
        "default", "defer", "do", "else", "fallthrough", "for", "guard", "if", "in", "repeat", "return",
        "throw", "switch", "where", "while", "as", "any", "Any", "false", "is", "nil", "self", "Self", "super",
        "throws", "true", "try", "Type", "Protocol", "await", "async", "some", "borrowing", "consuming",
        "sending", "package", "macro",
    ]

    /// The words of `text`, in Unicode's composed form (NFC), so that two spellings
    /// of the same letters give the same identifier.
    static func words(_ text: String) -> [String] {
        var words: [String] = []
        var current = ""
        for scalar in text.precomposedStringWithCanonicalMapping.unicodeScalars {
            if isLetter(scalar) || ("0"..."9").contains(scalar) || (!current.isEmpty && isCombiningMark(scalar)) {
                current.unicodeScalars.append(scalar)
            } else {
                if !current.isEmpty { words.append(current) }
                current = ""
                let category = scalar.properties.generalCategory
                if !scalar.isASCII, !scalar.properties.isWhitespace, !isPunctuation(category) {
                    words.append("u" + String(scalar.value, radix: 16, uppercase: true))
                }
            }
        }
        if !current.isEmpty { words.append(current) }
        return words
    }

    /// `hero logo` → `heroLogo`; `fallback` when nothing usable is left; a leading
    /// digit or a reserved word gets `fallback` in front or behind.
    package static func lowerCamel(_ text: String, fallback: String) -> String {
        let parts = words(text)
        guard let first = parts.first else { return fallback }
        var name = lowerFirst(first) + parts.dropFirst().map(upperFirst).joined()
        if name.first!.isNumber { name = fallback + upperFirst(name) }
        return reserved.contains(name) ? name + upperFirst(fallback) : name
    }

    /// `hero-screen` → `HeroScreen`; `fallback` when nothing usable is left, and in
    /// front of a leading digit or behind a reserved word or one of `taken` (the
    /// generated types and the `Swift` module, which a type of that name would hide).
    package static func upperCamel(_ text: String, fallback: String, avoiding taken: Set<String> = []) -> String {
        let parts = words(text)
        guard !parts.isEmpty else { return fallback }
        let name = parts.map(upperFirst).joined()
        if name.first!.isNumber { return fallback + name }
        return reserved.contains(name) || taken.contains(name) ? name + fallback : name
    }

    /// The identifiers handed out in one scope (a generated enum), and where the
    /// counter of each repeated name stands, so that handing out the n-th repeat
    /// costs no search through the n - 1 before it.
    package struct Scope: ExpressibleByArrayLiteral {
        /// Every identifier taken.
        package private(set) var taken: Set<String>
        /// For `name_suffix`, the counter to try next.
        fileprivate var nextCounter: [String: Int] = [:]

        /// A scope where `names` are taken already.
        package init(_ names: Set<String> = []) { taken = names }
        package init(arrayLiteral names: String...) { taken = Set(names) }

        fileprivate mutating func take(_ name: String) { taken.insert(name) }
    }

    /// `name` if `scope` lacks it, else `name` with `suffix`, else with a counter
    /// after that; taken in `scope`.
    package static func unique(_ name: String, suffix: String, in scope: inout Scope) -> String {
        var candidate = name
        let stem = name + "_" + suffix
        if scope.taken.contains(candidate) { candidate = stem }
        var counter = scope.nextCounter[stem, default: 2]
        while scope.taken.contains(candidate) {
            candidate = stem + "_" + String(counter)
            counter += 1
        }
        scope.nextCounter[stem] = counter
        scope.take(candidate)
        return candidate
    }

    /// A letter Swift accepts anywhere in an identifier: ASCII letters, and letters
    /// of other scripts inside the ranges the Swift grammar allows at an
    /// identifier's start (which leave out the bidirectional controls and spaces
    /// those ranges also hold, because those are no letters).
    private static func isLetter(_ scalar: Unicode.Scalar) -> Bool {
        if scalar.isASCII { return ("a"..."z").contains(scalar) || ("A"..."Z").contains(scalar) }
        return scalar.properties.isAlphabetic && isIdentifierHead(scalar.value)
    }

    /// A mark that combines with the letter before it, inside the ranges Swift allows after an identifier's first character.
    private static func isCombiningMark(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.properties.generalCategory {
        case .nonspacingMark, .spacingMark, .enclosingMark: break
        default: return false
        }
        let value = scalar.value
        return (0x300...0x36F).contains(value) || (0x1DC0...0x1DFF).contains(value) || (0x20D0...0x20FF).contains(value)
            || (0xFE20...0xFE2F).contains(value) || isIdentifierHead(value)
    }

    private static func isPunctuation(_ category: Unicode.GeneralCategory) -> Bool {
        switch category {
        case .connectorPunctuation, .dashPunctuation, .openPunctuation, .closePunctuation,
             .initialPunctuation, .finalPunctuation, .otherPunctuation, .spaceSeparator, .control, .format:
            true
        default:
            false
        }
    }

    /// The non-ASCII ranges of the Swift grammar's `identifier-head`.
    private static let identifierHeadRanges: [ClosedRange<UInt32>] = [
        0xA8...0xA8, 0xAA...0xAA, 0xAD...0xAD, 0xAF...0xAF, 0xB2...0xB5, 0xB7...0xBA, 0xBC...0xBE, 0xC0...0xD6, 0xD8...0xF6, 0xF8...0xFF,
        0x100...0x2FF, 0x370...0x167F, 0x1681...0x180D, 0x180F...0x1DBF, 0x1E00...0x1FFF,
        0x200B...0x200D, 0x202A...0x202E, 0x203F...0x2040, 0x2054...0x2054, 0x2060...0x206F,
        0x2070...0x20CF, 0x2100...0x218F, 0x2460...0x24FF, 0x2776...0x2793, 0x2C00...0x2DFF, 0x2E80...0x2FFF,
        0x3004...0x3007, 0x3021...0x302F, 0x3031...0x303F, 0x3040...0xD7FF,
        0xF900...0xFD3D, 0xFD40...0xFDCF, 0xFDF0...0xFE1F, 0xFE30...0xFE44, 0xFE47...0xFFFD,
        0x10000...0x1FFFD, 0x20000...0x2FFFD, 0x30000...0x3FFFD, 0x40000...0x4FFFD, 0x50000...0x5FFFD, 0x60000...0x6FFFD,
        0x70000...0x7FFFD, 0x80000...0x8FFFD, 0x90000...0x9FFFD, 0xA0000...0xAFFFD, 0xB0000...0xBFFFD, 0xC0000...0xCFFFD,
        0xD0000...0xDFFFD, 0xE0000...0xEFFFD,
    ]

    private static func isIdentifierHead(_ value: UInt32) -> Bool {
        identifierHeadRanges.contains { $0.contains(value) }
    }

    /// `word` with its first character upper-cased, unless that casing leaves Swift's identifier letters.
    private static func upperFirst(_ word: String) -> String {
        recased(word.prefix(1).uppercased() + word.dropFirst(), else: word)
    }

    private static func lowerFirst(_ word: String) -> String {
        // An all-capitals word is lowered whole (`URL` → `url`), otherwise only its first letter.
        recased(word == word.uppercased() ? word.lowercased() : word.prefix(1).lowercased() + word.dropFirst(), else: word)
    }

    private static func recased(_ candidate: String, else original: String) -> String {
        let normalized = candidate.precomposedStringWithCanonicalMapping
        let valid = normalized.unicodeScalars.allSatisfy { isLetter($0) || ("0"..."9").contains($0) || isCombiningMark($0) }
        return valid ? normalized : original
    }
}
