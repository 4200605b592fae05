import Foundation
import RivFormat
import RivHostedAssets
import RivTestSupport
import RivSupport

/// A retry clock that records each wait instead of sleeping.
final class RecordingClock: RetryClock {
    private let recorded = Protected([Duration]())

    func sleep(for duration: Duration) async throws {
        recorded.withLock { $0.append(duration) }
    }

    var waits: [Duration] { recorded.withLock { $0 } }
}

extension HostedWorld {
    /// A cache in the sandbox.
    func cache(_ folder: String = "cache", diskLimit: Int? = HostedAssetCache.defaultDiskLimit) throws -> HostedAssetCache {
        try HostedAssetCache(directory: sandbox.url.appendingPathComponent(folder), diskLimit: diskLimit)
    }

    /// The cache key of `uuid` on this world's server.
    func key(_ uuid: String) -> HostedAssetKey {
        HostedAssetKey(baseURL: server.baseURL, uuid: uuid)!
    }

    /// A fetcher over URLSession with `cache` (a fresh one in the sandbox by default).
    ///
    /// The fetcher's default total deadline is lifted (a test that sets its own
    /// keeps it): these tests do not test it, and on a loaded two-core machine
    /// synchronous corpus suites can hold the cooperative pool for longer than
    /// the default 600 seconds, so an attempt would expire unanswered.
    func fetcher(cache: HostedAssetCache? = nil, configuration: HostedAssetFetcher.Configuration = .init(retry: .none),
                 timeout: TimeInterval = 10, clock: RecordingClock = RecordingClock()) throws -> HostedAssetFetcher {
        var configuration = configuration
        if configuration.deadline == HostedAssetFetcher.Configuration.defaultDeadline { configuration.deadline = nil }
        return HostedAssetFetcher(transport: URLSessionTransport(timeout: timeout), cache: try cache ?? self.cache(),
                                  configuration: configuration, clock: clock)
    }
}
