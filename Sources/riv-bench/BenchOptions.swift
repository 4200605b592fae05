import Foundation
import RivCommandLine

/// The driver's command line, declared once for its parsing and its help.
struct BenchOptions {
    /// Operations whose every run is shorter than this...
    static let shortOperationSeconds = 0.05
    /// ...run at least this many times.
    static let shortOperationRuns = 9

    static let quick = OptionDeclaration.flag("--quick", help: "scaled-down inputs for a smoke test (64 MiB, 200k objects, 100 files)")
    static let json = OptionDeclaration.flag("--json", help: "print the results as JSON instead of a table")
    static let repetitions = OptionDeclaration.value("--repetitions", valueName: "N", help: """
        run each operation N times and report the median time (default 3);
        an operation whose runs all take under 50 ms runs at least 9
        times, interleaved with the other short ones of its case
        """)
    static let cases = OptionDeclaration.value("--cases", valueName: "LIST", help: "which cases to run, e.g. 1,3 (default: all)")
    static let cold = OptionDeclaration.flag("--cold", help: """
        drop the page cache before every run instead of reading the
        inputs once first (needs root; the default is a warm cache)
        """)
    static let folder = OptionDeclaration.value("--folder", valueName: "DIR", help: "where to create the temporary folder (default: the system's)")
    static let keep = OptionDeclaration.flag("--keep", help: """
        keep the temporary folder and its inputs, to rerun one operation
        with `riv-bench --case NAME --root FOLDER [--quick]`
        """)
    enum Option: CommandOption {
        case quick, json, repetitions, cases, cold, folder, keep
        var declaration: OptionDeclaration {
            switch self {
            case .quick: BenchOptions.quick
            case .json: BenchOptions.json
            case .repetitions: BenchOptions.repetitions
            case .cases: BenchOptions.cases
            case .cold: BenchOptions.cold
            case .folder: BenchOptions.folder
            case .keep: BenchOptions.keep
            }
        }
    }
    static let options = Option.declarations

    static let help = HelpText.render(usage: "riv-bench " + options.map { "[\($0.synopsis)]" }.joined(separator: " "), description: """
        Measures riv-assets' library against the physical limits of this machine. It
        writes its own inputs into a temporary folder (removed at the end), runs every
        operation in a child process of its own (`riv-bench --case NAME`, which reports
        the operation's wall time and the process's peak resident memory, VmHWM), and
        prints one row per operation beside a baseline measured in the same run on the
        same bytes: reading the file once (sequential reads into one reused 1 MiB
        buffer) and copying it (the same reads written to a new file, then fsync, as
        the library flushes what it writes). Each operation is the RivAssetsKit call
        the riv-assets command makes.

        CASES:
          1  one file with a single 1 GiB embedded image: list, extract, replace it with
             a 1 KiB image, and the reverse
          2  one file of about 50 MB: two million small objects and a few assets: list
          3  a thousand 2 MB files, one embedded font each: list and extract, one core
             (one file after another) and all cores (the tool's automatic parallelism:
             a thread per core to list, more writers than cores to extract)
          4  200 hosted assets of 64 KiB behind a loopback server (python3) that answers
             each request after 20 ms: fetch with --jobs 1, with the default number of
             downloads in flight, and again with a warm cache (which must make no
             request); then one hosted asset as large as case 1's
        """, options: options, notes: """
        MB/s are decimal megabytes of the larger of what the operation reads and what it
        writes. Build and run it in release: `swift run -c release riv-bench`. Exit
        status: 0 when every target is met, 1 when any is missed, 2 when the benchmark
        could not run.
        """)

    let quick: Bool
    let json: Bool
    let repetitions: Int
    let cases: [Int]
    let cold: Bool
    let keep: Bool
    let folder: String

    init(parsing arguments: [String]) throws(BenchError) {
        let parsed = try BenchError.usage { () throws(UsageError) in try ParsedArguments<Option>(arguments) }
        if let extra = parsed.positionals.first { throw BenchError("unexpected argument '\(extra)'; see --help") }
        quick = parsed.isSet(.quick)
        json = parsed.isSet(.json)
        cold = parsed.isSet(.cold)
        keep = parsed.isSet(.keep)
        folder = parsed.value(.folder) ?? FileManager.default.temporaryDirectory.path
        repetitions = parsed.value(.repetitions).map { Int($0) ?? 0 } ?? 3
        guard repetitions > 0 else { throw BenchError("--repetitions needs a positive number") }
        let list = (parsed.value(.cases) ?? "1,2,3,4").split(separator: ",").map { Int($0) }
        guard !list.isEmpty, list.allSatisfy({ $0.map { (1...4).contains($0) } ?? false }) else {
            throw BenchError("--cases takes case numbers 1 to 4, e.g. 1,3")
        }
        cases = list.compactMap { $0 }
    }
}
