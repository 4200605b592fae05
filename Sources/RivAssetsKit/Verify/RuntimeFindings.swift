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

    /// A finding at the first of `count` occurrences, saying how many there are when more than one.
    private static func counted(_ code: String, _ message: String, _ count: Int, times unit: String, at offset: Int) -> VerifyFinding {
        VerifyFinding(code: code, message: message + (count > 1 ? " (\(count) \(unit))" : ""), offset: offset)
    }
}
