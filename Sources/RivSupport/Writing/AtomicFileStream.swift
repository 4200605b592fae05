import Foundation

/// A file being written piece by piece through ``AtomicFile/stream(to:replacing:_:)``:
/// what is handed to it is buffered and written out a megabyte at a time, so a
/// page of any size is made in memory the size of its buffer.
package final class AtomicFileStream {
    private static let bufferCapacity = 1 << 20

    private let descriptor: Int32
    private let path: String
    private var buffer: [UInt8] = []
    /// How many bytes have been handed over so far.
    package private(set) var byteCount = 0

    init(descriptor: Int32, path: String) {
        self.descriptor = descriptor
        self.path = path
        buffer.reserveCapacity(Self.bufferCapacity)
    }

    /// Appends the UTF-8 bytes of `text`.
    package func write(_ text: String) throws(FileWriteError) {
        var text = text
        let result = text.withUTF8 { bytes in Result { () throws(FileWriteError) in try write(UnsafeRawBufferPointer(bytes)) } }
        try result.get()
    }

    /// Appends `bytes`.
    package func write(_ bytes: UnsafeRawBufferPointer) throws(FileWriteError) {
        byteCount += bytes.count
        if buffer.count + bytes.count > Self.bufferCapacity { try flush() }
        if bytes.count >= Self.bufferCapacity {
            try writeOut(bytes)
        } else {
            buffer.append(contentsOf: bytes)
        }
    }

    /// Writes out what is buffered.
    func flush() throws(FileWriteError) {
        let result = buffer.withUnsafeBytes { bytes in Result { () throws(FileWriteError) in try writeOut(bytes) } }
        buffer.removeAll(keepingCapacity: true)
        try result.get()
    }

    private func writeOut(_ bytes: UnsafeRawBufferPointer) throws(FileWriteError) {
        do throws(POSIX.Failure) {
            try POSIX.writeAll(bytes, to: descriptor)
        } catch {
            throw .writeFailed(path: path, reason: error.message)
        }
    }
}

extension AtomicFile {
    /// Writes the file at `url` as `body` produces it, the way ``write(_:to:replacing:flushing:)``
    /// writes a whole one: into a temporary file beside it, flushed, then renamed
    /// (or, without replacing, linked) into place; when `body` throws, nothing is
    /// placed and the temporary file is removed. A regular file at `url` that
    /// already holds exactly the bytes written is left as it is (same inode, same
    /// modification time).
    ///
    /// - Parameters:
    ///   - url: Where the file goes.
    ///   - replacing: Replace what `url` names (the default); without it an existing
    ///     destination fails with ``FileWriteError/destinationExists(path:)`` before
    ///     `body` runs.
    ///   - body: Writes the contents, in order, to the stream it is given.
    /// - Returns: The number of bytes written.
    @discardableResult
    package static func stream(to url: URL, replacing: Bool = true,
                              _ body: (AtomicFileStream) throws(FileWriteError) -> Void) throws(FileWriteError) -> Int {
        var count = 0
        try AtomicFileWriter.write(to: url.path, replacing: replacing, leavingIdenticalFile: true) { descriptor throws(FileWriteError) in
            let stream = AtomicFileStream(descriptor: descriptor, path: url.path)
            try body(stream)
            try stream.flush()
            count = stream.byteCount
        }
        return count
    }
}
