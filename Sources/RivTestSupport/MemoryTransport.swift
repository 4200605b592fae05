import Foundation
import RivHostedAssets
import RivSupport

/// A transport as an app behind its own API would write one: bytes kept by
/// uuid in memory, each call logged, failures thrown from a script, and a
/// classification of its own errors (``Busy`` is worth a retry after the wait
/// it names, ``Denied`` is not).
public final class MemoryTransport: HostedAssetTransport {
    /// The service is busy: try again after `retryAfter`.
    public struct Busy: Error, Equatable {
        public let retryAfter: Duration
        public init(retryAfter: Duration) { self.retryAfter = retryAfter }
    }
    /// The service refuses the call.
    public struct Denied: Error, Equatable {
        public init() {}
    }
    /// Nothing is stored under the uuid.
    public struct Missing: Error, Equatable {}

    private let stored = Protected<[String: Data]>([:])
    private let calls = Protected<[String]>([])
    private let script = Protected<[any Error]>([])
    /// Whether each call waits until it is cancelled.
    private let waits: Bool
    /// "sent" and "cancelled" for each waiting call, in order, to be awaited.
    public let events: AsyncStream<String>
    private let continuation: AsyncStream<String>.Continuation

    /// A transport that throws `failures` from its first calls, one each, and
    /// whose calls, with `waits`, never end until cancelled.
    public init(failures: [any Error] = [], waits: Bool = false) {
        script.withLock { $0 = failures }
        self.waits = waits
        (events, continuation) = AsyncStream<String>.makeStream()
    }

    /// Throws `failures` from the next calls, one each.
    public func fail(next failures: [any Error]) {
        script.withLock { $0 += failures }
    }

    /// Every call, in order: `fetch UUID`, `upload UUID`, `delete UUID`.
    public var log: [String] { calls.withLock { $0 } }
    /// What is stored, by uuid.
    public var contents: [String: Data] { stored.withLock { $0 } }

    public func fetch(_ request: HostedAssetRequest) async throws -> HostedAssetResponse {
        try await begin("fetch " + request.uuid)
        guard let bytes = contents[request.uuid] else { throw Missing() }
        return HostedAssetResponse(body: .data(bytes), status: nil)
    }

    public func upload(_ upload: HostedAssetUpload) async throws {
        try await begin("upload " + upload.uuid)
        stored.withLock { $0[upload.uuid] = upload.bytes }
    }

    public func delete(_ deletion: HostedAssetDeletion) async throws {
        try await begin("delete " + deletion.uuid)
        stored.withLock { _ = $0.removeValue(forKey: deletion.uuid) }
    }

    public func failureKind(of error: any Error) -> TransportFailureKind {
        if let busy = error as? Busy { return .transient(retryAfter: busy.retryAfter) }
        return .permanent
    }

    /// Logs the call, throws the next scripted failure, or waits to be cancelled.
    private func begin(_ call: String) async throws {
        calls.withLock { $0.append(call) }
        if let failure = script.withLock({ $0.isEmpty ? nil : $0.removeFirst() }) { throw failure }
        guard waits else { return }
        continuation.yield("sent")
        do {
            try await Task.sleep(for: .seconds(3600))
        } catch {
            continuation.yield("cancelled")
            throw error
        }
    }
}
