import Foundation
import RivSupport

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
    /// them, to the final target) as the kernel does (`realpath`), so that
    /// rewriting it in place changes the file it reads; Foundation's own resolution
    /// drops `..` by text, which through a link names another file.
    static func resolvedURL(_ path: String) -> URL {
        POSIX.realPath(path).map { URL(fileURLWithPath: $0) } ?? url(path)
    }

    /// The file URL of a folder or file that may not exist yet: the deepest
    /// existing folder above it resolved as the kernel resolves it, then the rest,
    /// its own name kept as it is (a link there is replaced, never followed). So
    /// `link/../out` is where the kernel would put it, not where text says.
    static func kernelURL(_ path: String) -> URL {
        let absolute = path.hasPrefix("/") ? path : FileManager.default.currentDirectoryPath + "/" + path
        var parts = absolute.split(separator: "/").map(String.init)
        guard let last = parts.last, last != ".", last != ".." else {
            return POSIX.realPath(absolute).map { URL(fileURLWithPath: $0) } ?? url(path)
        }
        var rest: [String] = []
        // Walked as text: Foundation's URLs drop `..` by text before the kernel sees it.
        while let part = parts.popLast() {
            rest.insert(part, at: 0)
            if let real = POSIX.realPath("/" + parts.joined(separator: "/")) {
                return rest.reduce(URL(fileURLWithPath: real)) { $0.appendingPathComponent($1) }
            }
        }
        return url(path)
    }
}
