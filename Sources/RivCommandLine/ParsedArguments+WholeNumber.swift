extension ParsedArguments {
    /// The value of `option` as a whole number from `minimum` up to `maximum`
    /// (no upper bound when nil), nil when it was not given: the one reading of
    /// every option that counts (`--jobs`, `--retries`, `--largest`).
    public func wholeNumber(_ option: Option, minimum: Int, maximum: Int? = nil) throws(UsageError) -> Int? {
        guard let text = value(option) else { return nil }
        guard let number = Int(text), number >= minimum, number <= maximum ?? Int.max else {
            let range = maximum.map { "from \(minimum) to \($0)" } ?? "of at least \(minimum)"
            throw UsageError("\(option.declaration.names[0]): expected a whole number \(range), got '\(text)'")
        }
        return number
    }
}
