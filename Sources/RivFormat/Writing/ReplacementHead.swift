import RivSupport

/// The first bytes of a file that is to become an asset's contents: the one
/// check every replacement gets before anything is written (`replace`, `place`,
/// an assets folder of `replace --watch`, `embed` and the registry).
package enum ReplacementHead {
    /// How many bytes are read: enough for every format ``ContentFormat`` sniffs.
    package static let byteCount = 16

    /// The first ``byteCount`` bytes of the file at `path` (fewer when it is
    /// shorter), read without blocking on a FIFO or device. Refused, with the
    /// reason as a sentence, when it is missing, unreadable, a folder, not a
    /// regular file, or empty.
    package static func read(_ path: String) throws(RivEditError) -> [UInt8] {
        switch POSIX.head(ofFileAt: path, count: byteCount) {
        case .success(let bytes):
            guard !bytes.isEmpty else { throw .unreadableReplacement(path: path, reason: "it is empty") }
            return bytes
        case .failure(let problem):
            throw .unreadableReplacement(path: path, reason: problem.description)
        }
    }
}
