import Foundation

/// Writes whole files the way every rewrite of this package is written: to a
/// temporary file beside the destination, flushed, then renamed (or, without
/// replacing, linked) into place, so no reader ever sees half a file.
public enum AtomicFile {
    /// Whether `path` names a regular file (not a link) that holds exactly `bytes`:
    /// the check the writer makes before leaving an unchanged output alone, for a
    /// caller deciding whether a file it would write is already there.
    public static func fileHolds(_ bytes: UnsafeRawBufferPointer, at path: String) -> Bool {
        AtomicFileWriter.file(at: path, holds: bytes)
    }

    /// Writes `data` to `url`.
    ///
    /// - Parameters:
    ///   - data: The whole contents.
    ///   - url: Where the file goes.
    ///   - replacing: Replace what `url` names (the default); without it an existing
    ///     destination fails with ``RivEditError/destinationExists(path:)``.
    ///   - flushing: Flush the file and its folder to disk before and after the
    ///     rename (the default). Without it the write is as atomic for readers but
    ///     a power loss may leave the file empty or missing: for files whose readers
    ///     check what they read, such as a cache whose entries carry their hash.
    public static func write(_ data: Data, to url: URL, replacing: Bool = true, flushing: Bool = true) throws(RivEditError) {
        try AtomicFileWriter.write([.inserted(data)], to: url.path, replacing: replacing, flushing: flushing)
    }
}

extension AtomicFile {
    /// Copies the file at `source` to `destination` the same way, streaming it in
    /// chunks (never all in memory).
    ///
    /// - Parameters:
    ///   - source: The file to copy.
    ///   - destination: Where the copy goes.
    ///   - replacing: Replace what `destination` names (the default); without it an
    ///     existing destination fails with ``RivEditError/destinationExists(path:)``.
    public static func copy(from source: URL, to destination: URL, replacing: Bool = true) throws(RivEditError) {
        let storage: ByteStorage
        do {
            storage = try ByteStorage.open(path: source.path)
        } catch {
            throw .unreadableReplacement(path: source.path, reason: error.message)
        }
        try AtomicFileWriter.write([.stored(storage, 0..<storage.count)], to: destination.path, replacing: replacing)
    }
}
