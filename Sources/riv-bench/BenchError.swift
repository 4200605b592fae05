import RivCommandLine

/// A failure of the benchmark itself (not a measured result), with a message for the user.
struct BenchError: Error, CustomStringConvertible {
    let description: String

    init(_ description: String) {
        self.description = description
    }

    /// The result of `parse`, its usage error as a `BenchError` ending in a pointer to `--help`.
    static func usage<Value>(_ parse: () throws(UsageError) -> Value) throws(BenchError) -> Value {
        do {
            return try parse()
        } catch {
            throw BenchError(error.message + "; see --help")
        }
    }
}
