import RivFormat

/// The findings that say what Rive's runtime would do with a file.
enum RuntimeFindings {
    static func findings(for prediction: RuntimePrediction) -> [VerifyFinding] {
        var findings: [VerifyFinding] = []
        if let refusal = prediction.refusal {
            findings.append(VerifyFinding(code: refusal.code, message: refusal.message, offset: refusal.offset))
        }
        if let crash = prediction.crash {
            findings.append(VerifyFinding(code: crash.code, message: crash.message, offset: crash.offset))
        }
        if let dangling = prediction.danglingParent {
            findings.append(VerifyFinding(code: dangling.code, message: dangling.message, offset: dangling.offset))
        }
        if let first = prediction.firstOutOfStepOffset {
            findings.append(counted("runtime-out-of-step", "a property key neither Rive's runtime nor the file's table of contents knows: "
                + "the runtime drops the object there and reads on out of step", prediction.outOfStepCount, times: "times", at: first))
        }
        if let first = prediction.firstNonFiniteTransformOffset {
            findings.append(counted("non-finite-transform", "a position, rotation or scale is infinite or not a number: "
                + "the runtime loads it and draws nothing sensible there", prediction.nonFiniteTransformCount, times: "values", at: first))
        }
        return findings
    }

    /// The codes of the findings that say the runtime refuses the file or crashes on
    /// it: the only ones that fail a file under `--runtime-only`.
    static func verdictCodes(of prediction: RuntimePrediction) -> Set<String> {
        Set([prediction.refusal?.code, prediction.crash?.code].compactMap { $0 })
    }

    /// A note instead of a `structure-problem` finding, when `problem` is a structure
    /// the runtime tolerates: a contents record before any file asset, which the
    /// runtime skips (`FileAssetContents::import` finds no file asset's importer, the
    /// record is deleted and the import goes on) in a file it loads. Nil otherwise.
    static func tolerated(_ problem: RivProblem, by prediction: RuntimePrediction) -> VerifyFinding? {
        guard case .contentsWithoutAsset = problem.kind, prediction.result == .success,
              binarySearch(prediction.skippedContentsOffsets, problem.offset) else { return nil }
        return VerifyFinding(code: "runtime-skipped-contents",
                             message: problem.message + ": Rive's runtime skips it (\"Failed to import object\") and loads the file",
                             offset: problem.offset)
    }

    /// Whether sorted `offsets` holds `offset`.
    private static func binarySearch(_ offsets: [Int], _ offset: Int) -> Bool {
        var low = 0, high = offsets.count
        while low < high {
            let middle = (low + high) / 2
            if offsets[middle] < offset { low = middle + 1 } else { high = middle }
        }
        return low < offsets.count && offsets[low] == offset
    }

    /// A finding at the first of `count` occurrences, saying how many there are when more than one.
    private static func counted(_ code: String, _ message: String, _ count: Int, times unit: String, at offset: Int) -> VerifyFinding {
        VerifyFinding(code: code, message: message + (count > 1 ? " (\(count) \(unit))" : ""), offset: offset)
    }
}
