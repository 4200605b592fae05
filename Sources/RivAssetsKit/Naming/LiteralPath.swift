import Foundation

/// File URLs for paths exactly as given. Foundation's `URL(fileURLWithPath:)`
/// expands a leading `~` or `~user` to a home folder taken from the user
/// database, while the system calls that open inputs take it literally; a path
/// starting with `~` is therefore anchored at the current folder (`./~/x`), so
/// that inputs and outputs name the same files.
enum LiteralPath {
    /// The file URL of `path`, never tilde-expanded.
    static func url(_ path: String) -> URL {
        URL(fileURLWithPath: path.hasPrefix("~") ? "./" + path : path)
    }

    /// The file URL of the file `path` names, following symbolic links (all of
    /// them, to the final target), so that rewriting it in place changes the file
    /// a link points to rather than replacing the link.
    static func resolvedURL(_ path: String) -> URL {
        url(path).resolvingSymlinksInPath()
    }
}
