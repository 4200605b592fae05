import Foundation

/// Runs Rive's C++ runtime (the oracle build in `../shared/tools`) on files, one
/// child process per file with a time limit, since it crashes or hangs on some
/// damaged input.
public enum RuntimeOracle {
    /// The oracle's executable, when `../shared` holds it and `RIV_TESTS` selects
    /// the oracle class (``SlowTestClass/oracle``).
    public static var executable: URL? { SlowTestClass.oracle.isSelected ? installedExecutable : nil }

    /// The oracle's executable when `../shared` holds it, whatever `RIV_TESTS` selects (riv-bench times it).
    public static var installedExecutable: URL? {
        guard let url = SharedData.location?.appendingPathComponent("tools/rive-runtime-oracle/riv_oracle"),
              FileManager.default.isExecutableFile(atPath: url.path) else { return nil }
        return url
    }

    /// True when the oracle can be run.
    public static var isPresent: Bool { executable != nil }

    /// Why an oracle test was skipped: not selected, or `../shared/tools` lacks the runtime.
    public static let skipMessage = SlowTestClass.oracle.isSelected
        ? "Rive's runtime is absent (../shared/tools/rive-runtime-oracle): oracle tests skipped"
        : SlowTestClass.oracle.notSelectedMessage

    /// The recording build of the runtime (`riv_render`), when `../shared` holds it
    /// and the oracle class is selected.
    public static var renderExecutable: URL? { SlowTestClass.oracle.isSelected ? installedRenderExecutable : nil }

    /// The recording build of the runtime when `../shared` holds it, whatever `RIV_TESTS` selects (riv-bench times it).
    public static var installedRenderExecutable: URL? {
        guard let url = SharedData.location?.appendingPathComponent("tools/rive-runtime-oracle/riv_render"),
              FileManager.default.isExecutableFile(atPath: url.path) else { return nil }
        return url
    }

    /// The runtime's draw calls for one artboard of the file at `url` in `scene`
    /// (`none`, `default`), as `riv_render draw --json` writes them: the header line,
    /// one line per call, the end line. Nil when it crashed, hung or wrote nothing.
    /// Each of `steps` is one more `--time` (one `advanceAndApply` of the scene).
    public static func drawCalls(_ url: URL, artboardIndex: Int, scene: String = "none", steps: [Double] = [], timeout: TimeInterval = 20) throws -> [[String: Any]]? {
        try drawing(url, artboardIndex: artboardIndex, scene: scene, steps: steps, svg: false, timeout: timeout)?.calls
    }

    /// The runtime's draw calls (as ``drawCalls(_:artboardIndex:scene:steps:timeout:)``) and, with
    /// `svg`, its SVG of them (`riv_render draw --svg`), from one run, with the view model
    /// instance `viewModel` selects (`--vm`: `default`, or `V:I`, instance I of view model V)
    /// when given. Nil when it crashed, hung or wrote nothing.
    public static func drawing(_ url: URL, artboardIndex: Int, scene: String = "none", steps: [Double] = [], viewModel: String? = nil, svg: Bool,
                               timeout: TimeInterval = 20) throws -> (calls: [[String: Any]], svg: String?)? {
        guard let renderExecutable else { throw CocoaError(.fileNoSuchFile) }
        let base = FileManager.default.temporaryDirectory.appendingPathComponent("oracle-draw-\(UUID().uuidString)")
        let jsonURL = base.appendingPathExtension("json"), svgURL = base.appendingPathExtension("svg")
        defer {
            try? FileManager.default.removeItem(at: jsonURL)
            try? FileManager.default.removeItem(at: svgURL)
        }
        let arguments = ["draw", url.path, "--artboard-index", String(artboardIndex), "--scene", scene, "--json", jsonURL.path]
            + steps.flatMap { ["--time", String($0)] } + (svg ? ["--svg", svgURL.path] : []) + (viewModel.map { ["--vm", $0] } ?? [])
        guard case .exited = try run(arguments, executable: renderExecutable, timeout: timeout),
              let data = try? Data(contentsOf: jsonURL) else { return nil }
        let lines = data.split(separator: UInt8(ascii: "\n")).compactMap { try? JSONSerialization.jsonObject(with: Data($0)) as? [String: Any] }
        return lines.isEmpty ? nil : (lines, svg ? try? String(contentsOf: svgURL, encoding: .utf8) : nil)
    }

    /// What the runtime made of one file.
    public struct Verdict {
        /// `success`, `unsupportedVersion`, `malformed`, `readError`; `crash` or `hang` when it did not finish.
        public let runtimeResult: String
        /// The runtime's assets after import, as the oracle prints them; empty without a line.
        public let assets: [[String: Any]]
        /// Every call the runtime made to its asset loader while importing, in order.
        public var loaderCalls: [[String: Any]] = []

        /// Each asset's unique name with its referencers as `artboard/typeKey/name` strings, in order.
        public var referencersByUniqueName: [(uniqueName: String, referencers: [String])] {
            assets.map { asset in
                (asset["uniqueName"] as? String ?? "", (asset["referencers"] as? [[String: Any]] ?? []).map {
                    "\($0["artboard"] as? String ?? "-")/\($0["typeKey"] as? Int ?? -1)/\($0["name"] as? String ?? "")"
                })
            }
        }
    }

    /// The runtime's verdict on the file at `url`, waiting at most `timeout` seconds.
    public static func list(_ url: URL, timeout: TimeInterval = 20) throws -> Verdict {
        switch try run(["list", url.path], timeout: timeout) {
        case .timedOut: return Verdict(runtimeResult: "hang", assets: [])
        case .killed: return Verdict(runtimeResult: "crash", assets: [])
        case .exited(let data):
            guard let line = try? JSONSerialization.jsonObject(with: data) as? [String: Any] else { return Verdict(runtimeResult: "crash", assets: []) }
            return verdict(line)
        }
    }

    /// The runtime's verdicts on many files in one run of the oracle, in the order of
    /// `urls`: for files made to load or be refused without crashing it (a crash or a
    /// hang of the one run throws, since no verdict can be told from the others).
    public static func list(_ urls: [URL], timeout: TimeInterval = 120) throws -> [Verdict] {
        guard case .exited(let data) = try run(["list"] + urls.map(\.path), timeout: timeout) else { throw CocoaError(.executableLoad) }
        let lines = data.split(separator: UInt8(ascii: "\n")).compactMap { try? JSONSerialization.jsonObject(with: Data($0)) as? [String: Any] }
        guard lines.count == urls.count else { throw CocoaError(.fileReadCorruptFile) }
        return lines.map(verdict)
    }

    private static func verdict(_ line: [String: Any]) -> Verdict {
        Verdict(runtimeResult: line["runtimeResult"] as? String ?? "", assets: line["assets"] as? [[String: Any]] ?? [],
                loaderCalls: line["loaderCalls"] as? [[String: Any]] ?? [])
    }

    /// How one run of the oracle ended.
    private enum Run {
        /// It exited and printed this.
        case exited(Data)
        /// A signal ended it.
        case killed
        /// It ran past the time limit and was stopped.
        case timedOut
    }

    /// Runs the oracle with `arguments`, stopping it after `timeout` seconds.
    private static func run(_ arguments: [String], executable: URL? = executable, timeout: TimeInterval) throws -> Run {
        guard let executable else { throw CocoaError(.fileNoSuchFile) }
        let outputURL = FileManager.default.temporaryDirectory.appendingPathComponent("oracle-\(UUID().uuidString).json")
        guard FileManager.default.createFile(atPath: outputURL.path, contents: nil) else { throw CocoaError(.fileWriteUnknown) }
        defer { try? FileManager.default.removeItem(at: outputURL) }
        let output = try FileHandle(forWritingTo: outputURL)
        defer { try? output.close() }
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        let deadline = Date().addingTimeInterval(timeout)
        while process.isRunning && Date() < deadline { usleep(10_000) }
        if process.isRunning {
            process.terminate()
            process.waitUntilExit()
            return .timedOut
        }
        guard process.terminationReason == .exit else { return .killed }
        return .exited(try Data(contentsOf: outputURL))
    }
}
