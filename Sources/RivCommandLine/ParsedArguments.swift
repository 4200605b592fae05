/// A command line parsed against the options a command declares: `--flag`,
/// `--option VALUE`, `--option=VALUE`, and positional arguments (everything after
/// `--` is positional, and so is a lone `-`; so is everything after a mode flag,
/// ``OptionDeclaration/endsOptions``). Its options are read by the cases of
/// `Option`, the command's declared options.
public struct ParsedArguments<Option: CommandOption>: Sendable {
    private var flags: Set<String> = []
    private var values: [String: [String]] = [:]
    /// The positional arguments in order.
    public let positionals: [String]

    /// Parses `arguments` against the declared options; an option not declared, a
    /// missing value, or a non-repeatable option given twice is a ``UsageError``.
    public init(_ arguments: [String]) throws(UsageError) {
        var byName: [String: OptionDeclaration] = [:]
        for option in Option.declarations {
            for name in option.names { byName[name] = option }
        }
        var positionals: [String] = []
        var index = 0
        while index < arguments.count {
            let argument = arguments[index]
            index += 1
            if argument == "--" {
                positionals += arguments[index...]
                break
            }
            guard argument.hasPrefix("-") && argument != "-" else {
                positionals.append(argument)
                continue
            }
            let (name, inlineValue) = Self.split(argument)
            guard let option = byName[name] else {
                let hint = NearestName.suggestion(for: name, among: byName.keys.sorted()).map { "; did you mean \($0)?" } ?? ""
                throw UsageError("unknown option '\(name)'\(hint)")
            }
            guard option.valueName != nil else {
                if option.countName != nil, let count = inlineValue ?? arguments[index...].first.flatMap({ Self.isCount($0) ? $0 : nil }) {
                    if inlineValue == nil { index += 1 }
                    values[option.name] = [count]
                } else if inlineValue != nil {
                    throw UsageError("\(option.name) takes no value")
                }
                if option.countName != nil && flags.contains(option.name) { throw UsageError("\(option.name) may be given once") }
                flags.insert(option.name)
                if option.endsOptions {
                    positionals += arguments[index...]
                    break
                }
                continue
            }
            let value: String
            if let inlineValue {
                value = inlineValue
            } else {
                guard index < arguments.count else { throw UsageError("\(name) needs a value") }
                value = arguments[index]
                index += 1
            }
            if !option.isRepeatable && values[option.name] != nil { throw UsageError("\(option.name) may be given once") }
            values[option.name, default: []].append(value)
        }
        self.positionals = positionals
    }

    /// The arguments read as options and their values: those before `--` and
    /// before a mode flag's arguments (`--help` among the rest is a positional).
    public static func optionArguments(of arguments: [String]) -> ArraySlice<String> {
        let modes = Set(Option.declarations.filter(\.endsOptions).flatMap(\.names))
        guard let end = arguments.firstIndex(where: { $0 == "--" || modes.contains($0) }) else { return arguments[...] }
        return arguments[..<end]
    }

    /// `--name=value` as its name and value; any other argument as itself and nil.
    private static func split(_ argument: String) -> (String, String?) {
        guard argument.hasPrefix("--"), let equals = argument.firstIndex(of: "=") else { return (argument, nil) }
        return (String(argument[..<equals]), String(argument[argument.index(after: equals)...]))
    }

    /// Whether `argument` is all ASCII digits: the number of a counted flag.
    private static func isCount(_ argument: String) -> Bool {
        !argument.isEmpty && argument.utf8.allSatisfy { (0x30...0x39).contains($0) }
    }

    /// Whether the flag was given.
    public func isSet(_ option: Option) -> Bool {
        flags.contains(option.declaration.name)
    }

    /// The value of an option given at most once, nil when absent.
    public func value(_ option: Option) -> String? {
        values[option.declaration.name]?.first
    }

    /// Every value of a repeatable option, in the order given.
    public func values(_ option: Option) -> [String] {
        values[option.declaration.name] ?? []
    }
}
