import Foundation
import RivTestSupport

/// `riv-bench startup`: what one call of the tool costs a build pipeline that calls
/// it once per file. CPU time (user plus system) of whole processes, in paired
/// rounds: `riv-assets --version`, `riv-assets list --json FILE` and Rive's runtime
/// reading the same file in its own process (`riv_oracle list FILE`), one after
/// another in each round; then the medians and the ratio of `list --json` to the
/// runtime (target: at most 2). It also asks the dynamic loader (`LD_DEBUG=libs`)
/// which libraries each of the two commands loads: none may be a network library.
enum StartupBench {
    /// `list --json` of one file may cost at most this many times the runtime's whole process.
    static let targetRatio = 2.0

    /// The package this file belongs to, to find the release build and the fixture.
    static let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    static let usage = """
        usage: riv-bench startup [--runs N] [--tool PATH] [--file FILE]
          --runs N     paired rounds (default 50)
          --tool PATH  the riv-assets to measure (default: .build/static/release/riv-assets,
                       which Scripts/build-release.sh builds)
          --file FILE  the .riv file to list (default: Fixtures/embedded-png.riv)
        """

    static func run(_ arguments: [String]) -> Int32 {
        var runs = 50
        var tool = packageRoot.appendingPathComponent(".build/static/release/riv-assets").path
        var file = packageRoot.appendingPathComponent("Fixtures/embedded-png.riv").path
        var index = 0
        while index < arguments.count {
            let value = index + 1 < arguments.count ? arguments[index + 1] : nil
            switch (arguments[index], value) {
            case ("--runs", let value?) where (Int(value) ?? 0) > 0: runs = Int(value)!
            case ("--tool", let value?): tool = value
            case ("--file", let value?): file = value
            default:
                print(usage)
                return 64
            }
            index += 2
        }
        do throws(BenchError) {
            return try measure(runs: runs, tool: tool, file: file) ? 0 : 1
        } catch {
            print("riv-bench startup: \(error.description)")
            return 2
        }
    }

    /// One command measured: its label, program and arguments.
    private struct Subject {
        let label: String
        let path: String
        let arguments: [String]
    }

    private static func measure(runs: Int, tool: String, file: String) throws(BenchError) -> Bool {
        guard FileManager.default.isExecutableFile(atPath: tool) else {
            throw BenchError("no riv-assets at \(tool): run Scripts/build-release.sh, or name one with --tool")
        }
        var subjects = [Subject(label: "riv-assets --version", path: tool, arguments: ["--version"]),
                        Subject(label: "riv-assets list --json FILE", path: tool, arguments: ["list", "--json", file])]
        if let oracle = RuntimeOracle.installedExecutable {
            subjects.append(Subject(label: "riv_oracle list FILE", path: oracle.path, arguments: ["list", file]))
        } else {
            print("riv_oracle is absent (../shared/tools/rive-runtime-oracle): the runtime half is skipped")
        }
        var seconds = [[Double]](repeating: [], count: subjects.count)
        for _ in 0..<runs {
            for (index, subject) in subjects.enumerated() {
                let run = try Platform.cpuTime(running: subject.path, subject.arguments)
                guard run.status == 0 else { throw BenchError("\(subject.label) exited with status \(run.status)") }
                seconds[index].append(run.seconds)
            }
        }
        print("start-up: CPU time (user + system) of whole processes, \(runs) paired rounds, medians; "
              + "\(MachineInfo.loadAverage) load average, \(ProcessInfo.processInfo.activeProcessorCount) cores")
        print("  tool: \(tool)\n  file: \(file) (\(FigureText.size((try? Platform.size(of: file)) ?? 0)))")
        for (subject, times) in zip(subjects, seconds) {
            print("  \(subject.label.padding(toLength: 30, withPad: " ", startingAt: 0)) \(milliseconds(median(times)))"
                  + "  (fastest \(milliseconds(times.min() ?? 0)))")
        }
        var pass = true
        if subjects.count == 3 {
            let ratio = median(seconds[1]) / median(seconds[2])
            let paired = median(zip(seconds[1], seconds[2]).map { $0 / $1 })
            let met = ratio <= targetRatio
            pass = pass && met
            print("  list --json / the runtime: \(FigureText.decimal(ratio, places: 2))× (median of the paired ratios "
                  + "\(FigureText.decimal(paired, places: 2))×); target ≤ \(FigureText.decimal(targetRatio, places: 0))×: \(met ? "pass" : "FAIL")")
        }
        for subject in subjects.prefix(2) {
            let network = try librariesLoaded(by: subject).filter(LoadedLibraries.isNetworkLibrary)
            pass = pass && network.isEmpty
            print("  network libraries \(subject.label) loads: "
                  + (network.isEmpty ? "none: pass" : network.joined(separator: ", ") + ": FAIL"))
        }
        return pass
    }

    /// The shared libraries `subject` loads, as the dynamic loader reports them.
    private static func librariesLoaded(by subject: Subject) throws(BenchError) -> [String] {
        let log = NSTemporaryDirectory() + "riv-bench-startup-\(ProcessInfo.processInfo.processIdentifier).log"
        defer { try? FileManager.default.removeItem(atPath: log) }
        _ = try Platform.cpuTime(running: subject.path, subject.arguments, environment: ["LD_DEBUG": "libs"], errorPath: log)
        return LoadedLibraries.paths(inLoaderLog: Platform.procText(log) ?? "")
    }

    private static func median(_ values: [Double]) -> Double {
        let sorted = values.sorted()
        guard !sorted.isEmpty else { return 0 }
        return sorted.count % 2 == 1 ? sorted[sorted.count / 2] : (sorted[sorted.count / 2 - 1] + sorted[sorted.count / 2]) / 2
    }

    private static func milliseconds(_ seconds: Double) -> String {
        FigureText.decimal(seconds * 1000, places: 2) + " ms"
    }
}
