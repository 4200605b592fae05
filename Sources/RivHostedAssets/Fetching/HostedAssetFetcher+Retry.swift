import Foundation

extension HostedAssetFetcher {
    /// Attempts until the asset is stored, a failure is not transient, or the retries run out.
    func download(_ request: HostedAssetRequest) async -> SharedDownloads.Outcome {
        var attempt = 0
        var random = SystemRandomNumberGenerator()
        while true {
            attempt += 1
            let (cause, retryAfter): (HostedAssetError.Cause, Duration?)
            do {
                let received = try await receive(request)
                switch store(received, for: request, attempts: attempt) {
                case .success(let fetched): return .success(fetched)
                case .failure(let failure): (cause, retryAfter) = (failure.cause, failure.retryAfter)
                }
            } catch let failure as AttemptFailure {
                (cause, retryAfter) = (failure.cause, failure.retryAfter)
            } catch let error as HostedAssetTransportError {
                switch error {
                case .connectionFailed(let reason): (cause, retryAfter) = (.connectionFailed(reason), nil)
                case .timedOut: (cause, retryAfter) = (.timedOut, nil)
                case .malformedResponse(let reason): (cause, retryAfter) = (.malformedResponse(reason), nil)
                case .unsafeRequest(let reason): (cause, retryAfter) = (.unsafeRequest(reason), nil)
                }
            } catch is CancellationError {
                (cause, retryAfter) = (.cancelled, nil)
            } catch {
                (cause, retryAfter) = (.transport(TransportFailure(error, description: Self.sentence(error))), nil)
            }
            let failure = HostedAssetError(uniqueName: request.uniqueName, url: request.url.absoluteString, attempts: attempt, cause: cause)
            guard failure.isTransient, attempt <= configuration.retry.retries, !Task.isCancelled else { return .failure(failure) }
            let wait = configuration.retry.delay(beforeRetry: attempt, retryAfter: retryAfter, random: Double.random(in: 0..<1, using: &random))
            do {
                try await clock.sleep(for: wait)
            } catch {
                return .failure(failure)
            }
        }
    }

    /// One attempt, within the deadline: the request, each redirect it leads to
    /// (``RedirectPolicy``), and the final answer's body within the byte budget.
    private func receive(_ request: HostedAssetRequest) async throws -> ReceivedResponse {
        let file = DownloadFile(in: cache.downloadFolder)
        let attempt: @Sendable () async throws -> ReceivedResponse = { [self] in
            var redirects = RedirectPolicy()
            var hop = request
            while true {
                let response = try await transport.fetch(hop)
                let next: HostedAssetRequest?
                do {
                    next = try redirects.next(after: response, to: hop)
                } catch {
                    await ByteBudget.discard(response.body)
                    throw error
                }
                if let next {
                    await ByteBudget.discard(response.body)
                    hop = next
                    continue
                }
                if let status = response.status, !(200...299).contains(status) {
                    await ByteBudget.discard(response.body)
                    throw AttemptFailure(cause: .status(status), retryAfter: RetryAfter.delay(response.header("Retry-After")))
                }
                return try await budget.receive(response, into: file)
            }
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
