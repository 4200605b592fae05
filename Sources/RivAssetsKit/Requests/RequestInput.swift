import Foundation

/// A `.riv` file a request reads: a file, or standard input.
///
/// A string literal is an input as the command line takes it: `"-"` is
/// standard input, any other text the path of a file (`"hero.riv"`). Results
/// and messages name an input by its ``description``: the path as given, or `-`.
public enum RequestInput: Sendable, Hashable, CustomStringConvertible, ExpressibleByStringLiteral {
    /// The file at this path (a relative path is read from the current folder).
    case path(String)
    /// Standard input, read to its end; a request reads it once (given twice,
    /// the second reading is empty).
    case standardInput

    /// The file at `url`, a file URL (another URL names no file, and reading it fails, naming the URL).
    public static func file(_ url: URL) -> RequestInput {
        .path(url.isFileURL ? url.path : url.absoluteString)
    }

    /// An input as the command line takes it: `-` is standard input, any other text a path.
    public init(_ argument: String) {
        self = argument == InputEngine.standardInputName ? .standardInput : .path(argument)
    }

    /// An input as the command line takes it (``init(_:)``): `"-"` is standard input.
    public init(stringLiteral value: String) {
        self.init(value)
    }

    /// How results and messages name the input: its path as given, `-` for
    /// standard input. A file named `-` is written `./-`, never taken for standard input.
    public var description: String {
        switch self {
        case .standardInput: InputEngine.standardInputName
        case .path(let path): path == InputEngine.standardInputName ? "./" + path : path
        }
    }
}

extension [RequestInput] {
    /// The inputs as results name them and the per-input engine reads them (`-` for standard input).
    var names: [String] { map(\.description) }
}
