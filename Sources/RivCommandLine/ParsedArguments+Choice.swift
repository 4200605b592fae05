extension ParsedArguments {
    /// The value of `option` as one of `choices` (matched by raw value), nil
    /// when it was not given: the one reading of every option whose value is a
    /// keyword (`--layout`, `--prefer`, `--format`, `--uuid`, `--language`,
    /// `--access`). Any other value is a usage error naming the option, the
    /// value and every choice, in the order given.
    public func choice<Value: RawRepresentable<String>>(_ option: Option, among choices: [Value]) throws(UsageError) -> Value? {
        guard let text = value(option) else { return nil }
        guard let chosen = choices.first(where: { $0.rawValue == text }) else {
            throw UsageError("\(option.declaration.name): '\(text)' is not one of \(choices.map(\.rawValue).joined(separator: ", "))")
        }
        return chosen
    }
}
