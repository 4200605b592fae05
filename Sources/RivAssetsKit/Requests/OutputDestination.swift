import Foundation

/// Where an operation that rewrites `.riv` files puts each rewritten input.
public enum OutputDestination: Sendable, Hashable {
    /// Rewrite each input itself, atomically.
    case inPlace
    /// A path as the command line's `-o` takes it: a file for one input; a
    /// folder (created when needed) for several, each output named like its
    /// input. A path ending in `/`, or naming a folder that exists, is a folder.
    case path(String)
    /// One output file, for a request with exactly one input; a request with
    /// several, or a file URL naming a folder that exists, is refused.
    case file(URL)
    /// A folder (created when needed) holding each output under its input's
    /// file name, for any number of inputs.
    case folder(URL)

    /// What a destination other than ``inPlace`` names: its path as written
    /// and whether it is a file, a folder, or (for ``path(_:)`` without a
    /// trailing `/`) decided by the number of inputs and what exists there.
    var named: (path: String, kind: NamedKind)? {
        switch self {
        case .inPlace: nil
        case .path(let path): (path, path.hasSuffix("/") ? .folder : .decidedByInputs)
        case .file(let url): (url.path, .file)
        case .folder(let url): (url.path.hasSuffix("/") ? url.path : url.path + "/", .folder)
        }
    }

    /// What a named destination holds.
    enum NamedKind {
        case file, folder, decidedByInputs
    }

    /// The URL of ``file(_:)`` or ``folder(_:)`` when it is no file URL.
    var nonFileURL: URL? {
        switch self {
        case .file(let url), .folder(let url): url.isFileURL ? nil : url
        case .inPlace, .path: nil
        }
    }
}
