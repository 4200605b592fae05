import Foundation

/// The output folder of each input: `DIR` itself for one input, `DIR/<file name
/// without .riv>` for several (with `-2`, `-3`, ... when names repeat).
enum InputFolders {
    /// One folder per entry of `paths`, in the same order.
    static func make(for paths: [String], in output: URL) -> [URL] {
        guard paths.count > 1 else { return paths.map { _ in output } }
        var byPath: [String: URL] = [:]
        var used: Set<String> = []
        for path in paths where byPath[path] == nil {
            let stem = SafeFileName.make(LiteralPath.url(path).deletingPathExtension().lastPathComponent)
            var name = stem
            var counter = 2
            while used.contains(name) {
                name = "\(stem)-\(counter)"
                counter += 1
            }
            used.insert(name)
            byPath[path] = output.appendingPathComponent(name)
        }
        return paths.map { byPath[$0]! }
    }
}
