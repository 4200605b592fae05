import Foundation

/// The driver's command line.
struct BenchOptions {
    /// Operations whose every run is shorter than this...
    static let shortOperationSeconds = 0.05
    /// ...run at least this many times.
    static let shortOperationRuns = 9

    var quick = false
    var json = false
    var repetitions = 3
    var cases: [Int] = [1, 2, 3]
    var cold = false
    var keep = false
    var folder = FileManager.default.temporaryDirectory.path

    static let help = """
    USAGE: riv-bench [--quick] [--json] [--repetitions N] [--cases 1,2,3] [--cold] [--folder DIR] [--keep]

    Measures riv-assets' library against the physical limits of this machine. It
    writes its own inputs into a temporary folder (removed at the end), runs every
    operation in a child process of its own (`riv-bench --case NAME`, which reports
    the operation's wall time and the process's peak resident memory, VmHWM), and
    prints one row per operation beside a baseline measured in the same run on the
    same bytes: reading the file once (sequential reads into one reused 1 MiB
    buffer) and copying it (the same reads written to a new file, then fsync, as
    the library flushes what it writes).

    CASES:
      1  one file with a single 1 GiB embedded image: list, extract, replace it with
         a 1 KiB image, and the reverse
      2  one file of about 50 MB: two million small objects and a few assets: list
      3  a thousand 2 MB files, one embedded font each: list and extract, one core
         (one file after another) and all cores (as the tool: a thread per core to
         list, ParallelWork.fileWriterCount writers to extract)

    OPTIONS:
      --quick            scaled-down inputs for a smoke test (64 MiB, 200k objects, 100 files)
      --json             print the results as JSON instead of a table
      --repetitions N    run each operation N times and report the median time (default 3);
                         an operation whose runs all take under 50 ms runs at least 9
                         times, interleaved with the other short ones of its case
      --cases LIST       which cases to run, e.g. 1,3 (default: all)
      --cold             drop the page cache before every run instead of reading the
                         inputs once first (needs root; the default is a warm cache)
      --folder DIR       where to create the temporary folder (default: the system's)
      --keep             keep the temporary folder and its inputs, to rerun one operation
                         with `riv-bench --case NAME --root FOLDER [--quick]`
      -h, --help         show this help

    MB/s are decimal megabytes of the larger of what the operation reads and what it
    writes. Build and run it in release: `swift run -c release riv-bench`. Exit
    status: 0 when every target is met, 1 when any is missed, 2 when the benchmark
    could not run.
    """

    init(parsing arguments: [String]) throws(BenchError) {
        var index = 0
        func value(_ flag: String) throws(BenchError) -> String {
            index += 1
            guard index < arguments.count else { throw BenchError("\(flag) needs a value") }
            return arguments[index]
        }
        while index < arguments.count {
            let argument = arguments[index]
            switch argument {
            case "--quick": quick = true
            case "--json": json = true
            case "--cold": cold = true
            case "--keep": keep = true
            case "--repetitions":
                guard let count = Int(try value(argument)), count > 0 else { throw BenchError("--repetitions needs a positive number") }
                repetitions = count
            case "--cases":
                let list = try value(argument).split(separator: ",").map { Int($0) }
                guard !list.isEmpty, list.allSatisfy({ $0.map { (1...3).contains($0) } ?? false }) else {
                    throw BenchError("--cases takes case numbers 1 to 3, e.g. 1,3")
                }
                cases = list.compactMap { $0 }
            case "--folder": folder = try value(argument)
            default: throw BenchError("unknown argument '\(argument)'; see --help")
            }
            index += 1
        }
    }
}
