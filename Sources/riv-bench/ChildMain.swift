import Foundation

/// What a child process measured, printed as one JSON line on its standard output.
struct ChildReport: Codable, Sendable {
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
    static func run(_ arguments: [String]) -> Int32 {
        let report: ChildReport
        do throws(BenchError) {
            report = try measure(arguments)
        } catch {
            FileHandle.standardError.write(Data("riv-bench --case: \(error.description)\n".utf8))
            return 1
        }
        guard let data = try? JSONEncoder().encode(report) else { return 1 }
        FileHandle.standardOutput.write(data + Data("\n".utf8))
        return 0
    }

    private static func measure(_ arguments: [String]) throws(BenchError) -> ChildReport {
        guard let name = value(after: "--case", in: arguments), let operation = Operation(rawValue: name) else {
            throw BenchError("--case needs one of: " + Operation.allCases.map(\.rawValue).joined(separator: ", "))
        }
        guard let root = value(after: "--root", in: arguments) else { throw BenchError("--case needs --root DIR") }
        let layout = BenchLayout(root: root, sizes: .of(quick: arguments.contains("--quick")))
        try warmUp(operation, layout)
        // The paths are what the tool is given on its command line: made before the clock starts.
        let inputs = operation.inputs(layout)
        let sampler = MemorySampler()
        let before = ProcessMemory.current()
        sampler.start()
        let clock = ContinuousClock()
        let start = clock.now
        let result = try perform(operation, on: inputs, layout)
        let elapsed = clock.now - start
        let peaks = sampler.stop()
        let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) * 1e-18
        return ChildReport(operation: operation, seconds: seconds, before: before, peaks: peaks, result: result)
    }

    /// Work done before the clock starts: for the warmed-up listing, one listing of
    /// another file, so that the process's one-time costs (loading code, the
    /// schema tables, Dispatch's threads) are paid outside the measurement.
    private static func warmUp(_ operation: Operation, _ layout: BenchLayout) throws(BenchError) {
        if operation == .listLargeWarmProcess {
            _ = try LibraryOperations.list([layout.smallRiv], allCores: true)
        }
    }

    private static func perform(_ operation: Operation, on inputs: [String], _ layout: BenchLayout) throws(BenchError) -> Int {
        let output = layout.output
        switch operation {
        case .readLarge, .readObjects, .readFonts:
            return try BaselineOperations.read(inputs)
        case .copyLarge, .copyObjects, .copyFonts:
            return try BaselineOperations.copy(inputs, into: output)
        case .computeOneCore, .computeAllCores:
            return BaselineOperations.compute(allCores: operation == .computeAllCores)
        case .listLarge, .listLargeWarmProcess, .listObjects:
            return try LibraryOperations.list(inputs, allCores: true)
        case .listLargeJSON, .listObjectsJSON:
            return try LibraryOperations.listJSON(inputs)
        case .listFontsOneCore, .listFontsAllCores:
            return try LibraryOperations.list(inputs, allCores: operation == .listFontsAllCores)
        case .extractLarge, .extractFontsOneCore, .extractFontsAllCores:
            return try LibraryOperations.extract(inputs, into: output, allCores: operation != .extractFontsOneCore)
        case .extractLargeHashing:
            return try LibraryOperations.extractHashing(inputs, into: output)
        case .replaceWithSmall:
            return try LibraryOperations.replace(layout.largeRiv, with: layout.smallPayload, writingTo: layout.outputPath("replaced.riv"))
        case .replaceWithLarge:
            return try LibraryOperations.replace(layout.smallRiv, with: layout.largePayload, writingTo: layout.outputPath("replaced.riv"))
        }
    }

    private static func value(after flag: String, in arguments: [String]) -> String? {
        guard let index = arguments.firstIndex(of: flag), index + 1 < arguments.count else { return nil }
        return arguments[index + 1]
    }
}
