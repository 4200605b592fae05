/// A failure of the benchmark itself (not a measured result), with a message for the user.
struct BenchError: Error, CustomStringConvertible {
    let description: String

    init(_ description: String) {
        self.description = description
    }
}
