import Foundation
import RivFormat
import RivSupport

/// The one rule for every file a command writes: it is none of the command's
/// inputs (compared by device and inode, so another path to an input counts), and
/// it is not a folder, device, pipe or socket (the safe writer's own refusal).
/// The file itself goes through ``AtomicFile``, which keeps an existing file's
/// permissions.
struct OutputRule: Sendable {
    /// The inputs that exist, by identity.
    private let inputs: [FileKey: String]

    /// The rule for a command reading `inputs`; identities are taken once, here.
    init(inputs: [String]) {
        var identities: [FileKey: String] = [:]
        for path in inputs where path != InputEngine.standardInputName {
            if let identity = POSIX.fileKey(atPath: path), identities[identity] == nil { identities[identity] = path }
        }
        self.inputs = identities
    }

    /// The input `output` names (following links), nil when it names none.
    func input(namedBy output: URL) -> String? {
        POSIX.fileKey(atPath: output.path).flatMap { inputs[$0] }
    }

    /// Throws what writing `output` would break: an input it names, a destination
    /// that is not a regular file or a link, or, without `replacing`, any existing one.
    func check(_ output: URL, replacing: Bool) throws(RivEditError) {
        if let input = input(namedBy: output) {
            throw .writeFailed(path: output.path, reason: "it is the input \(input) itself; an output never replaces an input")
        }
        try RivEditor.checkDestination(output, overwrite: replacing)
    }

    /// Writes `bytes` to `output` once ``check(_:replacing:)`` allows it, through the
    /// atomic writer (a temporary file renamed over the destination).
    func write(_ bytes: [UInt8], to output: URL, replacing: Bool) throws(RivEditError) {
        try check(output, replacing: replacing)
        do throws(FileWriteError) {
            try AtomicFile.write(Data(bytes), to: output, replacing: replacing)
        } catch {
            throw RivEditError(error)
        }
    }
}
