import Foundation
import RivSupport

/// Rewrites and extractions go through the package's one writer (`AtomicFileWriter`
/// in RivSupport) with the bytes as RivFormat holds them: ranges of a file's
/// ``ByteStorage``, streamed in chunks, and bytes in memory.
extension AtomicFileWriter {
    /// Writes `pieces` one after another, streaming stored ranges in chunks.
    /// Refuses, before creating anything, a stored range whose file changed on disk since it was read.
    /// Without `replacing`, the new file is linked to `path` instead of renamed over
    /// it, which fails when anything is there: the existence check and the write are
    /// one step.
    /// A regular file at `path` that already holds exactly these bytes is left as it
    /// is (same inode, same modification time), so a build system sees no change.
    static func write(_ pieces: [SpliceList.Piece], to path: String, replacing: Bool = true) throws(RivEditError) {
        do throws(FileWriteError) {
            try writeStreaming(pieces, to: path, replacing: replacing)
        } catch {
            throw RivEditError(error)
        }
    }

    private static func writeStreaming(_ pieces: [SpliceList.Piece], to path: String, replacing: Bool) throws(FileWriteError) {
        for case .stored(let storage, _) in pieces where storage.sourceChanged {
            throw .sourceChanged(path: storage.path ?? path)
        }
        if replacing, file(at: path, holds: pieces) { return }
        try write(to: path, replacing: replacing) { descriptor throws(FileWriteError) in
            for piece in pieces {
                switch piece {
                case .stored(let storage, let range):
                    try storage.forEachChunk(in: range) { (chunk: UnsafeRawBufferPointer) throws(FileWriteError) in
                        try writeAll(chunk, to: descriptor, path: path)
                    }
                    // A source cut short or rewritten while it was copied: nothing is renamed into place.
                    if storage.sourceChanged { throw .sourceChanged(path: storage.path ?? path) }
                case .inserted, .insertedArray:
                    let result = piece.withInsertedBytes { buffer in
                        Result { () throws(FileWriteError) in
                            try PageStreaming.forEachChunk(of: buffer, droppingPages: false) { (chunk: UnsafeRawBufferPointer) throws(FileWriteError) in
                                try writeAll(chunk, to: descriptor, path: path)
                            }
                        }
                    }
                    try result?.get()
                }
            }
        }
    }

    /// Whether `path` names a regular file (not a link) holding exactly `pieces`,
    /// compared a chunk at a time. Opened without blocking: a FIFO or device never is.
    static func file(at path: String, holds pieces: [SpliceList.Piece]) -> Bool {
        file(at: path, count: pieces.reduce(0, { $0 + $1.count })) { matches in
            struct Differs: Error {}
            for piece in pieces {
                switch piece {
                case .stored(let storage, let range):
                    do throws(Differs) {
                        try storage.forEachChunk(in: range) { (chunk: UnsafeRawBufferPointer) throws(Differs) in
                            guard matches(chunk) else { throw Differs() }
                        }
                    } catch {
                        return false
                    }
                    if storage.sourceChanged { return false }
                case .inserted, .insertedArray:
                    guard piece.withInsertedBytes({ matches($0) }) == true else { return false }
                }
            }
            return true
        }
    }
}
