import Foundation
import RivAssetsKit
import RivFormat

/// Where the tool's output goes: standard output and standard error when run as a
/// program, buffers when tests run a command in-process.
package final class Console: @unchecked Sendable {
    private let writeOutput: @Sendable (String) -> Void
    private let writeError: @Sendable (String) -> Void
    /// Whether the error stream is a terminal, where a progress line is welcome.
    let errorIsTerminal: Bool

    init(output: @escaping @Sendable (String) -> Void, error: @escaping @Sendable (String) -> Void, errorIsTerminal: Bool = false) {
        writeOutput = output
        writeError = error
        self.errorIsTerminal = errorIsTerminal
    }

    /// The process's standard output and standard error.
    package static let standard = Console(output: { Platform.writeAll(Array($0.utf8), to: Platform.standardOutput) },
                                  error: { Platform.writeAll(Array($0.utf8), to: Platform.standardError) },
                                  errorIsTerminal: Platform.isTerminal(Platform.standardError))

    /// Writes `text` as it is to the error stream (a progress line redrawn with `\r`).
    func writeError(_ text: String) {
        writeError(text)
    }

    /// Writes `text` and a newline to the output, naming options where the
    /// library's messages name request fields (``FieldFlags``), as for every text below.
    func print(_ text: String) {
        writeOutput(FieldFlags.spelled(text) + "\n")
    }

    /// Writes `text` as it is to the output.
    func write(_ text: String) {
        writeOutput(FieldFlags.spelled(text))
    }

    /// Writes `text` and a newline to the error stream.
    package func error(_ text: String) {
        writeError(FieldFlags.spelled(text) + "\n")
    }

    /// Writes `value` as JSON in the results' style (`ResultJSON`) to the output.
    func printJSON<Value: Encodable>(_ value: Value) {
        guard let data = try? ResultJSON.data(value) else {
            error("riv-assets: could not encode the output as JSON")
            return
        }
        print(String(decoding: data, as: UTF8.self))
    }

    /// A note on standard error: `riv-assets: note: <text>` (`text` already escaped).
    func note(_ text: String) {
        error("riv-assets: note: " + text)
    }

    /// The one line that says a file failed: `riv-assets: <path>: <message>`,
    /// both shown through ``RivAssetsKit/TerminalText/escaped(_:)``.
    func failure(path: String, message: String) {
        error("riv-assets: \(TerminalText.escaped(path)): \(TerminalText.escaped(message))")
    }
}
