import Foundation
import RivCommandLine

/// What a child process measured, printed as one JSON line on its standard output.
struct ChildMeasurement: Codable, Sendable {
    var operation: Operation
    /// Wall time of the operation alone (not the process start).
    var seconds: Double
    /// The resident memory before the operation started (the process's floor).
    var before: ProcessMemory
    /// Peaks over the whole process: `peak` is the kernel's VmHWM.
    var peaks: ProcessMemory
    /// An operation-specific count (bytes, characters, assets), so no work is optimised away.
    var result: Int
}

/// The child side: `riv-bench --case OPERATION --root DIR [--quick]` runs one
/// operation on inputs the driver made and reports time and memory.
enum ChildMain {
    static let operation = OptionDeclaration.value("--case", valueName: "NAME", help: "the operation to run, one of:\n"
        + stride(from: 0, to: Operation.allCases.count, by: 4).map { start in
            Operation.allCases[start..<min(start + 4, Operation.allCases.count)].map(\.rawValue).joined(separator: ", ")
        }.joined(separator: ",\n"))
    static let root = OptionDeclaration.value("--root", valueName: "DIR", help: "the temporary folder of a run kept with --keep")
    enum Option: CommandOption {
        case operation, root, quick
        var declaration: OptionDeclaration {
            switch self {
            case .operation: ChildMain.operation
            case .root: ChildMain.root
            case .quick: BenchOptions.quick
            }
        }
    }
    static let options = Option.declarations
    static let help = HelpText.render(usage: "riv-bench \(operation.synopsis) \(root.synopsis) [\(BenchOptions.quick.synopsis)]", description: """
        Runs one operation on the inputs the driver made under DIR (give --quick if
        they were made with it) and prints its wall time and the process's memory
        as one JSON line.
        """, options: options)

    static func run(_ arguments: [String]) async -> Int32 {
        if arguments.contains("--help") || arguments.contains("-h") {
            print(help)
            return 0
        }
        let measured: ChildMeasurement
        do throws(BenchError) {
            measured = try await measure(arguments)
        } catch {
            FileHandle.standardError.write(Data("riv-bench --case: \(error.description)\n".utf8))
            return 1
        }
        guard let data = try? JSONEncoder().encode(measured) else { return 1 }
        FileHandle.standardOutput.write(data + Data("\n".utf8))
        return 0
    }

    private static func measure(_ arguments: [String]) async throws(BenchError) -> ChildMeasurement {
        let parsed = try BenchError.usage { () throws(UsageError) in try ParsedArguments<Option>(arguments) }
        guard let name = parsed.value(.operation), let operation = Operation(rawValue: name) else {
            throw BenchError("--case needs one of: " + Operation.allCases.map(\.rawValue).joined(separator: ", "))
        }
        guard let root = parsed.value(.root) else { throw BenchError("--case needs --root DIR") }
        let paths = BenchPaths(root: root, sizes: .of(quick: parsed.isSet(.quick)))
        try await warmUp(operation, paths)
        // The paths are what the tool is given on its command line: made before the clock starts.
        let inputs = operation.inputs(paths)
        // The bytes hashed in memory are read in before the clock starts.
        let loaded = operation == .hashLarge ? try BaselineOperations.load(inputs[0]) : nil
        defer { loaded?.deallocate() }
        let sampler = MemorySampler()
        let before = ProcessMemory.current()
        sampler.start()
        let clock = ContinuousClock()
        let start = clock.now
        let result = if let loaded { BaselineOperations.hash(UnsafeRawBufferPointer(loaded)) } else { try await perform(operation, on: inputs, paths) }
        let elapsed = clock.now - start
        let peaks = sampler.stop()
        let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) * 1e-18
        return ChildMeasurement(operation: operation, seconds: seconds, before: before, peaks: peaks, result: result)
    }

    /// Work done before the clock starts: for the warmed-up listing, one listing of
    /// another file, so that the process's one-time costs (loading code, the
    /// schema tables, the worker threads) are paid outside the measurement.
    private static func warmUp(_ operation: Operation, _ paths: BenchPaths) async throws(BenchError) {
        if operation == .listLargeWarmProcess {
            _ = try LibraryOperations.list([paths.smallRiv], parallelism: .automatic)
        }
        if operation == .fetchHostedWarm {
            _ = try await LibraryOperations.fetchHosted(paths.hostedRiv, paths: paths, jobs: nil, expectingNoRequest: false)
        }
    }

    private static func perform(_ operation: Operation, on inputs: [String], _ paths: BenchPaths) async throws(BenchError) -> Int {
        let output = paths.output
        switch operation {
        case .readLarge, .readObjects, .readFonts:
            return try BaselineOperations.read(inputs)
        case .copyLarge, .copyObjects, .copyFonts:
            return try BaselineOperations.copy(inputs, into: output)
        case .computeOneCore, .computeAllCores:
            return BaselineOperations.compute(allCores: operation == .computeAllCores)
        case .listLarge, .listLargeWarmProcess, .listObjects, .listFontsAllCores:
            return try LibraryOperations.list(inputs, parallelism: .automatic)
        case .listFontsOneCore:
            return try LibraryOperations.list(inputs, parallelism: .threads(1))
        case .listLargeJSON, .listObjectsJSON:
            return try LibraryOperations.listJSON(inputs)
        case .extractLarge, .extractLargeHashing, .extractFontsOneCore, .extractFontsAllCores:
            return try await LibraryOperations.extract(inputs, into: output, hashing: operation == .extractLargeHashing,
                                                 parallelism: operation == .extractFontsOneCore ? .threads(1) : .automatic)
        case .replaceWithSmall:
            return try LibraryOperations.replace(paths.largeRiv, image: InputMaker.heroUniqueName, with: paths.smallPayload,
                                                 writingTo: paths.outputPath("replaced.riv"))
        case .fetchHostedOneJob, .fetchHosted, .fetchHostedWarm, .fetchHostedLarge:
            return try await LibraryOperations.fetchHosted(inputs[0], paths: paths, jobs: operation == .fetchHostedOneJob ? 1 : nil,
                                                     expectingNoRequest: operation == .fetchHostedWarm)
        case .hashLarge:
            throw BenchError("hash-large hashes the bytes loaded before the clock starts")
        case .replaceWithLarge:
            return try LibraryOperations.replace(paths.smallRiv, image: InputMaker.heroUniqueName, with: paths.largePayload,
                                                 writingTo: paths.outputPath("replaced.riv"))
        }
    }
}
