import Foundation

// SwiftPM plugins cannot depend on a library, so both plugins compile this one file:
// each plugin folder holds a symbolic link to it.

/// The `.riv` files among a target's source files, sorted by path: those listed one by
/// one (`.process` or `.copy` of a file) and those inside a folder resource
/// (`.copy("Animations")`, which SwiftPM lists as the folder itself), at any depth.
func rivFiles(among files: [URL]) -> [URL] {
    files.flatMap { url -> [URL] in
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: url.path, isDirectory: &isFolder), isFolder.boolValue else {
            return url.pathExtension.lowercased() == "riv" ? [url] : []
        }
        let inside = FileManager.default.enumerator(at: url, includingPropertiesForKeys: nil)?.allObjects as? [URL] ?? []
        return inside.filter { $0.pathExtension.lowercased() == "riv" }
    }.sorted { $0.path < $1.path }
}
