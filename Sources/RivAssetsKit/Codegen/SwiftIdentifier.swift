/// Turns any text (a file or asset name) into a valid Swift identifier, the same
/// one every time: words of ASCII letters and digits joined in camel case, every
/// other character a word break, and characters outside ASCII letters spelled as
/// `u` and their hex code point so that names in any script stay distinct.
enum SwiftIdentifier {
    /// Words Swift reserves in a declaration or member position; a name that would
    /// be one gets a suffix instead of backticks, so it reads the same everywhere.
    static let reserved: Set<String> = [
        "associatedtype", "class", "deinit", "enum", "extension", "fileprivate", "func", "import", "init",
        "inout", "internal", "let", "open", "operator", "private", "precedencegroup", "protocol", "public",
        "rethrows", "static", "struct", "subscript", "typealias", "var", "break", "case", "catch", "continue",
        "default", "defer", "do", "else", "fallthrough", "for", "guard", "if", "in", "repeat", "return",
        "throw", "switch", "where", "while", "as", "any", "false", "is", "nil", "self", "Self", "super",
        "throws", "true", "try", "Type", "Protocol", "await", "async", "some", "borrowing", "consuming",
        "sending", "package", "macro",
    ]

    /// The words of `text`.
    static func words(_ text: String) -> [String] {
        var words: [String] = []
        var current = ""
        for scalar in text.unicodeScalars {
            if scalar.isASCII, scalar.properties.isAlphabetic || ("0"..."9").contains(scalar) {
                current.unicodeScalars.append(scalar)
            } else {
                if !current.isEmpty { words.append(current) }
                current = ""
                if !scalar.isASCII, !scalar.properties.isWhitespace {
                    words.append("u" + String(scalar.value, radix: 16, uppercase: true))
                }
            }
        }
        if !current.isEmpty { words.append(current) }
        return words
    }

    /// `hero logo` → `heroLogo`; `fallback` when nothing usable is left; a leading
    /// digit or a reserved word gets `fallback` in front or behind.
    static func lowerCamel(_ text: String, fallback: String) -> String {
        let parts = words(text)
        guard let first = parts.first else { return fallback }
        var name = lowerFirst(first) + parts.dropFirst().map(upperFirst).joined()
        if name.first!.isNumber { name = fallback + upperFirst(name) }
        return reserved.contains(name) ? name + upperFirst(fallback) : name
    }

    /// `hero-screen` → `HeroScreen`; `fallback` when nothing usable is left, and in
    /// front of a leading digit or behind a reserved word or `Asset` (the generated struct).
    static func upperCamel(_ text: String, fallback: String) -> String {
        let parts = words(text)
        guard !parts.isEmpty else { return fallback }
        let name = parts.map(upperFirst).joined()
        if name.first!.isNumber { return fallback + name }
        return reserved.contains(name) || name == "Asset" ? name + fallback : name
    }

    /// `name` if `taken` lacks it, else `name` with `suffix`, else with a counter; added to `taken`.
    static func unique(_ name: String, suffix: String, in taken: inout Set<String>) -> String {
        var candidate = name
        if taken.contains(candidate) { candidate = name + "_" + suffix }
        var counter = 2
        while taken.contains(candidate) {
            candidate = name + "_" + suffix + "_" + String(counter)
            counter += 1
        }
        taken.insert(candidate)
        return candidate
    }

    private static func upperFirst(_ word: String) -> String { word.prefix(1).uppercased() + word.dropFirst() }
    private static func lowerFirst(_ word: String) -> String {
        // An all-capitals word is lowered whole (`URL` → `url`), otherwise only its first letter.
        word == word.uppercased() ? word.lowercased() : word.prefix(1).lowercased() + word.dropFirst()
    }
}
