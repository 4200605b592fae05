import Foundation

/// Where `verify --offline` looks for hosted assets.
enum HostedAssetCache {
    /// True when `folder` holds a hosted asset with CDN uuid `uuid`: a file named by the
    /// uuid (lower-case, as ``RivFormat/CDNInfo/uuid`` prints it). The one place that
    /// knows the cache's layout.
    static func contains(uuid: String, in folder: URL) -> Bool {
        var isFolder: ObjCBool = false
        let path = folder.appendingPathComponent(uuid).path
        return FileManager.default.fileExists(atPath: path, isDirectory: &isFolder) && !isFolder.boolValue
    }
}
