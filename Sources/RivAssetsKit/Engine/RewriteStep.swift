import Foundation
import RivFormat

/// The per-input step every rewriting operation (`replace`, `replace --watch`,
/// `embed`, `strip`, `host`, `prune`, `swap`, `place`) runs with its own edit:
/// read the input, let the edit change an editor of it, then check the
/// destination and write it (temporary file, then rename; nothing in a dry run),
/// mapping every refusal to the input's ``InputFailure`` the same way.
struct RewriteStep: Sendable {
    /// Whether an output that exists is replaced: always in place, else when the request overwrites.
    let overwrite: Bool
    /// Whether nothing is written.
    let dryRun: Bool

    init(destination: OutputDestination, overwrite: Bool, dryRun: Bool) {
        self.overwrite = destination == .inPlace || overwrite
        self.dryRun = dryRun
    }

    /// What an edit decided for its input.
    enum Decision<Value> {
        /// Write the edited file; `value` is what the operation reports of it.
        case write(Value)
        /// Nothing to write, and why.
        case skip(String)
    }

    /// What became of one input.
    enum Outcome<Value: Sendable>: Sendable {
        case written(Value)
        case skipped(SkippedInput)
        case failed(InputFailure)
    }

    /// Checks the inputs, resolves their outputs (a usage error when they
    /// cannot be), then runs `edit` on every input in parallel through one
    /// step; the outcomes come back in input order. `edit` is given the input's
    /// path and output besides the file and its editor.
    static func map<Value: Sendable>(_ inputs: [String], destination: OutputDestination, overwrite: Bool, dryRun: Bool, parallelism: Parallelism,
                                     _ edit: @escaping @Sendable (_ path: String, _ output: URL, RivFile, inout RivEditor) throws(RivEditError) -> Decision<Value>)
        throws(RequestError) -> [Outcome<Value>] {
        try InputEngine.requireInputs(inputs)
        let outputs = try OutputPaths.resolve(inputs: inputs, destination: destination, creatingFolder: !dryRun)
        let step = RewriteStep(destination: destination, overwrite: overwrite, dryRun: dryRun)
        return InputEngine.map(inputs, width: parallelism.width(automatic: ParallelWork.coreCount)) { index, path in
            step.run(path, to: outputs[index]) { file, editor throws(RivEditError) in try edit(path, outputs[index], file, &editor) }
        }
    }

    /// The outcomes of every input, sorted into what was written, skipped and
    /// failed, each in input order: the three lists every rewriting report holds.
    static func sorted<Value: Sendable>(_ outcomes: [Outcome<Value>]) -> (written: [Value], skipped: [SkippedInput], failed: [InputFailure]) {
        var sorted: (written: [Value], skipped: [SkippedInput], failed: [InputFailure]) = ([], [], [])
        for outcome in outcomes {
            switch outcome {
            case .written(let value): sorted.written.append(value)
            case .skipped(let skipped): sorted.skipped.append(skipped)
            case .failed(let failure): sorted.failed.append(failure)
            }
        }
        return sorted
    }

    /// Reads `path`, runs `edit` on an editor of it, and writes the result to
    /// `output` when the edit asks for it.
    func run<Value: Sendable>(_ path: String, to output: URL,
                    _ edit: (RivFile, inout RivEditor) throws(RivEditError) -> Decision<Value>) -> Outcome<Value> {
        switch InputEngine.read(path) {
        case .failure(let error): return .failed(InputFailure(path: path, message: error.message))
        case .success(let file): return run(file, path: path, to: output, edit)
        }
    }

    /// Runs `edit` on an editor of `file` (read from `path`), and writes the
    /// result to `output` when the edit asks for it.
    func run<Value: Sendable>(_ file: RivFile, path: String, to output: URL,
                    _ edit: (RivFile, inout RivEditor) throws(RivEditError) -> Decision<Value>) -> Outcome<Value> {
        var editor = RivEditor(file)
        do throws(RivEditError) {
            switch try edit(file, &editor) {
            case .skip(let reason): return .skipped(SkippedInput(path: path, reason: reason))
            case .write(let value):
                try write(editor, to: output)
                return .written(value)
            }
        } catch {
            return .failed(InputFailure(path: path, error))
        }
    }

    /// Throws what writing to `output` would throw before anything is written:
    /// an output that exists without ``overwrite``, one that is no regular file.
    func checkDestination(_ output: URL) throws(RivEditError) {
        try RivEditor.checkDestination(output, overwrite: overwrite)
    }

    /// Checks `output`, then writes `editor`'s file there unless this is a dry run.
    func write(_ editor: RivEditor, to output: URL) throws(RivEditError) {
        try checkDestination(output)
        if !dryRun { try editor.write(to: output, overwrite: overwrite) }
    }
}
