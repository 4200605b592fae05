import Foundation
import RivFormat
import RivSupport

/// The most bytes one asset's body may have, held to whatever body a transport
/// hands back: an unencoded answer that declares more fails before its body is
/// read; a streamed body is read into a new private file in the download folder
/// and stopped as soon as it passes the limit; a body in memory or in a file is
/// measured as it is. Each fails as ``HostedAssetError/Cause/tooLarge(limit:)``,
/// and nothing over the limit is kept.
struct ByteBudget: Sendable {
    /// The limit, nil for none.
    let limit: Int?

    /// How many bytes of a streamed body are gathered before they are written: 512 KiB.
    static let writeSize = 512 << 10

    /// The body of the 2xx `response`, whole and within the budget; a streamed one is read into `file`.
    func receive(_ response: HostedAssetResponse, into file: DownloadFile) async throws -> ReceivedResponse {
        if let limit, Self.isUnencoded(response), let length = response.header("Content-Length"),
           let declared = Self.declaredLength(length.trimmingCharacters(in: .whitespaces)), declared > limit {
            await Self.discard(response.body)
            throw AttemptFailure(cause: .tooLarge(limit: limit))
        }
        let body: ReceivedBody
        switch response.body {
        case .data(let data):
            body = .data(data)
        case .file(let url):
            body = .file(url)
        case .stream(let pieces):
            body = try await read(pieces, into: file)
        }
        if let limit, body.byteCount > limit {
            body.remove()
            throw AttemptFailure(cause: .tooLarge(limit: limit))
        }
        return ReceivedResponse(body: body, response: response)
    }

    /// Reads `pieces` into `download`, stopping (which ends the stream for its
    /// transport) as soon as they pass the limit or the task is cancelled; the
    /// file is removed on every failure.
    private func read(_ pieces: AsyncThrowingStream<Data, any Error>, into download: DownloadFile) async throws -> ReceivedBody {
        let file: (descriptor: Int32, path: String)
        do {
            file = try download.create()
        } catch {
            await Self.stop(pieces)
            throw error
        }
        do {
            var received = 0
            var unwritten = Data()
            for try await piece in pieces {
                received += piece.count
                if let limit, received > limit { throw AttemptFailure(cause: .tooLarge(limit: limit)) }
                if unwritten.isEmpty, piece.count >= Self.writeSize {
                    try Self.write(piece, to: file)
                    continue
                }
                unwritten.append(piece)
                if unwritten.count >= Self.writeSize {
                    try Self.write(unwritten, to: file)
                    unwritten.removeAll(keepingCapacity: true)
                }
            }
            // A cancelled reader sees the stream end early: that is no whole body.
            try Task.checkCancellation()
            try Self.write(unwritten, to: file)
            close(file.descriptor)
            return .file(URL(fileURLWithPath: file.path))
        } catch {
            close(file.descriptor)
            ReceivedBody.file(URL(fileURLWithPath: file.path)).remove()
            await Self.stop(pieces)
            throw error
        }
    }

    /// Writes every byte of `bytes` to `file`.
    private static func write(_ bytes: Data, to file: (descriptor: Int32, path: String)) throws(AttemptFailure) {
        let failure = bytes.withUnsafeBytes { buffer -> POSIX.Failure? in
            do throws(POSIX.Failure) {
                try POSIX.writeAll(buffer, to: file.descriptor)
                return nil
            } catch {
                return error
            }
        }
        if let failure {
            throw AttemptFailure(cause: .cache(HostedAssetCacheError.unwritable(path: file.path, reason: "\(failure)").description))
        }
    }

    /// Lets go of a body the fetcher does not read: a file is removed, a stream
    /// stopped, so that its transport stops the transfer.
    static func discard(_ body: HostedAssetResponse.Body) async {
        switch body {
        case .data: break
        case .file(let url): ReceivedBody.file(url).remove()
        case .stream(let pieces): await stop(pieces)
        }
    }

    /// Ends `pieces` from the reading side, as cancelled (its `onTermination`
    /// runs): a cancelled task asks it for a piece. (Dropping a reader is not
    /// enough: the stream ends only once every copy of it has gone.)
    private static func stop(_ pieces: AsyncThrowingStream<Data, any Error>) async {
        await withTaskGroup(of: Void.self) { group in
            group.cancelAll()
            group.addTask {
                var reader = pieces.makeAsyncIterator()
                _ = try? await reader.next()
            }
        }
    }

    /// The number a `Content-Length` value (trimmed) gives: digits only, at most 18 of them.
    static func declaredLength(_ value: String) -> Int? {
        guard !value.isEmpty, value.count <= 18, value.allSatisfy({ $0.isASCII && $0.isNumber }) else { return nil }
        return Int(value)
    }

    /// Whether `response` came without a content coding, so that its declared length is the body's.
    static func isUnencoded(_ response: HostedAssetResponse) -> Bool {
        let encoding = response.header("Content-Encoding")?.trimmingCharacters(in: .whitespaces).lowercased() ?? "identity"
        return encoding == "identity" || encoding.isEmpty
    }
}

/// The file one attempt reads a streamed body into: a new private file in the
/// download folder, shared by the attempt, which makes and writes it, and the
/// fetcher, which removes it at once when it gives up on the attempt at the
/// deadline (the attempt may still hold it open; it is not waited for).
final class DownloadFile: Sendable {
    private let folder: URL
    private let state = Protected<(path: String?, isAbandoned: Bool)>((nil, false))

    /// A file yet to be made in `folder`.
    init(in folder: URL) {
        self.folder = folder
    }

    /// Makes the file; throws `CancellationError` once it was abandoned.
    func create() throws -> (descriptor: Int32, path: String) {
        let file: (descriptor: Int32, path: String)
        do throws(FileWriteError) {
            file = try TemporaryFiles.shared.createFile(beside: folder.appendingPathComponent("download").path)
        } catch {
            throw AttemptFailure(cause: .cache(HostedAssetCacheError.unwritable(path: folder.path, reason: error.description).description))
        }
        let kept = state.withLock { state in
            if !state.isAbandoned { state.path = file.path }
            return !state.isAbandoned
        }
        guard kept else {
            close(file.descriptor)
            ReceivedBody.file(URL(fileURLWithPath: file.path)).remove()
            throw CancellationError()
        }
        return file
    }

    /// Removes the file, made or yet to be made.
    func abandon() {
        let path = state.withLock { state in
            state.isAbandoned = true
            return state.path
        }
        if let path { ReceivedBody.file(URL(fileURLWithPath: path)).remove() }
    }
}

/// A body the fetcher has whole: in memory, or in a file it now owns.
enum ReceivedBody: Sendable {
    case data(Data)
    case file(URL)

    /// Its size in bytes (0 for a file that cannot be measured, which the check after it fails).
    var byteCount: Int {
        switch self {
        case .data(let data): data.count
        case .file(let url): ((try? FileManager.default.attributesOfItem(atPath: url.path))?[.size] as? NSNumber)?.intValue ?? 0
        }
    }

    /// Removes the file, if any (a download of the process's own is also forgotten by `TemporaryFiles`).
    func remove() {
        guard case .file(let url) = self else { return }
        try? FileManager.default.removeItem(at: url)
        TemporaryFiles.shared.forget(url.path)
    }
}

/// A 2xx answer with its body received.
struct ReceivedResponse: Sendable {
    /// The body, whole.
    let body: ReceivedBody
    /// The answer as the transport handed it back, for its headers.
    let response: HostedAssetResponse
}
