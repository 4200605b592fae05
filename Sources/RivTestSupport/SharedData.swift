import Foundation

/// Locates `../shared` beside the package (or `$RIV_SHARED`), which holds the
/// reference corpus. Tests that need it skip with a message when it is absent.
public enum SharedData {
    public static let packageRoot = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    public static let directory: URL? = {
        let candidate = ProcessInfo.processInfo.environment["RIV_SHARED"].map { URL(fileURLWithPath: $0) }
            ?? packageRoot.deletingLastPathComponent().appendingPathComponent("shared")
        let expected = candidate.appendingPathComponent("corpus/expected.jsonl")
        return FileManager.default.fileExists(atPath: expected.path) ? candidate : nil
    }()

    /// True when the corpus is there; tests that need it are skipped otherwise.
    public static var isPresent: Bool { directory != nil }

    public static let skipMessage = "../shared/corpus is absent beside the package: corpus tests skipped"

    public static var corpus: URL? { directory?.appendingPathComponent("corpus") }

    /// The path of `name` among the runtime's unit-test files of the corpus
    /// (`rive-runtime/tests/unit_tests/assets/`); nil when the corpus is absent.
    public static func runtimeTestFile(_ name: String) -> String? {
        corpus?.appendingPathComponent("rive-runtime/tests/unit_tests/assets/" + name).path
    }

    /// Every `.riv` file under the corpus, sorted by path.
    public static func corpusFiles() -> [URL] {
        guard let corpus, let walker = FileManager.default.enumerator(at: corpus, includingPropertiesForKeys: nil) else { return [] }
        return walker.compactMap { $0 as? URL }.filter { $0.pathExtension == "riv" }.sorted { $0.path < $1.path }
    }

    /// The lines of `expected.jsonl`, decoded.
    public static func expectedRecords() throws -> [[String: Any]] {
        guard let corpus else { return [] }
        let text = try String(contentsOf: corpus.appendingPathComponent("expected.jsonl"), encoding: .utf8)
        return try text.split(separator: "\n").map { line in
            try JSONSerialization.jsonObject(with: Data(line.utf8)) as! [String: Any]
        }
    }

    /// A spread of corpus files with embedded assets, for the expensive tests.
    public static func sampleFiles(count: Int) -> [URL] {
        let files = corpusFiles()
        guard !files.isEmpty else { return [] }
        let step = max(1, files.count / count)
        return stride(from: 0, to: files.count, by: step).map { files[$0] }
    }
}
