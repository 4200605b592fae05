import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Writes to standard output and standard error; a closed pipe (`| head`) is not an error.
enum Output {
    /// Writes `text` and a newline to standard output.
    static func print(_ text: String) {
        write(text + "\n", to: STDOUT_FILENO)
    }

    /// Writes `text` and a newline to standard error.
    static func error(_ text: String) {
        write(text + "\n", to: STDERR_FILENO)
    }

    /// Writes `value` as pretty-printed JSON with sorted keys to standard output.
    static func printJSON<Value: Encodable>(_ value: Value) {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        guard let data = try? encoder.encode(value) else {
            error("riv-assets: could not encode the output as JSON")
            return
        }
        print(String(decoding: data, as: UTF8.self))
    }

    /// The one-line report of a file that failed: `riv-assets: <path>: <message>`.
    static func failure(path: String, message: String) {
        error("riv-assets: \(path): \(message)")
    }

    private static func write(_ text: String, to descriptor: Int32) {
        let bytes = Array(text.utf8)
        bytes.withUnsafeBytes { buffer in
            var written = 0
            while written < buffer.count {
                let count = Glibc.write(descriptor, buffer.baseAddress! + written, buffer.count - written)
                if count < 0 && errno == EINTR { continue }
                guard count > 0 else { return }
                written += count
            }
        }
    }
}
