/// How fast a row must be, relative to its baseline row or absolutely.
enum SpeedTarget: Sendable {
    /// Wall time at most this fraction of the baseline's.
    case timeFraction(Double)
    /// Throughput at least this fraction of the baseline's.
    case throughputFraction(Double)
    /// Throughput at least this many decimal MB/s.
    case throughput(Double)
    /// At least this many times faster than the baseline.
    case speedup(Double)

    var text: String {
        switch self {
        case .timeFraction(let fraction): "time ≤ \(FigureText.decimal(fraction * 100, places: 0))% of base"
        case .throughputFraction(let fraction): "MB/s ≥ \(FigureText.decimal(fraction, places: 1))× base"
        case .throughput(let rate): "≥ \(FigureText.rate(rate)) MB/s"
        case .speedup(let factor): "≥ \(FigureText.decimal(factor, places: 1))× faster"
        }
    }

    /// The figure the target is about, computed from the row and its baseline.
    func ratio(seconds: Double, rate: Double, baselineSeconds: Double, baselineRate: Double) -> Double {
        switch self {
        case .timeFraction: seconds / baselineSeconds
        case .throughputFraction, .throughput: rate / baselineRate
        case .speedup: baselineSeconds / seconds
        }
    }

    func isMet(rate: Double, ratio: Double) -> Bool {
        switch self {
        case .timeFraction(let fraction): ratio <= fraction
        case .throughputFraction(let fraction), .speedup(let fraction): ratio >= fraction
        case .throughput(let minimum): rate >= minimum
        }
    }

    func ratioText(_ ratio: Double) -> String {
        switch self {
        case .timeFraction: FigureText.decimal(ratio * 100, places: ratio < 0.001 ? 4 : ratio < 0.1 ? 3 : 2) + "%"
        default: FigureText.decimal(ratio, places: 2) + "×"
        }
    }
}

/// How much resident memory a row may use at its peak.
enum MemoryLimit: Sendable {
    /// A fixed number of bytes.
    case bytes(Int)
    /// The size of the operation's input plus this many bytes.
    case inputPlus(Int)

    func limit(inputBytes: Int) -> Int {
        switch self {
        case .bytes(let count): count
        case .inputPlus(let extra): inputBytes + extra
        }
    }

    func text(inputBytes: Int) -> String {
        switch self {
        case .bytes(let count): "RSS ≤ \(FigureText.size(count))"
        case .inputPlus(let extra): "RSS ≤ file+\(FigureText.size(extra)) (\(FigureText.size(inputBytes + extra)))"
        }
    }
}

/// One row of a case: an operation, what it is compared with, and its targets.
struct Measurement: Sendable {
    let caseNumber: Int
    let operation: Operation
    var baseline: Operation?
    var speed: SpeedTarget?
    var memory: MemoryLimit?

    /// The rows of each case, baselines first, with the targets of the issue.
    static func rows(ofCase number: Int) -> [Measurement] {
        let mebibyte = 1 << 20
        switch number {
        case 1:
            let listing = { (operation: Operation) in
                Measurement(caseNumber: 1, operation: operation, baseline: .readLarge, speed: .timeFraction(0.01), memory: .bytes(32 * mebibyte))
            }
            let streaming = { (operation: Operation) in
                Measurement(caseNumber: 1, operation: operation, baseline: .copyLarge, speed: .throughputFraction(0.5), memory: .bytes(64 * mebibyte))
            }
            return [Measurement(caseNumber: 1, operation: .readLarge), Measurement(caseNumber: 1, operation: .copyLarge),
                    listing(.listLarge), listing(.listLargeWarmProcess),
                    Measurement(caseNumber: 1, operation: .listLargeJSON, baseline: .readLarge, memory: .bytes(32 * mebibyte)),
                    streaming(.extractLarge),
                    Measurement(caseNumber: 1, operation: .extractLargeHashing, baseline: .copyLarge, memory: .bytes(64 * mebibyte)),
                    streaming(.replaceWithSmall), streaming(.replaceWithLarge),
                    Measurement(caseNumber: 1, operation: .hashLarge, baseline: .readLarge, speed: .throughput(4000))]
        case 2:
            let listing = { (operation: Operation) in
                Measurement(caseNumber: 2, operation: operation, baseline: .readObjects, speed: .throughput(300), memory: .inputPlus(32 * mebibyte))
            }
            return [Measurement(caseNumber: 2, operation: .readObjects), Measurement(caseNumber: 2, operation: .copyObjects),
                    listing(.listObjects), listing(.listObjectsJSON)]
        case 4:
            return [Measurement(caseNumber: 4, operation: .fetchHostedOneJob),
                    Measurement(caseNumber: 4, operation: .fetchHosted, baseline: .fetchHostedOneJob, speed: .speedup(8)),
                    Measurement(caseNumber: 4, operation: .fetchHostedWarm, baseline: .fetchHosted, speed: .timeFraction(0.05)),
                    Measurement(caseNumber: 4, operation: .fetchHostedLarge, memory: .bytes(64 * mebibyte))]
        default:
            return [Measurement(caseNumber: 3, operation: .readFonts), Measurement(caseNumber: 3, operation: .copyFonts),
                    Measurement(caseNumber: 3, operation: .computeOneCore),
                    Measurement(caseNumber: 3, operation: .computeAllCores, baseline: .computeOneCore),
                    Measurement(caseNumber: 3, operation: .listFontsOneCore, baseline: .readFonts),
                    Measurement(caseNumber: 3, operation: .listFontsAllCores, baseline: .listFontsOneCore, speed: .speedup(BenchMeasurements.speedupTarget)),
                    Measurement(caseNumber: 3, operation: .extractFontsOneCore, baseline: .copyFonts),
                    Measurement(caseNumber: 3, operation: .extractFontsAllCores, baseline: .extractFontsOneCore, speed: .speedup(BenchMeasurements.speedupTarget))]
        }
    }
}
