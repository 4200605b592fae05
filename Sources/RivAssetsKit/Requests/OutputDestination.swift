/// Where an operation that rewrites `.riv` files puts each rewritten input.
public enum OutputDestination: Sendable, Hashable {
    /// Rewrite each input itself, atomically.
    case inPlace
    /// A file for one input; a folder (created when needed) for several, each
    /// output named like its input. A path ending in `/` is always a folder.
    case path(String)
}
