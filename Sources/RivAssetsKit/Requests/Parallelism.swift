/// How many threads an operation may use for its inputs.
public enum Parallelism: Sendable, Hashable {
    /// What suits the operation: a thread per core for reading and listing, more
    /// for extraction, which mostly waits on the disk.
    case automatic
    /// At most this many threads (1: one input after another, on the calling thread).
    case threads(Int)

    /// The number of threads for work whose automatic width is `automatic`.
    func width(automatic: Int) -> Int {
        switch self {
        case .automatic: automatic
        case .threads(let count): max(1, count)
        }
    }
}
