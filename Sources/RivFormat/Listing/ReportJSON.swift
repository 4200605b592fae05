import Foundation

/// How every report of this package is written as JSON: pretty-printed, keys
/// sorted, slashes unescaped, so the output is stable for diffs and tests.
public enum ReportJSON {
    /// `value` as JSON in the package's report style.
    public static func data<Value: Encodable>(_ value: Value) throws -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        return try encoder.encode(value)
    }
}
