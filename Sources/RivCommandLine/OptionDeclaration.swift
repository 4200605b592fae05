/// One option a command accepts, declared once: its parsing and its line of
/// `--help` both come from this declaration.
public struct OptionDeclaration: Sendable, Hashable {
    /// Every spelling, the preferred one first (`-o`, `--output`).
    public let names: [String]
    /// The placeholder of its value in help (`DIR`), nil for a flag.
    public let valueName: String?
    /// What it does, for `--help`; may span several lines.
    public let help: String
    /// Whether it may be given more than once (its values are then kept in order).
    public let isRepeatable: Bool
    /// Whether every argument after it is positional, however it is spelled: a mode
    /// whose arguments come from another program (`diff --git` takes what git
    /// passes, file names starting with `-` included).
    public let endsOptions: Bool
    /// For a flag that may be followed by a whole number (``counted(_:valueName:help:)``),
    /// the number's placeholder in help (`N`); nil otherwise.
    public private(set) var countName: String? = nil
    /// The words the value is one of (or, for a comma-separated list, made of),
    /// when the placeholder names a kind of value rather than listing them
    /// (`--layout APP`: flat, ios, android, web, flutter); shell completion offers them.
    public private(set) var valueWords: [String]? = nil

    /// A flag: present or not.
    public static func flag(_ names: String..., help: String) -> OptionDeclaration {
        OptionDeclaration(names: names, valueName: nil, help: help, isRepeatable: false, endsOptions: false)
    }

    /// A flag after which every argument is positional (``endsOptions``): `--`,
    /// `--help` and names starting with `-` included.
    public static func mode(_ names: String..., help: String) -> OptionDeclaration {
        OptionDeclaration(names: names, valueName: nil, help: help, isRepeatable: false, endsOptions: true)
    }

    /// A flag that may carry a whole number (`--largest`, `--largest 20`,
    /// `--largest=20`): the argument after it is its number only when it is all
    /// digits, so a file name after the flag stays a file name.
    public static func counted(_ names: String..., valueName: String, help: String) -> OptionDeclaration {
        OptionDeclaration(names: names, valueName: nil, help: help, isRepeatable: false, endsOptions: false, countName: valueName)
    }

    /// An option that takes a value, once (`--type TYPES`), optionally one of
    /// `words` (or a comma-separated list of them), which completion offers.
    public static func value(_ names: String..., valueName: String, words: [String]? = nil, help: String) -> OptionDeclaration {
        OptionDeclaration(names: names, valueName: valueName, help: help, isRepeatable: false, endsOptions: false, valueWords: words)
    }

    /// An option that takes a value and may be repeated (`--image NAME=PATH`).
    public static func repeatable(_ names: String..., valueName: String, help: String) -> OptionDeclaration {
        OptionDeclaration(names: names, valueName: valueName, help: help, isRepeatable: true, endsOptions: false)
    }

    /// The preferred spelling.
    public var name: String { names[0] }

    /// What a shell may offer for the option's value.
    public enum ValueCompletion: Sendable, Hashable {
        /// Nothing: the value is a name, a number or a list.
        case none
        /// A file or folder path.
        case path
        /// A folder path.
        case folder
        /// One of these words.
        case words([String])
    }

    /// What shell completion offers for the value: the declared ``valueWords``;
    /// else, from its placeholder, folders for `DIR`, paths for `OUT`, `FILE`,
    /// `PATH` and `PAGE`, the words of a placeholder that lists them
    /// (`content|random`), nothing otherwise (and nothing for a flag).
    public var valueCompletion: ValueCompletion {
        guard let valueName else { return .none }
        if let valueWords { return .words(valueWords) }
        switch valueName {
        case "DIR": return .folder
        case "OUT", "FILE", "PATH", "PAGE": return .path
        default:
            let words = valueName.split(separator: "|").map(String.init)
            return words.count > 1 && words.allSatisfy({ $0.allSatisfy { $0.isLowercase } }) ? .words(words) : .none
        }
    }

    /// The first line of ``help``, for a completion menu.
    public var summary: String {
        String(help.prefix { $0 != "\n" })
    }

    /// `-o, --output OUT`: how the option appears in help.
    public var synopsis: String {
        names.joined(separator: ", ") + (valueName.map { " " + $0 } ?? "") + (countName.map { " [" + $0 + "]" } ?? "")
    }
}
