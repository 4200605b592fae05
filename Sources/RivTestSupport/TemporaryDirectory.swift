import Foundation
import RivFormat

/// A fresh directory under the system's temporary directory, removed when the value goes away.
public final class TemporaryDirectory {
    public let url: URL

    public init() throws {
        url = FileManager.default.temporaryDirectory.appendingPathComponent("riv-assets-cli-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    deinit { try? FileManager.default.removeItem(at: url) }

    /// Writes `bytes` to `name` inside the directory (creating its folders) and returns its path.
    public func write(_ name: String, _ bytes: [UInt8]) throws -> String {
        let file = url.appendingPathComponent(name)
        try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(bytes).write(to: file)
        return file.path
    }
}

extension TemporaryDirectory {
    /// The absolute path of `relative` inside the directory (which need not exist).
    public func path(_ relative: String) -> String {
        url.appendingPathComponent(relative).path
    }

    /// Creates the folder `relative` (and its parents) and returns its path.
    @discardableResult
    public func folder(_ relative: String) throws -> String {
        try FileManager.default.createDirectory(atPath: path(relative), withIntermediateDirectories: true)
        return path(relative)
    }

    /// The bytes of `relative`.
    public func bytes(_ relative: String) throws -> [UInt8] {
        Array(try Data(contentsOf: url.appendingPathComponent(relative)))
    }

    /// Every entry below the directory (files, folders, links, hidden ones too), as sorted relative paths.
    public func tree() -> [String] {
        (FileManager.default.enumerator(atPath: url.path)?.allObjects as? [String] ?? []).sorted()
    }

    /// The entries of `relative` (a folder), sorted, hidden ones too.
    public func entries(_ relative: String) -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: path(relative))) ?? []).sorted()
    }

    /// Whether something (a file, a folder, even a dangling link) is at `relative`.
    public func exists(_ relative: String) -> Bool {
        (try? FileManager.default.attributesOfItem(atPath: path(relative))) != nil
    }
}
