import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Where each rewritten input goes: `-o OUT` (a file for one input; a folder,
/// created if needed, for several) or `--in-place`.
enum OutputDestinations {
    static func resolve(paths: [String], output: String?, inPlace: Bool) throws(UsageError) -> [String: URL] {
        switch (output, inPlace) {
        case (nil, false): throw UsageError("say where the output goes: -o OUT or --in-place")
        case (.some, true): throw UsageError("-o and --in-place cannot be used together")
        case (nil, true):
            // Inputs are rewritten in parallel: one file given twice would be read
            // and replaced by two threads at once.
            var seen: [FileKey: String] = [:]
            for path in paths {
                guard let key = FileKey(path: path) else { continue }
                if let earlier = seen.updateValue(path, forKey: key) {
                    throw UsageError(earlier == path ? "\(path) is given twice; give each input once"
                        : "\(earlier) and \(path) are the same file; give each input once")
                }
            }
            return Dictionary(uniqueKeysWithValues: paths.map { ($0, URL(fileURLWithPath: $0)) })
        case (.some(let output), false):
            let target = URL(fileURLWithPath: output)
            var isFolder: ObjCBool = false
            let exists = FileManager.default.fileExists(atPath: output, isDirectory: &isFolder)
            var destinations: [String: URL] = [:]
            if paths.count == 1 && !(exists && isFolder.boolValue) && !output.hasSuffix("/") {
                destinations[paths[0]] = target
            } else {
                if !exists {
                    do {
                        try FileManager.default.createDirectory(at: target, withIntermediateDirectories: true)
                    } catch {
                        throw UsageError("cannot create the output folder \(output): \(error.localizedDescription)")
                    }
                } else if !isFolder.boolValue {
                    throw UsageError("with several input files, -o must be a folder; \(output) is a file")
                }
                for path in paths {
                    let destination = target.appendingPathComponent(URL(fileURLWithPath: path).lastPathComponent)
                    if destinations.values.contains(destination) {
                        throw UsageError("two inputs are named \(destination.lastPathComponent); their outputs would collide in \(output)")
                    }
                    destinations[path] = destination
                }
            }
            for (path, destination) in destinations where sameFile(path, destination.path) {
                throw UsageError("\(destination.path) is the input \(path) itself; use --in-place to rewrite an input")
            }
            return destinations
        }
    }

    /// True when both paths name one existing file (same device and inode).
    static func sameFile(_ first: String, _ second: String) -> Bool {
        guard let a = FileKey(path: first), let b = FileKey(path: second) else { return false }
        return a == b
    }

    /// What identifies an existing file whatever the path to it: device and inode.
    struct FileKey: Hashable {
        let device: UInt64
        let inode: UInt64

        /// The key of the file at `path`, nil when there is none.
        init?(path: String) {
            var status = stat()
            guard stat(path, &status) == 0 else { return nil }
            device = UInt64(status.st_dev)
            inode = UInt64(status.st_ino)
        }
    }
}
