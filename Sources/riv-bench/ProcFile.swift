import Foundation

/// Reads files under `/proc`, which report a size of 0: `String(contentsOfFile:)`
/// stops after its first read there, so a long one (`/proc/mounts` on a machine
/// with many mounts) would come back cut.
enum ProcFile {
    /// The whole text of `path`, or nil when it cannot be read.
    static func text(_ path: String) -> String? {
        guard let handle = FileHandle(forReadingAtPath: path), let data = try? handle.readToEnd() else { return nil }
        return String(decoding: data, as: UTF8.self)
    }
}
