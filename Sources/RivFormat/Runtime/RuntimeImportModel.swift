/// Rive's `File::import` as a model: the header, then one object after another
/// with the runtime's reading of each value, the objects it drops and where it
/// resumes, and the import stack's checks (SPEC.md §13 lists the rules).
struct RuntimeImportModel {
    /// The only major version the runtime loads.
    static let majorVersion: UInt64 = 7
    /// A string length the runtime cannot allocate before it checks the length
    /// against the file: it zero-fills `length + 1` bytes first, so 16 GiB takes the
    /// oracle's 23 GiB machine past its timeout and 64 GiB aborts it (`bad_alloc`);
    /// 8 GiB and less are refused as malformed.
    static let unallocatableLength: UInt64 = 1 << 34

    private var cursor: RuntimeCursor
    private var toc: [UInt64: UInt8] = [:]
    private var stack = RuntimeImportStack()
    private var firstOutOfStep: Int?
    private var outOfStepCount = 0
    private var firstNonFiniteTransform: Int?
    private var nonFiniteTransformCount = 0
    private var crash: RuntimePrediction.Issue?

    init(bytes: UnsafeRawBufferPointer) {
        cursor = RuntimeCursor(bytes)
    }

    mutating func run() -> RuntimePrediction {
        if let verdict = readHeader() { return verdict }
        while !cursor.isAtEnd {
            readObject()
            if let refusal = stack.refusal { return finish(.malformed, refusal) }
        }
        // `File::read` resolves the import stack before it looks at the reader's error,
        // so a damaged tail still runs every resolve-time check.
        stack.resolveAll()
        if let failure = cursor.failure { return finish(.malformed, issue(for: failure)) }
        if let refusal = stack.refusal { return finish(.malformed, refusal) }
        return finish(.success, nil)
    }

    private func finish(_ result: RuntimePrediction.Result, _ refusal: RuntimePrediction.Issue?) -> RuntimePrediction {
        RuntimePrediction(result: result, refusal: refusal, crash: crash ?? stack.crash ?? stack.destructorCrash, firstOutOfStepOffset: firstOutOfStep, outOfStepCount: outOfStepCount,
                          danglingParent: stack.danglingParent, firstNonFiniteTransformOffset: firstNonFiniteTransform,
                          nonFiniteTransformCount: nonFiniteTransformCount, skippedContentsOffsets: stack.skippedContents)
    }

    // MARK: Header (the runtime's `RuntimeHeader::read`)

    /// Reads the header; a verdict when the runtime stops there.
    private mutating func readHeader() -> RuntimePrediction? {
        let badHeader = { (message: String, offset: Int) in
            RuntimePrediction(result: .malformed,
                              refusal: .init(code: "runtime-bad-header", message: "Rive's runtime refuses the header: \(message)", offset: offset),
                              crash: nil)
        }
        for (index, expected) in "RIVE".utf8.enumerated() where cursor.readByte() != expected {
            return badHeader(cursor.failure == nil ? "no RIVE fingerprint" : "the file ends inside the fingerprint", index)
        }
        let intLimit = UInt64(Int32.max)
        let major = cursor.readVarUInt(limit: intLimit)
        _ = cursor.readVarUInt(limit: intLimit)
        _ = cursor.readVarUInt(limit: intLimit)
        if cursor.overflowed {
            return badHeader("the file ends inside the version numbers", cursor.failure!.offset)
        }
        var keys: [UInt64] = []
        while true {
            let key = cursor.readVarUInt(limit: intLimit)
            if key == 0 { break }
            keys.append(key)
            if cursor.overflowed {
                return badHeader("the file ends inside the property table of contents", cursor.failure!.offset)
            }
        }
        var word: UInt32 = 0
        for (index, key) in keys.enumerated() {
            if index % 4 == 0 { word = cursor.readUInt32() }
            toc[key] = UInt8((word >> (2 * UInt32(index % 4))) & 3)
            if cursor.overflowed {
                return badHeader("the file ends inside the field types of the table of contents", cursor.failure!.offset)
            }
        }
        if major != Self.majorVersion {
            return RuntimePrediction(result: .unsupportedVersion,
                                     refusal: .init(code: "runtime-unsupported-version",
                                                    message: "Rive's runtime loads major version 7 only; this file says \(major)", offset: 4),
                                     crash: nil)
        }
        return nil
    }

    // MARK: Objects (the runtime's `readRuntimeObject`)

    private mutating func readObject() {
        let offset = cursor.position
        let typeKey = cursor.readVarUInt(limit: UInt64(Int32.max))
        let type = typeKey <= UInt64(UInt16.max) ? RuntimeTypes.runtimeType(UInt16(typeKey)) : nil
        var object = type.map { RuntimeObject(type: $0, offset: offset) }
        while true {
            let keyOffset = cursor.position
            let key = cursor.readVarUInt(limit: UInt64(UInt16.max))
            if key == 0 { break }
            if let type, let kind = RuntimeTypes.valueKind(of: UInt16(key), on: type) {
                let value = cursor.read(kind)
                object?.note(key, value)
                if kind == .float32, RuntimeTypes.isTransformValue(UInt16(key)), !Float(bitPattern: UInt32(truncatingIfNeeded: value)).isFinite {
                    if firstNonFiniteTransform == nil { firstNonFiniteTransform = keyOffset }
                    nonFiniteTransformCount += 1
                }
            } else if let fallback = RuntimeTypes.registryFallback(of: UInt16(key)) ?? toc[key].map(RuntimeTypes.tocFallback) {
                if case .read(let kind) = fallback { cursor.read(kind) }
            } else {
                if firstOutOfStep == nil { firstOutOfStep = keyOffset }
                outOfStepCount += 1
                stack.readNullObject(at: offset)
                return
            }
            noteCrashTriggers()
        }
        noteCrashTriggers()
        guard let object else {
            stack.readNullObject(at: offset)
            return
        }
        stack.importObject(object)
    }

    private mutating func noteCrashTriggers() {
        guard crash == nil else { return }
        if let string = cursor.oversizedString, string.length >= Self.unallocatableLength {
            crash = .init(code: "crash-string-allocation",
                          message: "a string length of \(string.length) bytes: Rive's runtime allocates and clears that much memory before checking it against the file, and runs out of memory or time",
                          offset: string.offset)
        }
    }

    private func issue(for failure: (kind: RuntimeCursor.Failure, offset: Int)) -> RuntimePrediction.Issue {
        switch failure.kind {
        case .overflow:
            return .init(code: "runtime-truncated", message: "a value runs past the end of the file: Rive's runtime stops reading and refuses the file", offset: failure.offset)
        case let .rangeError(value, limit):
            return .init(code: "runtime-range-error", message: "the value \(value) does not fit the runtime's \(limit == UInt64(UInt16.max) ? "16-bit property key" : limit == UInt64(UInt32.max) ? "32-bit unsigned integer" : "32-bit signed integer"): a range error fails the import", offset: failure.offset)
        }
    }
}
