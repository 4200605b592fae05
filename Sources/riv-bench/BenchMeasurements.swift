import Foundation
import RivAssetsKit
import RivFormat

/// Everything one run of the benchmark measured, as a table or as JSON.
struct BenchMeasurements: Codable, Sendable {
    var schemaVersion = 1
    var quick: Bool
    var cache: CacheState
    var repetitions: Int
    var machine: MachineInfo
    /// The one-minute load average at the start and after each case.
    var loadAverages: [Double]
    var rows: [ResultRow]

    /// The speed-up the all-cores targets ask for.
    static let speedupTarget = 1.6

    /// How much faster CPU-bound work ran on all cores than on one in this run, when measured.
    var availableSpeedup: Double? {
        rows.first { $0.operationID == Operation.computeAllCores.rawValue }?.ratio
    }

    func json() -> String {
        (try? ResultJSON.data(self)).map { String(decoding: $0, as: UTF8.self) } ?? "{}"
    }

    func table() -> String {
        var lines = [
            "riv-bench: \(quick ? "quick (scaled-down) inputs" : "full-size inputs"), \(cache.rawValue) page cache, "
                + "median of \(repetitions) run(s)"
                + (repetitions < BenchOptions.shortOperationRuns ? " (\(BenchOptions.shortOperationRuns) for operations under 50 ms)" : "")
                + "; \(machine.cores) cores, \(FigureText.size(Int(machine.memoryBytes))) RAM, "
                + "\(machine.fileSystem), Linux \(machine.kernel); load average "
                + loadAverages.map { FigureText.decimal($0, places: 2) }.joined(separator: " → "),
            "",
        ]
        var cells = [["CASE", "OPERATION", "WALL", "MB/s", "PEAK RSS", "ANON / FILE", "BASELINE", "RATIO", "TARGET", "RESULT"]]
        for row in rows {
            let baseline = row.baseline.map { name in
                name.replacingOccurrences(of: "baseline: ", with: "") + " " + FigureText.duration(row.baselineSeconds ?? 0)
            }
            let target = [row.speedTarget, row.memoryTarget].compactMap { $0 }.joined(separator: "; ")
            cells.append([
                String(row.caseNumber), row.operation, FigureText.duration(row.seconds), FigureText.rate(row.megabytesPerSecond),
                ByteCountText.binary(row.peakRSS),
                ByteCountText.binary(row.peakAnonymous) + " / " + ByteCountText.binary(row.peakFileBacked),
                baseline ?? "", row.ratioText ?? "", target, row.result,
            ])
        }
        let widths = cells[0].indices.map { column in cells.map { $0[column].count }.max() ?? 0 }
        for row in cells {
            let padded = zip(row, widths).map { cell, width in cell + String(repeating: " ", count: width - cell.count) }
            var line = padded.joined(separator: "  ")
            while line.last == " " { line.removeLast() }
            lines.append(line)
        }
        if quick {
            lines += ["", "NOTE: --quick scales the inputs down; the targets are set for the full sizes, so PASS and FAIL here are a smoke test only."]
        }
        if let available = availableSpeedup, available < Self.speedupTarget {
            lines += ["", "NOTE: purely CPU-bound work ran only \(FigureText.decimal(available, places: 2))× faster on all \(machine.cores) cores than on one"
                + " in this run: other programs held the cores, so the all-cores rows cannot show the speed-up the code allows."]
        }
        lines += [
            "",
            "WALL is the operation alone inside its child process; PEAK RSS is the child's VmHWM (its floor before the",
            "operation: \(FigureText.size(rows.map(\.startRSS).max() ?? 0))); ANON / FILE are the sampled peaks of its heap and of",
            "its mapped file pages. MB/s: decimal MB of the larger of bytes read and bytes written. RATIO is what",
            "the target is about: time or MB/s against BASELINE, or the speed-up over one core.",
        ]
        return lines.joined(separator: "\n")
    }
}
