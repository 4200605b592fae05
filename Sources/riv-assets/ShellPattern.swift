#if canImport(Glibc)
import Glibc
#endif

/// Shell-style wildcard matching (`*`, `?`, `[...]`) for `--name`.
enum ShellPattern {
    static func matches(_ pattern: String, _ name: String) -> Bool {
        fnmatch(pattern, name, 0) == 0
    }
}
