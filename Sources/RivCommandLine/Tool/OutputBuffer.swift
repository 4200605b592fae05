/// Collects output and hands it to the console in pieces of about 64 KiB, so a
/// listing of a million lines costs a few hundred writes, not a million.
struct OutputBuffer {
    private let console: Console
    private var pending = ""
    private static let flushSize = 1 << 16

    init(_ console: Console) {
        self.console = console
    }

    /// Adds `text` as it is.
    mutating func append(_ text: String) {
        pending += text
        if pending.utf8.count >= Self.flushSize { flush() }
    }

    /// Adds `text` and a newline.
    mutating func appendLine(_ text: String) {
        append(text + "\n")
    }

    /// Writes what is pending.
    mutating func flush() {
        guard !pending.isEmpty else { return }
        console.write(pending)
        pending = ""
    }
}
