import Foundation
import RivFormat
import RivSupport

/// The body of one download of ``URLSessionTransport``, handed back as a stream
/// (``HostedAssetResponse/Body/stream(_:)``): the receiving thread writes each
/// piece to a spool file in the request's download folder (private, listed with
/// the process's temporary files) as it arrives, and the reader reads it back
/// from there. The receiving thread (FoundationNetworking's one work queue,
/// which every session of the process needs) never waits for the reader, a task
/// of the pool that runs Swift tasks, nor does the reader wait for it. So memory stays
/// flat whatever the size or the speed of either side. When the reader stops
/// (cancelled, or the stream dropped), the transfer is stopped and the file
/// removed; it is removed when the reader reaches the end too.
final class SpooledBody: @unchecked Sendable {
    private struct State {
        var descriptor: Int32
        var written = 0
        var read = 0
        /// Set once the body is whole (nil) or cut off (the error).
        var end: (any Error)??
        var isStopped = false
        var waiting: CheckedContinuation<Void, Never>?
    }

    /// The most bytes handed to the reader at once: 512 KiB.
    static let pieceSize = 512 << 10

    private let path: String
    private let stopTransfer: @Sendable () -> Void
    // Every use of the descriptor is under this lock (a read or write of at most a piece).
    private let state: Protected<State>

    /// A new spool file in `folder`; `stopTransfer` runs once if the reader stops before the end.
    init(in folder: URL, stopTransfer: @escaping @Sendable () -> Void) throws {
        let file: (descriptor: Int32, path: String)
        do throws(FileWriteError) {
            file = try TemporaryFiles.shared.createFile(beside: folder.appendingPathComponent("download").path)
        } catch {
            throw HostedAssetCacheError.unwritable(path: folder.path, reason: error.description)
        }
        path = file.path
        self.stopTransfer = stopTransfer
        state = Protected(State(descriptor: file.descriptor))
    }

    /// The stream to hand the reader (made once per body); once every copy of it is gone, the body stops.
    func makeStream() -> AsyncThrowingStream<Data, any Error> {
        let holder = ReaderHold(self)
        return AsyncThrowingStream(unfolding: { try await holder.body.next() })
    }

    // MARK: The receiving side

    /// Writes `bytes` to the spool; false when the reader stopped, or the file cannot be written (the body then ends with that).
    func append(_ bytes: Data) -> Bool {
        let (accepted, waiting) = state.withLock { state -> (Bool, CheckedContinuation<Void, Never>?) in
            guard !state.isStopped, state.end == nil else { return (false, nil) }
            let descriptor = state.descriptor
            let failure = bytes.withUnsafeBytes { buffer -> POSIX.Failure? in
                do throws(POSIX.Failure) {
                    try POSIX.writeAll(buffer, to: descriptor)
                    return nil
                } catch {
                    return error
                }
            }
            if let failure {
                state.end = .some(HostedAssetCacheError.unwritable(path: path, reason: "\(failure)"))
            } else {
                state.written += bytes.count
            }
            defer { state.waiting = nil }
            return (failure == nil, state.waiting)
        }
        waiting?.resume()
        return accepted
    }

    /// Ends the body: whole, or cut off by `error`.
    func finish(throwing error: (any Error)? = nil) {
        let waiting = state.withLock { state -> CheckedContinuation<Void, Never>? in
            if state.end == nil { state.end = .some(error) }
            defer { state.waiting = nil }
            return state.waiting
        }
        waiting?.resume()
    }

    // MARK: The reading side

    private enum Step {
        case piece(Data), ended((any Error)?), wait
    }

    /// The next piece, nil at the end; throws what cut the body off, or `CancellationError` (which stops it).
    private func next() async throws -> Data? {
        while true {
            if Task.isCancelled {
                stop()
                throw CancellationError()
            }
            switch try take() {
            case .piece(let data):
                return data
            case .ended(let error):
                stop()
                if let error { throw error }
                return nil
            case .wait:
                await withTaskCancellationHandler {
                    await withCheckedContinuation { continuation in
                        let now = state.withLock { state -> Bool in
                            guard state.read == state.written, state.end == nil, !state.isStopped, !Task.isCancelled else { return true }
                            state.waiting = continuation
                            return false
                        }
                        if now { continuation.resume() }
                    }
                } onCancel: {
                    state.withLock { state in
                        defer { state.waiting = nil }
                        return state.waiting
                    }?.resume()
                }
            }
        }
    }

    /// What the reader can have now.
    private func take() throws -> Step {
        try state.withLock { state throws -> Step in
            if state.isStopped { throw CancellationError() }
            if state.read < state.written {
                var piece = Data(count: min(Self.pieceSize, state.written - state.read))
                let descriptor = state.descriptor, offset = state.read
                let wanted = piece.count
                let count = piece.withUnsafeMutableBytes { buffer -> Int in
                    var done = 0
                    while done < wanted {
                        let got = (try? POSIX.read(from: descriptor, into: UnsafeMutableRawBufferPointer(rebasing: buffer[done...]),
                                                   at: offset + done)) ?? 0
                        guard got > 0 else { break }
                        done += got
                    }
                    return done
                }
                guard count == wanted else {
                    throw HostedAssetCacheError.unwritable(path: path, reason: "the spooled body cannot be read back")
                }
                state.read += count
                return .piece(piece)
            }
            if let end = state.end { return .ended(end) }
            return .wait
        }
    }

    /// Stops the body (once): the transfer unless it ended, then the file.
    func stop() {
        let wasRunning = state.withLock { state -> Bool in
            guard !state.isStopped else { return false }
            state.isStopped = true
            close(state.descriptor)
            return true
        }
        guard wasRunning else { return }
        if state.withLock({ $0.end == nil }) { stopTransfer() }
        unlink(path)
        TemporaryFiles.shared.forget(path)
    }
}

/// What the reader's stream holds: when the stream goes, so does this, and the body stops.
private final class ReaderHold: Sendable {
    let body: SpooledBody

    init(_ body: SpooledBody) {
        self.body = body
    }

    deinit { body.stop() }
}
