import Foundation
import RivFormat
import RivSupport

/// The output folder of each input: `DIR` itself for one input, `DIR/<file name
/// without .riv>` for several (with `-2`, `-3`, ... when names repeat, compared
/// as one path is: case and Unicode normalisation folded).
enum InputFolders {
    /// One folder per entry of `paths`, in the same order.
    static func make(for paths: [String], in output: URL) -> [URL] {
        guard paths.count > 1 else { return paths.map { _ in output } }
        var byPath: [String: URL] = [:]
        var used: Set<String> = []
        for path in paths where byPath[path] == nil {
            let stem = AssetFileName.written(stem: LiteralPath.url(fileName(of: path)).deletingPathExtension().lastPathComponent, fileExtension: "")
            var name = stem
            var counter = 2
            while used.contains(RunWrites.key(name)) {
                name = "\(stem)-\(counter)"
                counter += 1
            }
            used.insert(RunWrites.key(name))
            byPath[path] = output.appendingPathComponent(name)
        }
        return paths.map { byPath[$0]! }
    }

    /// The file name of the input `path`: its last component, or, for a descriptor
    /// path standing for a name that is not UTF-8, that name with those bytes
    /// percent-encoded.
    static func fileName(of path: String) -> String {
        POSIX.nameBehindDescriptor(path) ?? LiteralPath.url(path).lastPathComponent
    }
}
