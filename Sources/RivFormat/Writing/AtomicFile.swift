import Foundation

/// Writes whole files the way every rewrite of this package is written: to a
/// temporary file beside the destination, flushed, then renamed (or, without
/// replacing, linked) into place, so no reader ever sees half a file.
public enum AtomicFile {
    /// Writes `data` to `url`.
    ///
    /// - Parameter replacing: Replace what `url` names (the default); without it an
    ///   existing destination fails with ``RivEditError/destinationExists(path:)``.
    public static func write(_ data: Data, to url: URL, replacing: Bool = true) throws(RivEditError) {
        try AtomicFileWriter.write([.inserted(data)], to: url.path, replacing: replacing)
    }
}
