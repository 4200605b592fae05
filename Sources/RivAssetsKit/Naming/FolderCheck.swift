import Foundation

/// Whether a folder can be made, checked without making it, so that a request
/// naming one that cannot be is refused before anything is written.
enum FolderCheck {
    /// Throws when `path` names a file, or when its nearest existing ancestor is
    /// not a folder this process may write into.
    static func requireCreatable(_ path: String, named given: String) throws(RequestError) {
        var candidate = URL(fileURLWithPath: path)
        while true {
            var isFolder: ObjCBool = false
            if FileManager.default.fileExists(atPath: candidate.path, isDirectory: &isFolder) {
                guard isFolder.boolValue else {
                    throw RequestError(.outputFolderUnusable, "cannot create \(given): \(candidate.path) is a file, not a folder")
                }
                guard candidate.path == path || FileManager.default.isWritableFile(atPath: candidate.path) else {
                    throw RequestError(.outputFolderUnusable, "cannot create \(given): \(candidate.path) is not writable")
                }
                return
            }
            let parent = candidate.deletingLastPathComponent()
            guard parent.path != candidate.path else { return }
            candidate = parent
        }
    }
}
