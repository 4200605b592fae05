import Foundation

/// The `.riv` files inside a folder, at any depth, by their path inside it.
enum RivFolderFiles {
    /// True when `path` names a folder (following a link to one).
    static func isFolder(_ path: String) -> Bool {
        var isDirectory: ObjCBool = false
        return FileManager.default.fileExists(atPath: LiteralPath.kernelURL(path).path, isDirectory: &isDirectory) && isDirectory.boolValue
    }

    /// The relative path of every `.riv` file under `folder` (the extension in any
    /// case), sorted; links to folders are not followed, so a loop cannot make it endless.
    static func relativePaths(in folder: String) -> [String] {
        guard let walk = FileManager.default.enumerator(atPath: LiteralPath.kernelURL(folder).path) else { return [] }
        var paths: [String] = []
        while let relative = walk.nextObject() as? String {
            if (relative as NSString).pathExtension.lowercased() == "riv", !isFolder(folder + "/" + relative) { paths.append(relative) }
        }
        return paths.sorted()
    }
}
