/// One row of the measurements: an operation's figures over its repetitions, its
/// baseline and whether it meets its targets.
struct ResultRow: Codable, Sendable {
    var caseNumber: Int
    var operation: String
    var operationID: String
    /// Wall time of each repetition, in seconds.
    var runs: [Double]
    /// The median of `runs`.
    var seconds: Double
    /// The larger of the bytes read and the bytes written.
    var bytes: Int
    var inputBytes: Int
    var outputBytes: Int
    var megabytesPerSecond: Double
    /// The highest VmHWM of the repetitions.
    var peakRSS: Int
    /// The highest anonymous and file-backed parts of the resident set seen by sampling.
    var peakAnonymous: Int
    var peakFileBacked: Int
    /// The resident set of the child before the operation started.
    var startRSS: Int
    var baseline: String?
    var baselineSeconds: Double?
    var baselineMegabytesPerSecond: Double?
    var ratio: Double?
    var ratioText: String?
    var speedTarget: String?
    var memoryTarget: String?
    var speedPass: Bool?
    var memoryPass: Bool?
    /// PASS when every target is met, FAIL naming the missed ones, empty without targets.
    var result = ""

    mutating func judge() {
        let missed = [speedPass == false ? "time" : nil, memoryPass == false ? "RSS" : nil].compactMap { $0 }
        if speedPass == nil && memoryPass == nil { return }
        result = missed.isEmpty ? "PASS" : "FAIL (" + missed.joined(separator: ", ") + ")"
    }
}

/// The repetitions of one operation as the driver collected them.
struct CollectedRuns: Sendable {
    let measurement: Measurement
    var measured: [ChildMeasurement] = []
    var inputBytes = 0
    var outputBytes = 0

    var medianSeconds: Double {
        let sorted = measured.map(\.seconds).sorted()
        guard !sorted.isEmpty else { return 0 }
        let middle = sorted.count / 2
        return sorted.count % 2 == 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2
    }

    var bytes: Int { max(inputBytes, outputBytes) }

    var megabytesPerSecond: Double { Double(bytes) / 1e6 / medianSeconds }

    /// The row, judged against the targets with the baseline's figures.
    func row(baseline: CollectedRuns?, sizes: BenchSizes) -> ResultRow {
        var row = ResultRow(
            caseNumber: measurement.caseNumber, operation: measurement.operation.label(sizes),
            operationID: measurement.operation.rawValue, runs: measured.map(\.seconds), seconds: medianSeconds,
            bytes: bytes, inputBytes: inputBytes, outputBytes: outputBytes, megabytesPerSecond: megabytesPerSecond,
            peakRSS: measured.map(\.peaks.peak).max() ?? 0, peakAnonymous: measured.map(\.peaks.anonymous).max() ?? 0,
            peakFileBacked: measured.map(\.peaks.fileBacked).max() ?? 0, startRSS: measured.map(\.before.resident).max() ?? 0)
        if let baseline {
            row.baseline = baseline.measurement.operation.label(sizes)
            row.baselineSeconds = baseline.medianSeconds
            row.baselineMegabytesPerSecond = baseline.megabytesPerSecond
            let target = measurement.speed ?? .throughputFraction(0)
            let ratio = target.ratio(seconds: medianSeconds, rate: megabytesPerSecond,
                                     baselineSeconds: baseline.medianSeconds, baselineRate: baseline.megabytesPerSecond)
            row.ratio = ratio
            row.ratioText = target.ratioText(ratio)
            if let speed = measurement.speed {
                row.speedTarget = speed.text
                row.speedPass = speed.isMet(rate: megabytesPerSecond, ratio: ratio)
            }
        }
        if let memory = measurement.memory {
            row.memoryTarget = memory.text(inputBytes: inputBytes)
            row.memoryPass = row.peakRSS <= memory.limit(inputBytes: inputBytes)
        }
        row.judge()
        return row
    }
}
