import Foundation

extension HostedAssetFetcher {
    /// Attempts until the asset is stored, a failure is not transient, or the retries run out.
    func download(_ request: HostedAssetRequest) async -> SharedDownloads.Outcome {
        await withRetries(uniqueName: request.uniqueName, url: request.url.absoluteString) { [self] attempt in
            try store(try await receive(request), for: request, attempts: attempt).get()
        }
    }

    /// Runs `attempt` (given its number, from 1) until it succeeds, fails in a
    /// way that is not transient, the task is cancelled or the retries run out,
    /// waiting between attempts as the retry policy says: the one retry engine
    /// of every call a fetcher makes through its transport. A failure is judged
    /// by the fetcher's own causes, a ``HostedAssetTransportError``'s case, or
    /// else by the transport (``HostedAssetTransport/failureKind(of:)``).
    func withRetries<Value: Sendable>(uniqueName: String, url: String,
                                      _ attempt: @Sendable (Int) async throws -> Value) async -> Result<Value, HostedAssetError> {
        var count = 0
        var random = SystemRandomNumberGenerator()
        while true {
            count += 1
            let (cause, retryAfter): (HostedAssetError.Cause, Duration?)
            do {
                return .success(try await attempt(count))
            } catch let failure as AttemptFailure {
                (cause, retryAfter) = (failure.cause, failure.retryAfter)
            } catch let error as HostedAssetTransportError {
                switch error {
                case .connectionFailed(let reason): (cause, retryAfter) = (.connectionFailed(reason), nil)
                case .timedOut: (cause, retryAfter) = (.timedOut, nil)
                case .malformedResponse(let reason): (cause, retryAfter) = (.malformedResponse(reason), nil)
                case .unsafeRequest(let reason): (cause, retryAfter) = (.unsafeRequest(reason), nil)
                case .unsupported(let reason): (cause, retryAfter) = (.transport(TransportFailure(error, description: "not supported: " + reason)), nil)
                }
            } catch is CancellationError {
                (cause, retryAfter) = (.cancelled, nil)
            } catch {
                let kind = transport.failureKind(of: error)
                let wait: Duration? = if case .transient(let after) = kind { after } else { nil }
                (cause, retryAfter) = (.transport(TransportFailure(error, description: Self.sentence(error), kind: kind)), wait)
            }
            let failure = HostedAssetError(uniqueName: uniqueName, url: url, attempts: count, cause: cause)
            guard failure.isTransient, count <= configuration.retry.retries, !Task.isCancelled else { return .failure(failure) }
            let wait = configuration.retry.delay(beforeRetry: count, retryAfter: retryAfter, random: Double.random(in: 0..<1, using: &random))
            do {
                try await clock.sleep(for: wait)
            } catch {
                return .failure(failure)
            }
        }
    }

    /// What `work` returns, within the fetcher's deadline when it has one (see
    /// ``DownloadDeadline``): past it, the work is cancelled and the attempt fails.
    func withinDeadline<Value: Sendable>(_ work: @escaping @Sendable () async throws -> Value) async throws -> Value {
        guard let deadline else { return try await work() }
        return try await deadline.run(work, discard: { _ in })
    }

    /// One attempt, within the deadline: the transport's fetch (for an HTTP
    /// client, the request and each redirect it leads to, ``RedirectPolicy``),
    /// its status judged, and the body within the byte budget.
    private func receive(_ request: HostedAssetRequest) async throws -> ReceivedResponse {
        let file = DownloadFile(in: cache.downloadFolder)
        let attempt: @Sendable () async throws -> ReceivedResponse = { [self] in
            let response = try await transport.fetch(request)
            if let status = response.status, !(200...299).contains(status) {
                await ByteBudget.discard(response.body)
                throw AttemptFailure(cause: .status(status), retryAfter: RetryAfter.delay(response.header("Retry-After")))
            }
            return try await budget.receive(response, into: file)
        }
        guard let deadline else { return try await attempt() }
        do {
            return try await deadline.run(attempt, discard: { $0.body.remove() })
        } catch {
            // The attempt may run on for a while after the deadline: its file goes now.
            file.abandon()
            throw error
        }
    }

    /// A transport error in one line: its own description when it has one, the
    /// domain and code of a system error otherwise, never a dump of its user info.
    static func sentence(_ error: any Error) -> String {
        if type(of: error) != NSError.self {
            let text = String(describing: error)
            if !text.contains("UserInfo=") { return text }
        }
        let system = error as NSError
        let reason = system.localizedFailureReason ?? system.localizedDescription
        return "\(system.domain) error \(system.code)" + (reason.contains(system.domain) ? "" : ": " + reason)
    }
}

/// Why an attempt brought no asset, as the fetcher found it (a status, a
/// redirect it does not follow, a body over the budget, the deadline, bytes
/// that are not the asset), and the wait a `Retry-After` asked for.
struct AttemptFailure: Error {
    var cause: HostedAssetError.Cause
    var retryAfter: Duration?
}
