/// Why the package's writer (``AtomicFile``, ``AtomicFileWriter``,
/// ``TemporaryFiles``) wrote nothing: the destination and any file it copies from
/// are as they were. RivFormat reports these as the `RivEditError` cases of the
/// same names.
package enum FileWriteError: Error, Sendable, Equatable, CustomStringConvertible {
    /// Writing the file failed; what was at the destination is unchanged.
    case writeFailed(path: String, reason: String)
    /// The destination exists and the write was asked not to replace it.
    case destinationExists(path: String)
    /// The file being copied from was modified in place after it was read, so the
    /// bytes read then no longer describe it.
    case sourceChanged(path: String)

    /// One sentence saying what went wrong and how to proceed.
    package var description: String {
        switch self {
        case .writeFailed(let path, let reason): "\(path): could not write: \(reason); nothing was changed"
        case .destinationExists(let path): "\(path): already exists; nothing was changed"
        case .sourceChanged(let path): "\(path): the file was modified after it was read; read it again (nothing was written)"
        }
    }
}
