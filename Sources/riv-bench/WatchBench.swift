import Foundation
import RivAssetsKit
import RivFixtures
import RivFormat
import RivSupport

/// `riv-bench watch`: how fast `replace --watch` (``RivAssetsKit/ReplaceWatch``)
/// follows a folder, and what it costs while nothing happens. Twenty inputs of one
/// embedded image each are watched against a folder; each change writes a whole
/// new PNG for one of them (as `cp` would: truncate, write, close), and its latency
/// runs from the write's end to the moment the rewritten output is in place (the
/// watch reports it after the rename). Idle CPU is the process's CPU time over a
/// quiet stretch with the watch running.
enum WatchBench {
    static let inputCount = 20

    static func run(_ arguments: [String]) -> Int32 {
        var changes = 50
        var idleSeconds = 10.0
        var index = 0
        while index < arguments.count {
            switch arguments[index] {
            case "--changes" where index + 1 < arguments.count: changes = Int(arguments[index + 1]) ?? changes; index += 2
            case "--idle" where index + 1 < arguments.count: idleSeconds = Double(arguments[index + 1]) ?? idleSeconds; index += 2
            default:
                print("usage: riv-bench watch [--changes N] [--idle SECONDS]")
                return 64
            }
        }
        do {
            try measure(changes: changes, idleSeconds: idleSeconds)
            return 0
        } catch {
            print("riv-bench watch: \(error)")
            return 1
        }
    }

    /// Output paths and the times their rewrites landed, filled by the watch's callback.
    private final class Landings: Sendable {
        private let times = Protected([String: [Date]]())

        func record(_ output: String) {
            let now = Date()
            times.withLock { $0[output, default: []].append(now) }
        }

        func first(at output: String, after start: Date) -> Date? {
            times.withLock { $0[output]?.first { $0 > start } }
        }
    }

    private static func measure(changes: Int, idleSeconds: Double) throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("riv-bench-watch-\(UUID().uuidString)")
        let brand = root.appendingPathComponent("brand"), out = root.appendingPathComponent("out")
        try FileManager.default.createDirectory(at: brand, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: root) }
        var inputs: [String] = []
        for number in 0..<inputCount {
            var file = RivFileBuilder(fileID: UInt64(number + 1), tableOfContents: [])
            file.appendBackboard()
            file.appendAsset(Schema.TypeKey.imageAsset, name: "logo.png", id: UInt64(number + 1))
            file.appendContents(Payload.gradientPNG(width: 16, height: 16))
            let path = root.appendingPathComponent("in-\(number).riv").path
            try Data(file.bytes).write(to: URL(fileURLWithPath: path))
            inputs.append(path)
        }
        let landings = Landings()
        let watch = try ReplaceWatch.start(ReplaceRequest(inputs: inputs.map(RequestInput.path), destination: .path(out.path + "/"), replacementFolder: brand.path)) { event in
            if case .written(_, let output, _, _, _) = event { landings.record(output) }
        }
        defer { watch.stop() }
        let pictures = [Payload.gradientPNG(width: 64, height: 48), Payload.gradientPNG(width: 48, height: 64)]
        var latencies: [Double] = []
        for change in 0..<changes {
            let target = change % inputCount
            let file = brand.appendingPathComponent("logo-\(target + 1).png")
            let handle: FileHandle
            if FileManager.default.fileExists(atPath: file.path) {
                handle = try FileHandle(forWritingTo: file)
                try handle.truncate(atOffset: 0)
            } else {
                _ = FileManager.default.createFile(atPath: file.path, contents: nil)
                handle = try FileHandle(forWritingTo: file)
            }
            try handle.write(contentsOf: Data(pictures[(change / inputCount) % 2]))
            try handle.close()
            let written = Date()
            let output = out.appendingPathComponent("in-\(target).riv").path
            let deadline = written.addingTimeInterval(10)
            var landed: Date?
            while landed == nil && Date() < deadline {
                Thread.sleep(forTimeInterval: 0.0005)
                landed = landings.first(at: output, after: written)
            }
            guard let landed else { throw BenchError("change \(change) was not followed within 10 s") }
            latencies.append(landed.timeIntervalSince(written))
            Thread.sleep(forTimeInterval: 0.15)
        }
        let cpuBefore = Double(clock()) / Double(CLOCKS_PER_SEC)
        Thread.sleep(forTimeInterval: idleSeconds)
        let idleCPU = Double(clock()) / Double(CLOCKS_PER_SEC) - cpuBefore
        let sorted = latencies.sorted()
        func milliseconds(_ seconds: Double) -> String { String(format: "%.1f ms", seconds * 1000) }
        print("replace --watch, \(inputCount) inputs, \(changes) changes (one new PNG each), debounce 50 ms:")
        print("  change to rewritten output: median \(milliseconds(sorted[sorted.count / 2])), "
            + "90th percentile \(milliseconds(sorted[sorted.count * 9 / 10])), worst \(milliseconds(sorted.last ?? 0))")
        print("  idle: \(String(format: "%.1f", idleCPU * 1000)) ms of CPU over \(String(format: "%.0f", idleSeconds)) s "
            + "(\(String(format: "%.3f", idleCPU / idleSeconds * 100)) %)")
    }
}
