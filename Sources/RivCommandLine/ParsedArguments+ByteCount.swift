import Foundation

extension ParsedArguments {
    /// The value of `option` as a byte count, nil when it was not given: a whole
    /// number, optionally with a unit (`kB`, `MB`, `GB` are powers of 1000; `KiB`,
    /// `MiB`, `GiB` and the bare `K`, `M`, `G` of 1024; case ignored): `2000000`,
    /// `2MB`, `1.5 MiB`, `2M`.
    public func byteCount(_ option: Option) throws(UsageError) -> Int? {
        guard let text = value(option) else { return nil }
        let units: [(suffix: String, factor: Double)] = [("kib", 1024), ("mib", 1_048_576), ("gib", 1_073_741_824),
                                                         ("kb", 1e3), ("mb", 1e6), ("gb", 1e9), ("b", 1),
                                                         ("k", 1024), ("m", 1_048_576), ("g", 1_073_741_824)]
        let lowered = text.lowercased().trimmingCharacters(in: .whitespaces)
        let unit = units.first { lowered.hasSuffix($0.suffix) }
        let number = String(lowered.dropLast(unit?.suffix.count ?? 0)).trimmingCharacters(in: .whitespaces)
        guard let amount = Double(number), amount >= 0, amount.isFinite, (unit != nil || Int(number) != nil),
              amount * (unit?.factor ?? 1) < Double(Int.max) else {
            throw UsageError("\(option.declaration.names[0]) takes a number of bytes (2000000, 2MB, 1.5MiB, 2M), not '\(text)'")
        }
        return Int(amount * (unit?.factor ?? 1))
    }

    /// The value of `option` as a number of seconds above 0, nil when it was not given.
    public func seconds(_ option: Option) throws(UsageError) -> Double? {
        guard let text = value(option) else { return nil }
        guard let value = Double(text), value > 0, value.isFinite else {
            throw UsageError("\(option.declaration.names[0]): expected a number of seconds above 0, got '\(text)'")
        }
        return value
    }
}
