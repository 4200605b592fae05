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
            let count = prediction.outOfStepCount
            findings.append(VerifyFinding(
                code: "runtime-out-of-step",
                message: "a property key neither Rive's runtime nor the file's table of contents knows: the runtime drops the object there and reads on out of step"
                    + (count > 1 ? " (\(count) times)" : ""),
                offset: first))
        }
        if let first = prediction.firstNonFiniteTransformOffset {
            let count = prediction.nonFiniteTransformCount
            findings.append(VerifyFinding(
                code: "non-finite-transform",
                message: "a position, rotation or scale is infinite or not a number: the runtime loads it and draws nothing sensible there"
                    + (count > 1 ? " (\(count) values)" : ""),
                offset: first))
        }
        return findings
    }
}
