import Foundation
import RivFormat
import RivSupport

/// The per-input step every rewriting operation (`replace`, `replace --watch`,
/// `embed`, `strip`, `host`, `prune`, `shrink`, `swap`, `place`) runs with its own
/// edit: read the input, let the edit change an editor of it, then check the
/// destination and write it (temporary file, then rename; nothing in a dry run),
/// mapping every refusal to the input's ``InputOutcome`` the same way.
///
/// With an output file or folder every input gets its output: an input the edit
/// left unchanged is copied there, so an output folder always holds the whole
/// set. An output that already holds exactly the bytes to write is left as it is
/// and never counts as in the way, so a rerun succeeds without `overwrite`.
struct RewriteStep: Sendable {
    /// Whether an output that exists is replaced: always in place, else when the request overwrites.
    let overwrite: Bool
    /// Whether nothing is written.
    let dryRun: Bool
    /// Whether every output is its input.
    let inPlace: Bool

    /// The step writing as `rewrite` says.
    init(_ rewrite: RewriteOptions) {
        overwrite = rewrite.destination == .inPlace || rewrite.overwrite
        dryRun = rewrite.dryRun
        inPlace = rewrite.destination == .inPlace
    }

    /// What an edit decided for its input.
    enum Decision<Value> {
        /// Write the edited file; `value` is what the operation reports of it.
        case write(Value, warnings: [String] = [])
        /// Nothing applied, and why; the input is copied to its output unless in place.
        case unchanged(String, Value? = nil, warnings: [String] = [])
        /// The input fails, and why; nothing is written for it.
        case refuse(String, Value? = nil)
    }

    /// Checks the inputs, resolves their outputs (a usage error when they
    /// cannot be), then runs `edit` on every input in parallel through one
    /// step; the outcomes come back in input order. `edit` is given the input's
    /// path and output besides the file and its editor.
    static func map<Value: Sendable>(_ rewrite: RewriteOptions,
                                     _ edit: @escaping @Sendable (_ path: String, _ output: URL, RivFile, inout RivEditor) throws(RivEditError) -> Decision<Value>)
        throws(RequestError) -> [InputOutcome<Value>] {
        let inputs = rewrite.inputNames
        try InputEngine.requireInputs(inputs)
        let outputs = try OutputPaths.resolve(inputs: inputs, destination: rewrite.destination)
        let step = RewriteStep(rewrite)
        return InputEngine.map(inputs, width: rewrite.parallelism.width(automatic: ParallelWork.coreCount)) { index, path in
            step.run(path, to: outputs[index]) { file, editor throws(RivEditError) in try edit(path, outputs[index], file, &editor) }
        }
    }

    /// Reads `path`, runs `edit` on an editor of it, and writes the result to
    /// `output` when the edit asks for it.
    func run<Value: Sendable>(_ path: String, to output: URL,
                              _ edit: (RivFile, inout RivEditor) throws(RivEditError) -> Decision<Value>) -> InputOutcome<Value> {
        switch InputEngine.read(path) {
        case .failure(let error): return InputOutcome(InputFailure(path: path, message: error.message))
        case .success(let file): return run(file, path: path, to: output, edit)
        }
    }

    /// Runs `edit` on an editor of `file` (read from `path`), and writes the
    /// result to `output`: the edited file, or a copy of the input when nothing applied.
    func run<Value: Sendable>(_ file: RivFile, path: String, to output: URL,
                              _ edit: (RivFile, inout RivEditor) throws(RivEditError) -> Decision<Value>) -> InputOutcome<Value> {
        var editor = RivEditor(file)
        var outcome = InputOutcome<Value>(input: path, output: output.path, status: .written, bytesBefore: file.byteCount)
        do throws(RivEditError) {
            switch try edit(file, &editor) {
            case .unchanged(let reason, let value, let warnings):
                var unchanged = try self.unchanged(file, path: path, to: output, reason: reason, detail: value)
                unchanged.warnings = warnings
                return unchanged
            case .refuse(let reason, let value):
                outcome.status = .failed
                outcome.reason = reason
                outcome.detail = value
            case .write(let value, let warnings):
                outcome.detail = value
                outcome.warnings = warnings
                outcome.bytesAfter = editor.outputByteCount
                try write(editor, to: output)
            }
            return outcome
        } catch {
            var failed = InputOutcome<Value>(InputFailure(path: path, error), detail: outcome.detail)
            failed.bytesBefore = file.byteCount
            failed.warnings = outcome.warnings
            return failed
        }
    }

    /// The outcome of an input nothing applied to, after copying it to `output`
    /// (unless in place, or a dry run, or `output` already holds its bytes).
    func unchanged<Value>(_ file: RivFile, path: String, to output: URL, reason: String, detail: Value?) throws(RivEditError) -> InputOutcome<Value> {
        if !inPlace { try write(RivEditor(file), to: output) }
        return InputOutcome(input: path, output: output.path, status: .unchanged, reason: reason,
                            bytesBefore: file.byteCount, bytesAfter: file.byteCount, detail: detail)
    }

    /// What ``checkDestination(_:for:)`` found at an output, for the write that follows.
    struct CheckedDestination {
        /// The output.
        let url: URL
        /// Whether it already holds exactly the bytes to write (an earlier run's):
        /// the write then leaves it as it is without reading it again.
        let holdsTheBytes: Bool
    }

    /// Throws what writing `editor`'s file to `output` would throw before anything
    /// is written: an output that is no regular file, or one that exists, holds
    /// other bytes and is not to be overwritten. An output is read at most once
    /// per write: what this found is handed to the `write` that takes it.
    func checkDestination(_ output: URL, for editor: RivEditor) throws(RivEditError) -> CheckedDestination {
        if !overwrite, editor.isWritten(at: output) { return CheckedDestination(url: output, holdsTheBytes: true) }
        try checkDestination(output)
        return CheckedDestination(url: output, holdsTheBytes: false)
    }

    /// Throws what writing to `output` would throw, for a caller that does not
    /// hold the bytes to compare yet: an output that is no regular file, or one
    /// that exists and is not to be overwritten.
    func checkDestination(_ output: URL) throws(RivEditError) {
        try RivEditor.checkDestination(output, overwrite: overwrite)
    }

    /// Checks `output`, then writes `editor`'s file there unless this is a dry
    /// run or `output` already holds exactly those bytes.
    func write(_ editor: RivEditor, to output: URL) throws(RivEditError) {
        try write(editor, to: checkDestination(output, for: editor))
    }

    /// Writes `editor`'s file to an output checked before (the edits in between
    /// wrote other files), unless this is a dry run or it held those bytes then.
    /// The writer checks what is there again by its kind alone (a stat), never re-reading it.
    func write(_ editor: RivEditor, to checked: CheckedDestination) throws(RivEditError) {
        guard !checked.holdsTheBytes, !dryRun else { return }
        try Self.createFolder(of: checked.url)
        try editor.write(to: checked.url, overwrite: overwrite)
    }

    /// Creates the folder `output` goes into, when the first output into it is
    /// written: a request whose inputs all fail (or that fails as a whole) leaves
    /// no folder behind.
    static func createFolder(of output: URL) throws(RivEditError) {
        do {
            try OutputFolder.create(output.deletingLastPathComponent())
        } catch {
            throw .writeFailed(path: output.path, reason: "cannot create its folder \(error.path): \(error.reason)")
        }
    }
}
