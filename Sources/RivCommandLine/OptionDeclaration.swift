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

    /// A flag: present or not.
    public static func flag(_ names: String..., help: String) -> OptionDeclaration {
        OptionDeclaration(names: names, valueName: nil, help: help, isRepeatable: false)
    }

    /// An option that takes a value, once (`--type TYPES`).
    public static func value(_ names: String..., valueName: String, help: String) -> OptionDeclaration {
        OptionDeclaration(names: names, valueName: valueName, help: help, isRepeatable: false)
    }

    /// An option that takes a value and may be repeated (`--image NAME=PATH`).
    public static func repeatable(_ names: String..., valueName: String, help: String) -> OptionDeclaration {
        OptionDeclaration(names: names, valueName: valueName, help: help, isRepeatable: true)
    }

    /// The preferred spelling.
    public var name: String { names[0] }

    /// `-o, --output OUT`: how the option appears in help.
    public var synopsis: String {
        names.joined(separator: ", ") + (valueName.map { " " + $0 } ?? "")
    }
}
