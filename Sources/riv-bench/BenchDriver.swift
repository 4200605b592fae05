import Dispatch
import Foundation
import RivTestSupport
import RivFormat
import RivSupport

/// The driver: makes each case's inputs, runs every operation in a child process
/// the given number of times with the page cache prepared the same way, checks the
/// outputs, and prints the measurements.
enum BenchDriver {
    static func run(_ arguments: [String]) -> Int32 {
        if arguments.contains("--help") || arguments.contains("-h") {
            print(BenchOptions.help)
            return 0
        }
        do throws(BenchError) {
            let options = try BenchOptions(parsing: arguments)
            let measurements = try measure(options)
            print(options.json ? measurements.json() : measurements.table())
            return measurements.rows.allSatisfy { $0.speedPass != false && $0.memoryPass != false } ? 0 : 1
        } catch {
            FileHandle.standardError.write(Data("riv-bench: \(error.description)\n".utf8))
            return 2
        }
    }

    private static func measure(_ options: BenchOptions) throws(BenchError) -> BenchMeasurements {
        let cache: CacheState = options.cold ? .cold : .warm
        if cache == .cold && !CacheState.canDrop {
            throw BenchError("--cold needs write access to \(CacheState.dropCachesPath) (root)")
        }
        let sizes = BenchSizes.of(quick: options.quick)
        let free = try Platform.freeBytes(at: options.folder)
        guard free >= sizes.diskBytesNeeded else {
            throw BenchError("\(options.folder) has \(FigureText.size(free)) free; the benchmark needs \(FigureText.size(sizes.diskBytesNeeded))"
                + " (use --quick or --folder)")
        }
        let root = try Platform.makeTemporaryFolder(in: options.folder)
        let interruptHandlers = installInterruptCleanup(root)
        defer {
            interruptHandlers.forEach { $0.cancel() }
            if options.keep {
                progress("kept \(root)")
            } else {
                try? FileManager.default.removeItem(atPath: root)
            }
        }

        let paths = BenchPaths(root: root, sizes: sizes)
        var measurements = BenchMeasurements(quick: options.quick, cache: cache, repetitions: options.repetitions,
                                             machine: MachineInfo(folder: root), loadAverages: [MachineInfo.loadAverage], rows: [])
        progress("temporary folder \(root) (\(FigureText.size(free)) free); cache \(cache.rawValue); "
            + "\(options.repetitions) repetition(s); load average \(measurements.loadAverages[0])")
        for number in options.cases {
            measurements.rows += try runCase(number, paths: paths, options: options, cache: cache)
            measurements.loadAverages.append(MachineInfo.loadAverage)
        }
        return measurements
    }

    private static func runCase(_ number: Int, paths: BenchPaths, options: BenchOptions, cache: CacheState) throws(BenchError) -> [ResultRow] {
        let maker = InputMaker(paths: paths)
        let clock = ContinuousClock()
        let start = clock.now
        progress("case \(number): making inputs")
        let folder: String
        var server: HostedAssetServer?
        switch number {
        case 1:
            try maker.makeLargeAssetInputs()
            folder = paths.largeFolder
        case 2:
            try maker.makeManyObjectInputs()
            folder = paths.objectsFolder
        case 3:
            try maker.makeManyFileInputs()
            folder = paths.fontsFolder
        default:
            server = try startServer(maker.makeHostedInputs(), paths: paths)
            folder = paths.hostedFolder
        }
        defer { withExtendedLifetime(server) {} }
        defer { if !options.keep { try? FileManager.default.removeItem(atPath: folder) } }
        Platform.flushAll()
        progress("case \(number): inputs made in \(clock.now - start)")

        var collected = Measurement.rows(ofCase: number).map { CollectedRuns(measurement: $0) }
        for repetition in 1...options.repetitions {
            for index in collected.indices {
                try runOnce(&collected[index], repetition: repetition, caseNumber: number, paths: paths, options: options, cache: cache)
            }
        }
        // A few milliseconds are at the mercy of one scheduling hiccup: short operations
        // get more runs, interleaved as before, so that their median is steady.
        let short = collected.indices.filter { collected[$0].measured.allSatisfy { $0.seconds < BenchOptions.shortOperationSeconds } }
        for repetition in stride(from: options.repetitions + 1, through: BenchOptions.shortOperationRuns, by: 1) {
            for index in short {
                try runOnce(&collected[index], repetition: repetition, caseNumber: number, paths: paths, options: options, cache: cache)
            }
        }
        try? FileManager.default.removeItem(atPath: paths.output)
        return collected.map { runs in
            let baseline = runs.measurement.baseline.flatMap { base in collected.first { $0.measurement.operation == base } }
            return runs.row(baseline: baseline, sizes: paths.sizes)
        }
    }

    /// Runs one operation once in a child process and adds what it measured to `runs`;
    /// the first run also records sizes and checks what the operation wrote.
    private static func runOnce(_ runs: inout CollectedRuns, repetition: Int, caseNumber number: Int, paths: BenchPaths,
                                options: BenchOptions, cache: CacheState) throws(BenchError) {
        let operation = runs.measurement.operation
        try emptyOutput(paths)
        try cache.prepare(operation.inputs(paths))
        let measured = try ChildLauncher.run(operation, paths: paths, quick: options.quick)
        progress("case \(number) run \(repetition): \(operation.rawValue) \(FigureText.duration(measured.seconds)), "
            + "peak RSS \(FigureText.size(measured.peaks.peak))")
        runs.measured.append(measured)
        if repetition == 1 {
            for path in operation.inputs(paths) { runs.inputBytes += try Platform.size(of: path) }
            if operation.inputs(paths).isEmpty { runs.inputBytes = measured.result }
            runs.outputBytes = OutputCheck.size(of: paths.output).bytes
            try check(operation, paths: paths)
        }
    }

    /// Fails when an operation wrote something other than what it should have.
    private static func check(_ operation: Operation, paths: BenchPaths) throws(BenchError) {
        if let (output, reference) = operation.expectedOutput(paths) {
            try OutputCheck.requireEqual(output, reference)
        }
        switch operation {
        case .extractFontsOneCore, .extractFontsAllCores:
            let written = OutputCheck.size(of: paths.output)
            guard written.files == paths.sizes.fileCount, written.bytes == paths.sizes.fileCount * paths.sizes.fontBytes else {
                throw BenchError("\(operation.rawValue) wrote \(written.files) files of \(written.bytes) bytes in all")
            }
        default:
            break
        }
    }

    /// Starts case 4's loopback server, its files in the case's folder, and writes
    /// its base URL where the children read it.
    private static func startServer(_ routes: HostedAssetServer.Routes, paths: BenchPaths) throws(BenchError) -> HostedAssetServer {
        do {
            let server = try HostedAssetServer(routes, filesIn: URL(fileURLWithPath: paths.hostedFolder))
            try AtomicFile.write(Data(server.baseURL.utf8), to: URL(fileURLWithPath: paths.hostedServerURL))
            return server
        } catch {
            throw BenchError("cannot start the loopback server: \(error.localizedDescription)")
        }
    }

    private static func emptyOutput(_ paths: BenchPaths) throws(BenchError) {
        try? FileManager.default.removeItem(atPath: paths.output)
        do {
            try FileManager.default.createDirectory(atPath: paths.output, withIntermediateDirectories: true)
        } catch {
            throw BenchError("cannot create \(paths.output): \(error.localizedDescription)")
        }
        Platform.flushAll()
    }

    /// On Ctrl-C or SIGTERM: stop the running child, remove the temporary folder, exit.
    private static func installInterruptCleanup(_ root: String) -> [any DispatchSourceSignal] {
        Platform.interruptSignals.map { number in
            Platform.ignore(number)
            let source = DispatchSource.makeSignalSource(signal: number, queue: .global())
            source.setEventHandler {
                let child = ChildLauncher.runningChild.withLock { $0 }
                if child > 0 { Platform.killAtOnce(child) }
                try? FileManager.default.removeItem(atPath: root)
                FileHandle.standardError.write(Data("riv-bench: interrupted; removed \(root)\n".utf8))
                Platform.exitProcess(130)
            }
            source.resume()
            return source
        }
    }

    private static func progress(_ message: String) {
        FileHandle.standardError.write(Data("riv-bench: \(message)\n".utf8))
    }
}
