import Foundation
import RivFormat

/// Gets the bytes of hosted assets through a transport you supply, keeping them
/// in a ``HostedAssetCache`` and retrying transient failures.
///
/// ```swift
/// let fetcher = HostedAssetFetcher(transport: URLSessionTransport(), cache: try HostedAssetCache())
/// let file = try RivFile(path: "hero.riv")
/// let failures = await fetcher.prefetch(file.assets.filter { $0.location == .hosted })
/// for failure in failures { print(failure) }     // logo-6: https://…: HTTP 404 after 1 attempt
/// ```
///
/// A cached asset is never fetched again. Concurrent requests for one uuid share
/// one download, and at most ``Configuration/maximumConcurrentDownloads`` run at
/// once. Whatever the transport, the fetcher bounds every download: it follows
/// redirects itself (at most 10, never from https to http or to another
/// scheme, your headers kept to their origin), stops a body past
/// ``Configuration/maximumAssetSize`` and cuts off an attempt past
/// ``Configuration/deadline``. The bytes must be a format the asset's type
/// accepts (an HTML page served for an image is a failure, and is not cached).
/// Failures are thrown as ``HostedAssetError``; nothing is only logged.
/// Cancelling the task that awaits a fetch ends the wait at once with
/// `CancellationError`, and stops the download (its transport's request
/// included) unless another caller still waits for the same asset.
public final class HostedAssetFetcher: Sendable {
    /// The transport requests go through.
    public let transport: any HostedAssetTransport
    /// Where bytes are kept.
    public let cache: HostedAssetCache
    /// How assets are fetched.
    public let configuration: Configuration
    let clock: any RetryClock
    /// The bound on calls in flight (downloads, uploads, deletions).
    let slots: DownloadSlots
    private let shared = SharedDownloads()
    /// Who gets the configured headers.
    let headerHosts: HeaderHosts
    /// The most bytes one body may have.
    let budget: ByteBudget
    /// The total deadline of each attempt.
    let deadline: DownloadDeadline?

    /// A fetcher over `transport` and `cache`; `clock` is what retries wait with.
    public init(transport: any HostedAssetTransport, cache: HostedAssetCache, configuration: Configuration = Configuration(),
                clock: any RetryClock = SystemRetryClock()) {
        self.transport = transport
        self.cache = cache
        self.configuration = configuration
        self.clock = clock
        slots = DownloadSlots(width: configuration.maximumConcurrentDownloads)
        headerHosts = HeaderHosts(configuration)
        budget = ByteBudget(limit: configuration.maximumAssetSize)
        deadline = configuration.deadline.map(DownloadDeadline.init(seconds:))
    }

    /// The request the fetcher sends for `asset`: resolved URL, `Accept` and extra headers.
    public func request(for asset: FileAsset) throws(HostedAssetError) -> HostedAssetRequest {
        guard let cdn = asset.cdn else { throw HostedAssetError(uniqueName: asset.uniqueName, url: nil, attempts: 0, cause: .notHosted) }
        let base = configuration.baseURLOverride ?? cdn.baseURL
        guard let url = HostedAssetRequest.resolvedURL(baseURL: base, uuid: cdn.uuid) else {
            throw HostedAssetError(uniqueName: asset.uniqueName, url: nil, attempts: 0, cause: .invalidURL(CDNInfo(baseURL: base, uuid: cdn.uuid).url))
        }
        let headers: [String: String]
        do throws(HostPortError) {
            headers = try headerHosts.headers(for: url, type: asset.type)
        } catch {
            throw HostedAssetError(uniqueName: asset.uniqueName, url: url.absoluteString, attempts: 0, cause: .invalidHeaderHost(error.description))
        }
        return HostedAssetRequest(uniqueName: asset.uniqueName, type: asset.type, uuid: cdn.uuid, url: url, headers: headers,
                                  downloadFolder: cache.downloadFolder)
    }

    /// Makes sure the bytes of `asset` are in the cache: from the cache when they
    /// are there, else downloaded (unless offline), checked and stored.
    ///
    /// - Throws: ``HostedAssetError`` when the asset cannot be had (an error your
    ///   transport threw is kept, with its type, as ``HostedAssetError/underlyingError``);
    ///   `CancellationError` when the calling task is cancelled first.
    @discardableResult
    public func fetch(_ asset: FileAsset) async throws -> HostedAssetFetch {
        try await fetch(request(for: asset))
    }

    /// Like ``fetch(_:)-(FileAsset)`` for a request made with ``request(for:)``
    /// (which holds no part of the file the asset came from).
    @discardableResult
    public func fetch(_ request: HostedAssetRequest) async throws -> HostedAssetFetch {
        guard let key = request.cacheKey else {
            throw HostedAssetError(uniqueName: request.uniqueName, url: nil, attempts: 0, cause: .invalidURL(request.url.absoluteString))
        }
        if let cached = cachedFetch(request) { return cached }
        guard !configuration.offline else {
            var error = HostedAssetError(uniqueName: request.uniqueName, url: request.url.absoluteString, attempts: 0, cause: .notCached)
            error.hint = offlineHint(for: request, key: key)
            throw error
        }
        if let problem = HTTPRequestHead.problem(url: request.url, headers: request.headers) {
            throw HostedAssetError(uniqueName: request.uniqueName, url: request.url.absoluteString, attempts: 0, cause: .unsafeRequest(problem))
        }
        let outcome = await shared.outcome(for: key.fileName + " " + key.url) { [self] in
            if let cached = cachedFetch(request) { return .success(cached) }
            return await slots.withSlot { await self.download(request) }
                ?? .failure(HostedAssetError(uniqueName: request.uniqueName, url: request.url.absoluteString, attempts: 0, cause: .cancelled))
        }
        guard let outcome else { throw CancellationError() }
        return try outcome.get()
    }

    /// Where an offline fetch of `request` looked, and, when the cache holds the
    /// asset under other URLs (fetched through a mirror, or from the file's own
    /// base URL while this fetcher has a mirror), the base URL to fetch with.
    private func offlineHint(for request: HostedAssetRequest, key: HostedAssetKey) -> String {
        let looked = "the cache \(cache.directory.path) has no entry for \(key.url)"
        let suffix = "/" + request.uuid
        let bases = cache.recordedURLs(of: request.uuid).filter { $0 != key.url }
            .map { $0.hasSuffix(suffix) ? String($0.dropLast(suffix.count)) : $0 }
        guard let base = bases.first else { return looked }
        let given = configuration.baseURLOverride.map { "the base URL \($0)" } ?? "the file's base URL"
        return looked + " (fetched with \(given)); it holds this uuid from \(base)"
            + (bases.count > 1 ? " and \(bases.count - 1) other\(bases.count == 2 ? "" : "s")" : "")
            + ": fetch with that base URL (`HostedAssetFetcher.Configuration.baseURLOverride` \(base))"
    }

    /// The bytes of `asset`, from the cache or fetched as `fetch(_:)` does (with
    /// the same errors, `CancellationError` included).
    public func data(for asset: FileAsset) async throws -> Data {
        try data(of: await fetch(asset))
    }

    /// The bytes of each of `assets`, in order: each fetched as ``fetchAll(_:)``
    /// does (concurrently, within the download bound), then read from the cache.
    package func dataOfAll(_ assets: [FileAsset]) async -> [Result<Data, HostedAssetError>] {
        await fetchAll(assets).map { outcome in
            outcome.flatMap { fetched in Result { () throws(HostedAssetError) in try data(of: fetched) } }
        }
    }

    /// The bytes a fetch put in the cache; a failure when the entry went away since.
    private func data(of fetched: HostedAssetFetch) throws(HostedAssetError) -> Data {
        guard let data = cache.data(for: fetched.key) else {
            throw HostedAssetError(uniqueName: fetched.uniqueName, url: fetched.url, attempts: fetched.attempts,
                                   cause: .cache("the entry was removed or changed right after it was stored"))
        }
        return data
    }

    /// Fetches every asset (concurrently, within the download bound) and returns
    /// those that failed, in the order given. Assets that are not hosted are skipped.
    public func prefetch(_ assets: [FileAsset]) async -> [HostedAssetError] {
        let outcomes = await fetchAll(assets.filter { $0.cdn != nil })
        return outcomes.compactMap { if case .failure(let error) = $0 { error } else { nil } }
    }

    /// The outcome of fetching each of `assets`, in order.
    public func fetchAll(_ assets: [FileAsset]) async -> [Result<HostedAssetFetch, HostedAssetError>] {
        var requests: [Result<HostedAssetRequest, HostedAssetError>] = []
        for asset in assets {
            do throws(HostedAssetError) {
                requests.append(.success(try request(for: asset)))
            } catch {
                requests.append(.failure(error))
            }
        }
        return await fetchAll(requests, progress: nil)
    }

    /// The outcome of fetching each request (or the failure to make it), in
    /// order, calling `progress` with each outcome as it comes. When the calling
    /// task is cancelled, the fetches not finished fail with
    /// ``HostedAssetError/Cause/cancelled``.
    public func fetchAll(_ requests: [Result<HostedAssetRequest, HostedAssetError>],
                         progress: (@Sendable (Result<HostedAssetFetch, HostedAssetError>) -> Void)?) async -> [Result<HostedAssetFetch, HostedAssetError>] {
        await withTaskGroup(of: (Int, Result<HostedAssetFetch, HostedAssetError>).self) { group in
            for (index, made) in requests.enumerated() {
                group.addTask {
                    let outcome: Result<HostedAssetFetch, HostedAssetError>
                    do {
                        outcome = .success(try await self.fetch(made.get()))
                    } catch let error as HostedAssetError {
                        outcome = .failure(error)
                    } catch {
                        let request = try? made.get()
                        outcome = .failure(HostedAssetError(uniqueName: request?.uniqueName ?? "", url: request?.url.absoluteString,
                                                            attempts: 0, cause: .cancelled))
                    }
                    progress?(outcome)
                    return (index, outcome)
                }
            }
            var outcomes = [Result<HostedAssetFetch, HostedAssetError>?](repeating: nil, count: requests.count)
            for await (index, outcome) in group { outcomes[index] = outcome }
            return outcomes.map { $0! }
        }
    }

    /// Where and how this fetcher caches: its cache folder and its mirror (the
    /// configured ``Configuration/baseURLOverride``). Hand it to a reader
    /// elsewhere (a widget) so that it finds assets under the keys this fetcher
    /// stores them under.
    public var cacheLocation: HostedAssetCacheLocation {
        HostedAssetCacheLocation(directory: cache.directory, mirror: configuration.baseURLOverride)
    }

    /// The cache's checked entry for `asset`, kept under the URL this fetcher
    /// fetches it from (its file's base URL, or the configured override); nil when
    /// the cache lacks it or no request can be made for it. Never uses the network.
    public func cachedEntry(for asset: FileAsset) -> HostedAssetCache.Entry? {
        cacheLocation.key(for: asset).flatMap(cache.entry(for:))
    }

    /// What to say when the cache lacks the hosted `asset` (``cachedEntry(for:)``
    /// is nil): the folder and the URL it looked under, and the base URL it holds
    /// the asset under when that is another one; nil when no key can be made.
    package func cacheMissHint(for asset: FileAsset) -> String? {
        guard let request = try? request(for: asset), let key = request.cacheKey else { return nil }
        return offlineHint(for: request, key: key)
    }

    private func cachedFetch(_ request: HostedAssetRequest) -> HostedAssetFetch? {
        guard let key = request.cacheKey, let entry = cache.entry(for: key) else { return nil }
        return HostedAssetFetch(uniqueName: request.uniqueName, key: key, url: request.url.absoluteString, source: .cached,
                                file: entry.file, byteCount: entry.byteCount, format: entry.format, attempts: 0)
    }
}
