import Foundation
import RivSupport

extension AtomicFile {
    /// Copies the file at `source` to `destination` the way every file is written,
    /// streaming it through a ``ByteStorage`` in chunks (never all in memory), and
    /// refusing a source modified while it is copied.
    ///
    /// - Parameters:
    ///   - source: The file to copy.
    ///   - destination: Where the copy goes.
    ///   - replacing: Replace what `destination` names (the default); without it an
    ///     existing destination fails with ``RivEditError/destinationExists(path:)``.
    package static func copy(from source: URL, to destination: URL, replacing: Bool = true) throws(RivEditError) {
        let storage: ByteStorage
        do {
            storage = try ByteStorage.open(path: source.path)
        } catch {
            throw .unreadableReplacement(path: source.path, reason: error.message)
        }
        try AtomicFileWriter.write([.stored(storage, 0..<storage.count)], to: destination.path, replacing: replacing)
    }
}
