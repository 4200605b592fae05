import RivSupport

extension RivEditError {
    /// The edit error for a failure of the package's writer: the case of the same name.
    package init(_ failure: FileWriteError) {
        switch failure {
        case .writeFailed(let path, let reason): self = .writeFailed(path: path, reason: reason)
        case .destinationExists(let path): self = .destinationExists(path: path)
        case .sourceChanged(let path): self = .sourceChanged(path: path)
        }
    }
}
