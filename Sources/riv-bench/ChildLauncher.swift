import Foundation
import RivFormat
import RivSupport

/// Runs one operation in a fresh child process (this executable with `--case`), so
/// that the peak resident memory it reports belongs to that operation alone.
enum ChildLauncher {
    /// The process id of the child running now, for the interrupt handler.
    static let runningChild = Protected<Int32>(0)

    static func run(_ operation: Operation, paths: BenchPaths, quick: Bool) throws(BenchError) -> ChildMeasurement {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executablePath)
        process.arguments = ["--case", operation.rawValue, "--root", paths.root] + (quick ? ["--quick"] : [])
        let pipe = Pipe()
        process.standardOutput = pipe
        do {
            try process.run()
        } catch {
            throw BenchError("cannot start the child for \(operation.rawValue): \(error.localizedDescription)")
        }
        runningChild.withLock { $0 = process.processIdentifier }
        let output = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        runningChild.withLock { $0 = 0 }
        guard process.terminationStatus == 0, process.terminationReason == .exit else {
            throw BenchError("the child for \(operation.rawValue) failed (status \(process.terminationStatus)); its error is above")
        }
        do {
            return try JSONDecoder().decode(ChildMeasurement.self, from: output)
        } catch {
            throw BenchError("the child for \(operation.rawValue) printed no measurement: \(String(decoding: output, as: UTF8.self))")
        }
    }

    /// This executable, which children re-run.
    static var executablePath: String {
        (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")) ?? CommandLine.arguments[0]
    }
}
