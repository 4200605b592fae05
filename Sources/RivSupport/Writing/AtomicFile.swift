import Foundation

/// Writes whole files the way every rewrite of this package is written: to a
/// temporary file beside the destination, flushed, then renamed (or, without
/// replacing, linked) into place, so no reader ever sees half a file.
package enum AtomicFile {
    /// Whether `path` names a regular file (not a link) that holds exactly `bytes`:
    /// the check the writer makes before leaving an unchanged output alone, for a
    /// caller deciding whether a file it would write is already there.
    package static func fileHolds(_ bytes: UnsafeRawBufferPointer, at path: String) -> Bool {
        AtomicFileWriter.file(at: path, holds: bytes)
    }

    /// Writes `data` to `url`.
    ///
    /// - Parameters:
    ///   - data: The whole contents.
    ///   - url: Where the file goes.
    ///   - replacing: Replace what `url` names (the default); without it an existing
    ///     destination fails with ``FileWriteError/destinationExists(path:)``.
    ///   - flushing: Flush the file and its folder to disk before and after the
    ///     rename (the default). Without it the write is as atomic for readers but
    ///     a power loss may leave the file empty or missing: for files whose readers
    ///     check what they read, such as a cache whose entries carry their hash.
    package static func write(_ data: Data, to url: URL, replacing: Bool = true, flushing: Bool = true) throws(FileWriteError) {
        let result = data.withUnsafeBytes { bytes in
            Result { () throws(FileWriteError) in try AtomicFileWriter.write(bytes, to: url.path, replacing: replacing, flushing: flushing) }
        }
        try result.get()
    }
}
