import Foundation

/// Turns any text (a file, artboard, input or asset name) into a valid identifier
/// of one target language, the same one every time: words of letters and digits
/// joined in the language's case style, every other character a word break.
/// Letters the language accepts in an identifier are kept as they are (`héllo
/// wörld` → `HélloWörld`); other characters that are not spaces or punctuation
/// (emoji, symbols) are spelled `u` and their hex code point, so names stay
/// distinct. Each language supplies its reserved words, its letters and the case
/// of its constants (``swift`` here, ``KotlinSource/identifiers`` and
/// ``TypeScriptSource/identifiers`` beside their writers); the words, the
/// fallbacks and the numbering of repeats (``unique(_:suffix:in:)``) are shared.
package struct IdentifierRule: Sendable {
    /// How constants are spelled.
    package enum ConstantCase: Sendable {
        /// `heroLogo`: an all-capitals word is lowered whole (`URL` → `url`).
        case lowerCamel
        /// `HERO_LOGO`: the words upper-cased, joined by `_`; a camel-case word is
        /// split at its humps first (`MarsDefault` → `MARS_DEFAULT`, `URLLoop` → `URL_LOOP`).
        case screamingSnake
        /// `hero_logo`: as ``screamingSnake``, lower-cased (Android resource names).
        case lowerSnake
    }

    /// Which non-ASCII characters the language accepts in an identifier.
    package enum Letters: Sendable {
        /// Letters inside the ranges of the Swift grammar's `identifier-head`, and the
        /// combining marks it allows after the first character.
        case swift
        /// Unicode letters (categories Lu, Ll, Lt, Lm, Lo) assigned by Unicode 6.0,
        /// which every compiler's tables hold; with `marks`, the combining marks
        /// (Mn, Mc) of that age after the first character.
        case unicode6(marks: Bool)
        /// ASCII letters only: every other letter is spelled `u` and its hex code
        /// point, like a symbol (Android resource names).
        case ascii
    }

    /// Words the language reserves; a name that would be one gets its fallback
    /// instead of an escape, so it reads the same everywhere.
    package let reserved: Set<String>
    /// The non-ASCII characters kept in identifiers.
    package let letters: Letters
    /// The case of constants; types are always UpperCamelCase.
    package let constantCase: ConstantCase
    /// Whether names that differ only in letter case count as the same in a scope
    /// (Kotlin: each nested object is a class file, and two class files whose
    /// names differ only in case are one file on macOS and Windows disks).
    package let foldsCase: Bool
    /// The most UTF-8 bytes of a type name, nil for no limit (Kotlin: a nested
    /// object's class file joins the names of its outer objects, and a file name
    /// holds at most 255 bytes).
    package let maxTypeBytes: Int?

    /// A rule with the language's reserved words, letters and constant case.
    package init(reserved: Set<String>, letters: Letters, constantCase: ConstantCase, foldsCase: Bool = false, maxTypeBytes: Int? = nil) {
        self.reserved = reserved
        self.letters = letters
        self.constantCase = constantCase
        self.foldsCase = foldsCase
        self.maxTypeBytes = maxTypeBytes
    }

    /// Swift's rule: its keywords in a declaration or member position, the letters
    /// of its grammar, lowerCamelCase constants.
    package static let swift = IdentifierRule(reserved: [
        "associatedtype", "class", "deinit", "enum", "extension", "fileprivate", "func", "import", "init",
        "inout", "internal", "let", "open", "operator", "private", "precedencegroup", "protocol", "public",
        "rethrows", "static", "struct", "subscript", "typealias", "var", "break", "case", "catch", "continue",
        "default", "defer", "do", "else", "fallthrough", "for", "guard", "if", "in", "repeat", "return",
        "throw", "switch", "where", "while", "as", "any", "Any", "false", "is", "nil", "self", "Self", "super",
        "throws", "true", "try", "Type", "Protocol", "await", "async", "some", "borrowing", "consuming",
        "sending", "package", "macro",
    ], letters: .swift, constantCase: .lowerCamel)

    /// The words of `text`, in Unicode's composed form (NFC), so that two spellings
    /// of the same letters give the same identifier.
    func words(_ text: String) -> [String] {
        var words: [String] = []
        var current = ""
        for scalar in text.precomposedStringWithCanonicalMapping.unicodeScalars {
            if isLetter(scalar) || ("0"..."9").contains(scalar) || (!current.isEmpty && isCombiningMark(scalar)) {
                current.unicodeScalars.append(scalar)
            } else {
                if !current.isEmpty { words.append(current) }
                current = ""
                let category = scalar.properties.generalCategory
                if !scalar.isASCII, !scalar.properties.isWhitespace, !Self.isPunctuation(category) {
                    words.append("u" + String(scalar.value, radix: 16, uppercase: true))
                }
            }
        }
        if !current.isEmpty { words.append(current) }
        return words
    }

    /// A constant for `text` in the language's constant case (`hero logo` →
    /// `heroLogo` or `HERO_LOGO`); `fallback` when nothing usable is left; a leading
    /// digit or a reserved word gets `fallback` in front or behind.
    package func constant(_ text: String, fallback: String) -> String {
        let parts = words(text)
        switch constantCase {
        case .lowerCamel:
            guard let first = parts.first else { return fallback }
            var name = lowerFirst(first) + parts.dropFirst().map(upperFirst).joined()
            if name.first!.isNumber { name = fallback + upperFirst(name) }
            return reserved.contains(name) ? name + upperFirst(fallback) : name
        case .screamingSnake, .lowerSnake:
            let lower = constantCase == .lowerSnake
            let cased = lower ? fallback.lowercased() : fallback.uppercased()
            guard !parts.isEmpty else { return cased }
            var name = parts.flatMap(Self.humps).map { recased(lower ? $0.lowercased() : $0.uppercased(), else: $0) }.joined(separator: "_")
            if name.first!.isNumber { name = cased + "_" + name }
            return reserved.contains(name) ? name + "_" + cased : name
        }
    }

    /// `hero-screen` → `HeroScreen`; `fallback` when nothing usable is left, and in
    /// front of a leading digit or behind a reserved word or one of `taken` (the
    /// generated types and the names a type of that name would hide).
    package func type(_ text: String, fallback: String, avoiding taken: Set<String> = []) -> String {
        let parts = words(text)
        guard !parts.isEmpty else { return fallback }
        var name = parts.map(upperFirst).joined()
        if let limit = maxTypeBytes, name.utf8.count > limit {
            var kept = ""
            for character in name where kept.utf8.count + character.utf8.count <= limit { kept.append(character) }
            name = kept
        }
        if name.first!.isNumber { return fallback + name }
        return reserved.contains(name) || taken.contains(name) ? name + fallback : name
    }

    /// The camel-case humps of `word`: a break before an upper-case letter that
    /// follows a lower-case one, or that starts a lower-case run after capitals.
    static func humps(_ word: String) -> [String] {
        let characters = Array(word)
        var parts: [String] = []
        var current = ""
        for (index, character) in characters.enumerated() {
            if index > 0, character.isUppercase {
                let previous = characters[index - 1]
                let next = index + 1 < characters.count ? characters[index + 1] : nil
                if previous.isLowercase || (previous.isUppercase && next?.isLowercase == true) {
                    parts.append(current)
                    current = ""
                }
            }
            current.append(character)
        }
        return parts + [current]
    }

    /// A scope of this language where `names` are taken already.
    package func scope(_ names: Set<String> = []) -> Scope { Scope(names, foldsCase: foldsCase) }

    /// The identifiers handed out in one scope (a generated enum or object), and
    /// where the counter of each repeated name stands, so that handing out the n-th
    /// repeat costs no search through the n - 1 before it.
    package struct Scope: ExpressibleByArrayLiteral {
        /// Every identifier taken, case folded (`CaseFolding`) when the scope folds case.
        package private(set) var taken: Set<String>
        /// Whether names that differ only in case are the same (as on a case-insensitive disk).
        let foldsCase: Bool
        /// For `name_suffix`, the counter to try next.
        fileprivate var nextCounter: [String: Int] = [:]

        /// A scope where `names` are taken already.
        package init(_ names: Set<String> = [], foldsCase: Bool = false) {
            self.foldsCase = foldsCase
            taken = foldsCase ? Set(names.map(CaseFolding.key)) : names
        }
        package init(arrayLiteral names: String...) { self.init(Set(names)) }

        fileprivate func contains(_ name: String) -> Bool { taken.contains(foldsCase ? CaseFolding.key(name) : name) }
        fileprivate mutating func take(_ name: String) { taken.insert(foldsCase ? CaseFolding.key(name) : name) }
    }

    /// `name` if `scope` lacks it, else `name` with `suffix`, else with a counter
    /// after that; taken in `scope`.
    package static func unique(_ name: String, suffix: String, in scope: inout Scope) -> String {
        var candidate = name
        let stem = name + "_" + suffix
        if scope.contains(candidate) { candidate = stem }
        var counter = scope.nextCounter[stem, default: 2]
        while scope.contains(candidate) {
            candidate = stem + "_" + String(counter)
            counter += 1
        }
        scope.nextCounter[stem] = counter
        scope.take(candidate)
        return candidate
    }

    /// A letter the language accepts anywhere in an identifier: ASCII letters, and
    /// letters of other scripts as ``letters`` says (for Swift, inside the ranges
    /// its grammar allows at an identifier's start, which leave out the
    /// bidirectional controls and spaces those ranges also hold, no letters).
    private func isLetter(_ scalar: Unicode.Scalar) -> Bool {
        if scalar.isASCII { return ("a"..."z").contains(scalar) || ("A"..."Z").contains(scalar) }
        switch letters {
        case .swift:
            return scalar.properties.isAlphabetic && Self.isIdentifierHead(scalar.value)
        case .ascii:
            return false
        case .unicode6:
            switch scalar.properties.generalCategory {
            case .uppercaseLetter, .lowercaseLetter, .titlecaseLetter, .modifierLetter, .otherLetter: return Self.isOld(scalar)
            default: return false
            }
        }
    }

    /// A mark that combines with the letter before it, one the language allows after an identifier's first character.
    private func isCombiningMark(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.properties.generalCategory {
        case .nonspacingMark, .spacingMark: break
        case .enclosingMark: guard case .swift = letters else { return false }
        default: return false
        }
        switch letters {
        case .swift:
            let value = scalar.value
            return (0x300...0x36F).contains(value) || (0x1DC0...0x1DFF).contains(value) || (0x20D0...0x20FF).contains(value)
                || (0xFE20...0xFE2F).contains(value) || Self.isIdentifierHead(value)
        case .unicode6(let marks):
            return marks && Self.isOld(scalar)
        case .ascii:
            return false
        }
    }

    /// Whether `scalar` was assigned by Unicode 6.0.
    private static func isOld(_ scalar: Unicode.Scalar) -> Bool {
        guard let age = scalar.properties.age else { return false }
        return age.major < 6 || (age.major == 6 && age.minor == 0)
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

    /// `word` with its first character upper-cased, unless that casing leaves the language's identifier letters.
    private func upperFirst(_ word: String) -> String {
        recased(word.prefix(1).uppercased() + word.dropFirst(), else: word)
    }

    private func lowerFirst(_ word: String) -> String {
        // An all-capitals word is lowered whole (`URL` → `url`), otherwise only its first letter.
        recased(word == word.uppercased() ? word.lowercased() : word.prefix(1).lowercased() + word.dropFirst(), else: word)
    }

    private func recased(_ candidate: String, else original: String) -> String {
        let normalized = candidate.precomposedStringWithCanonicalMapping
        let valid = normalized.unicodeScalars.allSatisfy { isLetter($0) || ("0"..."9").contains($0) || isCombiningMark($0) }
        return valid ? normalized : original
    }
}
