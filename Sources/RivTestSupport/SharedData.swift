import Foundation

/// Locates `../shared` beside the package (or `$RIV_SHARED`), which holds the
/// reference corpus. Tests that need it skip with a message when it is absent
/// or when `RIV_TESTS` does not select the corpus class (``SlowTestClass/corpus``).
public enum SharedData {
    public static let packageRoot = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// Where `../shared` is, whatever `RIV_TESTS` selects (riv-bench measures on it).
    public static let location: URL? = {
        let candidate = ProcessInfo.processInfo.environment["RIV_SHARED"].map { URL(fileURLWithPath: $0) }
            ?? packageRoot.deletingLastPathComponent().appendingPathComponent("shared")
        let expected = candidate.appendingPathComponent("corpus/expected.jsonl")
        return FileManager.default.fileExists(atPath: expected.path) ? candidate : nil
    }()

    /// `../shared` for the tests: nil when it is absent or the corpus class is not selected.
    public static let directory: URL? = SlowTestClass.corpus.isSelected ? location : nil

    /// True when the corpus is there and selected; tests that need it are skipped otherwise.
    public static var isPresent: Bool { directory != nil }

    /// Why a corpus test was skipped: not selected, or `../shared` absent.
    public static let skipMessage = SlowTestClass.corpus.isSelected
        ? "../shared/corpus is absent beside the package: corpus tests skipped"
        : SlowTestClass.corpus.notSelectedMessage

    public static var corpus: URL? { directory?.appendingPathComponent("corpus") }

    /// `../shared/corpus` when it is there, whatever `RIV_TESTS` selects (riv-bench measures on it).
    public static var installedCorpus: URL? { location?.appendingPathComponent("corpus") }

    /// The path of `name` among the runtime's unit-test files of the corpus
    /// (`rive-runtime/tests/unit_tests/assets/`); nil when the corpus is absent.
    public static func runtimeTestFile(_ name: String) -> String? {
        corpus?.appendingPathComponent("rive-runtime/tests/unit_tests/assets/" + name).path
    }

    /// Every `.riv` file under `corpus` (the tests' corpus by default), sorted by path.
    public static func corpusFiles(in corpus: URL? = corpus) -> [URL] {
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
