import Foundation

/// The output folder of each input: `DIR` itself for one input, `DIR/<file name
/// without .riv>` for several (with `-2`, `-3`, ... when names repeat).
enum InputFolders {
    static func make(for paths: [String], in output: URL) -> [String: URL] {
        guard paths.count > 1 else { return paths.first.map { [$0: output] } ?? [:] }
        var folders: [String: URL] = [:]
        var used: Set<String> = []
        for path in paths where folders[path] == nil {
            let stem = SafeFileName.make(URL(fileURLWithPath: path).deletingPathExtension().lastPathComponent)
            var name = stem
            var counter = 2
            while used.contains(name) {
                name = "\(stem)-\(counter)"
                counter += 1
            }
            used.insert(name)
            folders[path] = output.appendingPathComponent(name)
        }
        return folders
    }
}
