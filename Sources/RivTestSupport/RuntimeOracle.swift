import Foundation

/// Runs Rive's C++ runtime (the oracle build in `../shared/tools`) on files, one
/// child process per file with a time limit, since it crashes or hangs on some
/// damaged input.
public enum RuntimeOracle {
    /// The oracle's executable, when `../shared` holds it.
    public static var executable: URL? {
        guard let url = SharedData.directory?.appendingPathComponent("tools/rive-runtime-oracle/riv_oracle"),
              FileManager.default.isExecutableFile(atPath: url.path) else { return nil }
        return url
    }

    /// True when the oracle can be run.
    public static var isPresent: Bool { executable != nil }

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
        guard let executable else { throw CocoaError(.fileNoSuchFile) }
        let outputURL = FileManager.default.temporaryDirectory.appendingPathComponent("oracle-\(UUID().uuidString).json")
        FileManager.default.createFile(atPath: outputURL.path, contents: nil)
        defer { try? FileManager.default.removeItem(at: outputURL) }
        let output = try FileHandle(forWritingTo: outputURL)
        defer { try? output.close() }
        let process = Process()
        process.executableURL = executable
        process.arguments = ["list", url.path]
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        let deadline = Date().addingTimeInterval(timeout)
        while process.isRunning && Date() < deadline { usleep(10_000) }
        if process.isRunning {
            process.terminate()
            process.waitUntilExit()
            return Verdict(runtimeResult: "hang", assets: [])
        }
        let data = try Data(contentsOf: outputURL)
        guard process.terminationReason == .exit,
              let line = try? JSONSerialization.jsonObject(with: data) as? [String: Any] else {
            return Verdict(runtimeResult: "crash", assets: [])
        }
        return Verdict(runtimeResult: line["runtimeResult"] as? String ?? "", assets: line["assets"] as? [[String: Any]] ?? [],
                       loaderCalls: line["loaderCalls"] as? [[String: Any]] ?? [])
    }
}
