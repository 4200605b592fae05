import Foundation

/// What Rive's C++ runtime (`rive::File::import`) would do with a file, predicted
/// from the runtime's import rules without running it (SPEC.md §13).
///
/// ```swift
/// let prediction = RuntimePrediction(bytes: try Data(contentsOf: url))
/// if prediction.result != .success || prediction.crash != nil { print(prediction) }
/// ```
public struct RuntimePrediction: Sendable, Equatable, CustomStringConvertible {
    /// The runtime's verdict, named as its `ImportResult` names them.
    public enum Result: String, Sendable, Codable, Equatable {
        /// The runtime loads the file.
        case success
        /// The header's major version is not the runtime's (7).
        case unsupportedVersion
        /// The runtime refuses the file.
        case malformed
    }

    /// One thing the runtime would trip on: a stable code, what happens, and where.
    public struct Issue: Sendable, Equatable, CustomStringConvertible {
        /// A stable identifier, e.g. `runtime-range-error` (listed in SPEC.md §13).
        public let code: String
        /// What the runtime does there, for a person.
        public let message: String
        /// The byte offset the issue starts at.
        public let offset: Int

        /// `at byte N: message`.
        public var description: String { "at byte \(offset): \(message)" }
    }

    /// The verdict.
    public let result: Result
    /// Why the runtime refuses the file; nil when it loads it.
    public let refusal: Issue?
    /// Why the runtime would crash or hang on the file; nil when it would not.
    public let crash: Issue?
    /// The offset of the first property key that neither the runtime nor the file's ToC
    /// knows: the runtime drops the object there and reads the rest of the stream out
    /// of step. Nil when there is none.
    public let firstOutOfStepOffset: Int?
    /// How many objects the runtime drops that way.
    public let outOfStepCount: Int
    /// The first component whose parent id names no container of its artboard: the
    /// runtime loads the file, but the hierarchy is broken (damage, not a verdict).
    public let danglingParent: Issue?
    /// The offset of the first position, rotation or scale (a node's `x`, `y`,
    /// `rotation`, `scaleX`, `scaleY`) that is infinite or not a number: the runtime
    /// loads it, and draws nothing sensible there. Nil when there is none.
    public let firstNonFiniteTransformOffset: Int?
    /// How many such values the file holds.
    public let nonFiniteTransformCount: Int
    /// The offsets, in file order, of the contents records (`FileAssetContents`) the
    /// runtime skips because no file asset it imported comes before them: it prints
    /// "Failed to import object", deletes the record and loads the rest of the file.
    public let skippedContentsOffsets: [Int]

    /// Predicts the runtime's import of `bytes`, a whole `.riv` file.
    public init<Bytes: ContiguousBytes>(bytes: Bytes) {
        self = bytes.withUnsafeBytes { buffer in
            var model = RuntimeImportModel(bytes: buffer)
            return model.run()
        }
    }

    init(result: Result, refusal: Issue?, crash: Issue?, firstOutOfStepOffset: Int? = nil, outOfStepCount: Int = 0,
         danglingParent: Issue? = nil, firstNonFiniteTransformOffset: Int? = nil, nonFiniteTransformCount: Int = 0,
         skippedContentsOffsets: [Int] = []) {
        self.skippedContentsOffsets = skippedContentsOffsets
        self.firstNonFiniteTransformOffset = firstNonFiniteTransformOffset
        self.nonFiniteTransformCount = nonFiniteTransformCount
        self.firstOutOfStepOffset = firstOutOfStepOffset
        self.outOfStepCount = outOfStepCount
        self.danglingParent = danglingParent
        self.result = result
        self.refusal = refusal
        self.crash = crash
    }

    /// The verdict and its reasons on one line.
    public var description: String {
        var text = result.rawValue
        if let refusal { text += " (\(refusal))" }
        if let crash { text += "; crashes: \(crash)" }
        return text
    }
}

extension RuntimePrediction.Result: CustomStringConvertible {
    /// Its name as JSON writes it, for `print` and string interpolation.
    public var description: String { rawValue }
}
