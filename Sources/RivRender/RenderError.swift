/// Why an artboard cannot be rendered.
public enum RenderError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The file has no artboard at this index.
    case noArtboardAtIndex(Int, count: Int)
    /// The file has no artboard with this name.
    case noArtboardNamed(String, available: [String])

    /// The error in a sentence.
    public var description: String {
        switch self {
        case .noArtboardAtIndex(let index, let count):
            "the file has no artboard at index \(index) (it has \(count): 0 to \(max(count - 1, 0)))"
        case .noArtboardNamed(let name, let available):
            "the file has no artboard named \"\(name)\" (it has: \(available.map { "\"\($0)\"" }.joined(separator: ", ")))"
        }
    }
}
