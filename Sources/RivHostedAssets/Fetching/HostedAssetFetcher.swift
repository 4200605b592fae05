import Foundation
import RivFormat
import RivAssetRegistry

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
/// once. The bytes must be a format the asset's type accepts (an HTML page served
/// for an image is a failure, and is not cached). Failures are thrown as
/// ``HostedAssetError``; nothing is only logged.
public final class HostedAssetFetcher: Sendable {
    /// How assets are fetched.
    public struct Configuration: Sendable, Hashable {
        /// A base URL used instead of each file's (a mirror holding the same uuids).
        public var baseURLOverride: String?
        /// Headers for the hosts the user named (`Authorization` for a private
        /// mirror): sent only to the host of ``baseURLOverride`` and to
        /// ``headerHosts``, never to a host that only a file names; they win over
        /// the `Accept` header of the asset's type.
        public var headers: [String: String]
        /// Hosts (`cdn.example.com` or `[::1]`, any port, or `cdn.example.com:8443`,
        /// `[::1]:8080`) that get ``headers`` besides the override's, in any case;
        /// a port is compared with the URL's, or its scheme's default. An IPv6
        /// address goes in brackets: an entry that is no such host (`::1:8080`,
        /// which could be an address or an address and a port) fails every request
        /// with ``HostedAssetError/Cause/invalidHeaderHost(_:)``, never silently
        /// matches nothing.
        public var headerHosts: [String]
        /// When and how often to retry.
        public var retry: RetryPolicy
        /// The most downloads in flight at once.
        public var maximumConcurrentDownloads: Int
        /// Use the cache only: an asset it lacks fails with ``HostedAssetError/Cause/notCached``.
        public var offline: Bool
        /// The most bytes one asset may have, nil for no limit: a larger body fails
        /// with ``HostedAssetError/Cause/tooLarge(limit:)`` and is not cached (the
        /// transport is asked to stop at the limit, so a compressed body that
        /// inflates without end costs no more than this).
        public var maximumAssetSize: Int?

        /// The default number of downloads in flight: 32.
        public static let defaultConcurrency = 32
        /// The default largest asset: 256 MiB, far above any image, font or clip
        /// an animation ships, far below what would fill a disk.
        public static let defaultMaximumAssetSize = 256 << 20

        /// A configuration; the defaults fetch from each file's own base URL with
        /// ``RetryPolicy/standard``, 32 downloads in flight and assets of at most 256 MiB.
        public init(baseURLOverride: String? = nil, headers: [String: String] = [:], headerHosts: [String] = [],
                    retry: RetryPolicy = .standard, maximumConcurrentDownloads: Int = defaultConcurrency, offline: Bool = false,
                    maximumAssetSize: Int? = defaultMaximumAssetSize) {
            self.baseURLOverride = baseURLOverride
            self.headers = headers
            self.headerHosts = headerHosts
            self.retry = retry
            self.maximumConcurrentDownloads = maximumConcurrentDownloads
            self.offline = offline
            self.maximumAssetSize = maximumAssetSize
        }
    }

    /// The transport requests go through.
    public let transport: any HostedAssetTransport
    /// Where bytes are kept.
    public let cache: HostedAssetCache
    /// How assets are fetched.
    public let configuration: Configuration
    private let clock: any RetryClock
    private let slots: DownloadSlots
    private let shared = SharedDownloads()
    /// The hosts that get the headers (``Configuration/headerHosts`` parsed), or why one cannot be parsed.
    private let namedHosts: Result<[HostPort], HostPortError>

    /// A fetcher over `transport` and `cache`; `clock` is what retries wait with.
    public init(transport: any HostedAssetTransport, cache: HostedAssetCache, configuration: Configuration = Configuration(),
                clock: any RetryClock = SystemRetryClock()) {
        self.transport = transport
        self.cache = cache
        self.configuration = configuration
        self.clock = clock
        slots = DownloadSlots(width: configuration.maximumConcurrentDownloads)
        namedHosts = Result { () throws(HostPortError) in try configuration.headerHosts.map { entry throws(HostPortError) in try HostPort(parsing: entry) } }
    }

    /// The request the fetcher sends for `asset`: resolved URL, `Accept` and extra headers.
    public func request(for asset: FileAsset) throws(HostedAssetError) -> HostedAssetRequest {
        guard let cdn = asset.cdn else { throw HostedAssetError(uniqueName: asset.uniqueName, url: nil, attempts: 0, cause: .notHosted) }
        let base = configuration.baseURLOverride ?? cdn.baseURL
        guard let url = HostedAssetRequest.resolvedURL(baseURL: base, uuid: cdn.uuid) else {
            throw HostedAssetError(uniqueName: asset.uniqueName, url: nil, attempts: 0, cause: .invalidURL(CDNInfo(baseURL: base, uuid: cdn.uuid).url))
        }
        let named: [HostPort]
        switch namedHosts {
        case .success(let hosts): named = hosts
        case .failure(let error): throw HostedAssetError(uniqueName: asset.uniqueName, url: url.absoluteString, attempts: 0, cause: .invalidHeaderHost(error.description))
        }
        var headers = ["Accept": HostedAssetRequest.acceptHeader(for: asset.type)]
        for (name, value) in configuration.headers where receivesHeaders(url, named: named) {
            headers = headers.filter { $0.key.caseInsensitiveCompare(name) != .orderedSame }
            headers[name] = value
        }
        return HostedAssetRequest(uniqueName: asset.uniqueName, type: asset.type, uuid: cdn.uuid, url: url, headers: headers,
                                  downloadFolder: cache.downloadFolder, maximumByteCount: configuration.maximumAssetSize)
    }

    /// Whether `url` goes to a host the user named: the override's, or one of ``Configuration/headerHosts``.
    private func receivesHeaders(_ url: URL, named: [HostPort]) -> Bool {
        let override = configuration.baseURLOverride.flatMap { URL(string: $0) }.flatMap { HostPort(url: $0) }
        return (named + [override].compactMap { $0 }).contains { $0.matches(url) }
    }

    /// Makes sure the bytes of `asset` are in the cache: from the cache when they
    /// are there, else downloaded (unless offline), checked and stored.
    @discardableResult
    public func fetch(_ asset: FileAsset) async throws(HostedAssetError) -> HostedAssetFetch {
        try await fetch(request(for: asset))
    }

    /// Like ``fetch(_:)-(FileAsset)`` for a request made with ``request(for:)``
    /// (which holds no part of the file the asset came from).
    @discardableResult
    public func fetch(_ request: HostedAssetRequest) async throws(HostedAssetError) -> HostedAssetFetch {
        guard let key = request.cacheKey else {
            throw HostedAssetError(uniqueName: request.uniqueName, url: nil, attempts: 0, cause: .invalidURL(request.url.absoluteString))
        }
        if let cached = cachedFetch(request) { return cached }
        guard !configuration.offline else {
            throw HostedAssetError(uniqueName: request.uniqueName, url: request.url.absoluteString, attempts: 0, cause: .notCached)
        }
        if let problem = HTTPRequestHead.problem(url: request.url, headers: request.headers) {
            throw HostedAssetError(uniqueName: request.uniqueName, url: request.url.absoluteString, attempts: 0, cause: .unsafeRequest(problem))
        }
        let outcome = await shared.outcome(for: key.fileName + " " + key.url) { [self] in
            if let cached = cachedFetch(request) { return .success(cached) }
            return await slots.withSlot { await self.download(request) }
        }
        return try outcome.get()
    }

    /// The bytes of `asset`, from the cache or fetched as `fetch(_:)` does.
    public func data(for asset: FileAsset) async throws(HostedAssetError) -> Data {
        let fetched = try await fetch(asset)
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

    /// Fetches every hosted image, font and audio asset of `files` and registers
    /// its bytes in `registry` under its unique name, as Rive's Apple runtime asks
    /// apps to do for hosted assets. Returns what failed; the rest is registered.
    public func registerHostedAssets(of files: [RivFile], in registry: AssetRegistry) async -> [HostedAssetError] {
        let assets = files.flatMap(\.assets).filter { $0.cdn != nil && $0.type.isReplaceable }
        var failures: [HostedAssetError] = []
        for (asset, outcome) in zip(assets, await fetchAll(assets)) {
            switch outcome {
            case .success(let fetched):
                guard let data = cache.data(for: fetched.key) else {
                    failures.append(HostedAssetError(uniqueName: asset.uniqueName, url: fetched.url, attempts: fetched.attempts,
                                                     cause: .cache("the entry was removed or changed right after it was stored")))
                    continue
                }
                switch asset.type {
                case .image: registry.addGlobalImageAsset(data, name: asset.uniqueName)
                case .font: registry.addGlobalFontAsset(data, name: asset.uniqueName)
                case .audio: registry.addGlobalAudioAsset(data, name: asset.uniqueName)
                case .unknown: break
                }
            case .failure(let error):
                failures.append(error)
            }
        }
        return failures
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
    /// order, calling `progress` with each outcome as it comes.
    public func fetchAll(_ requests: [Result<HostedAssetRequest, HostedAssetError>],
                         progress: (@Sendable (Result<HostedAssetFetch, HostedAssetError>) -> Void)?) async -> [Result<HostedAssetFetch, HostedAssetError>] {
        await withTaskGroup(of: (Int, Result<HostedAssetFetch, HostedAssetError>).self) { group in
            for (index, made) in requests.enumerated() {
                group.addTask {
                    do throws(HostedAssetError) {
                        let outcome = Result<HostedAssetFetch, HostedAssetError>.success(try await self.fetch(made.get()))
                        progress?(outcome)
                        return (index, outcome)
                    } catch {
                        progress?(.failure(error))
                        return (index, .failure(error))
                    }
                }
            }
            var outcomes = [Result<HostedAssetFetch, HostedAssetError>?](repeating: nil, count: requests.count)
            for await (index, outcome) in group { outcomes[index] = outcome }
            return outcomes.map { $0! }
        }
    }

    /// The cache's checked entry for `asset`, kept under the URL this fetcher
    /// fetches it from (its file's base URL, or the configured override); nil when
    /// the cache lacks it or no request can be made for it. Never uses the network.
    public func cachedEntry(for asset: FileAsset) -> HostedAssetCache.Entry? {
        HostedAssetKey(hostedAsset: asset, mirror: configuration.baseURLOverride).flatMap(cache.entry(for:))
    }

    private func cachedFetch(_ request: HostedAssetRequest) -> HostedAssetFetch? {
        guard let key = request.cacheKey, let entry = cache.entry(for: key) else { return nil }
        return HostedAssetFetch(uniqueName: request.uniqueName, key: key, url: request.url.absoluteString, source: .cached,
                                file: entry.file, byteCount: entry.byteCount, format: entry.format, attempts: 0)
    }

    /// Requests until the asset is stored, a failure is not transient, or the retries run out.
    private func download(_ request: HostedAssetRequest) async -> SharedDownloads.Outcome {
        var attempt = 0
        var random = SystemRandomNumberGenerator()
        while true {
            attempt += 1
            let (cause, retryAfter): (HostedAssetError.Cause, Duration?)
            do {
                let response = try await transport.fetch(request)
                switch store(response, for: request, attempts: attempt) {
                case .success(let fetched): return .success(fetched)
                case .failure(let failure): (cause, retryAfter) = (failure.cause, failure.retryAfter)
                }
            } catch let error as HostedAssetTransportError {
                switch error {
                case .connectionFailed(let reason): (cause, retryAfter) = (.connectionFailed(reason), nil)
                case .timedOut: (cause, retryAfter) = (.timedOut, nil)
                case .tooLarge(let limit): (cause, retryAfter) = (.tooLarge(limit: limit), nil)
                case .deadlineExceeded(let seconds): (cause, retryAfter) = (.deadlineExceeded(seconds: seconds), nil)
                case .redirectRefused(let target): (cause, retryAfter) = (.redirectRefused(target), nil)
                case .malformedResponse(let reason): (cause, retryAfter) = (.malformedResponse(reason), nil)
                case .unsafeRequest(let reason): (cause, retryAfter) = (.unsafeRequest(reason), nil)
                }
            } catch {
                (cause, retryAfter) = (.transport(Self.sentence(error)), nil)
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

    /// Judges a response and stores its body: the failure and any Retry-After when it is not good.
    private func store(_ response: HostedAssetResponse, for request: HostedAssetRequest,
                       attempts: Int) -> Result<HostedAssetFetch, StoreFailure> {
        defer { if case .file(let url) = response.body { try? FileManager.default.removeItem(at: url) } }
        if let status = response.status, !(200...299).contains(status) {
            return .failure(StoreFailure(cause: .status(status), retryAfter: RetryAfter.delay(response.header("Retry-After"))))
        }
        let received: Int
        let format: ContentFormat
        let head: Data
        var digest: FileDigest?
        switch response.body {
        case .data(let data):
            received = data.count
            head = data.prefix(16)
            format = ContentFormat(sniffing: head)
        case .file(let url):
            digest = FileDigest(ofFileAt: url)
            guard let digest else { return .failure(StoreFailure(cause: .cache("the downloaded file \(url.path) cannot be read"))) }
            received = digest.record.size
            head = digest.head
            format = digest.format
        }
        if let limit = request.maximumByteCount, received > limit {
            return .failure(StoreFailure(cause: .tooLarge(limit: limit)))
        }
        // A declared length is the length of the encoded body: only an unencoded one can be compared.
        let encoding = response.header("Content-Encoding")?.trimmingCharacters(in: .whitespaces).lowercased() ?? "identity"
        if let length = response.header("Content-Length")?.trimmingCharacters(in: .whitespaces) {
            guard !length.isEmpty, length.count <= 18, length.allSatisfy({ $0.isASCII && $0.isNumber }), let declared = Int(length) else {
                return .failure(StoreFailure(cause: .malformedResponse("Content-Length is no number: \(HTTPRequestHead.shown(length))")))
            }
            if encoding == "identity" || encoding.isEmpty, declared != received {
                return .failure(StoreFailure(cause: .lengthMismatch(expected: declared, received: received)))
            }
        }
        if let accepted = request.type.acceptedFormats, !accepted.contains(format) {
            return .failure(StoreFailure(cause: .unsupportedFormat(detected: format, accepted: accepted)))
        }
        if request.type.acceptedFormats == nil, let foreign = Self.foreignFormat(format, head: head) {
            return .failure(StoreFailure(cause: .unsupportedFormat(detected: foreign, accepted: [])))
        }
        if Self.imageFormats.contains(format) {
            let size = switch response.body {
            case .data(let data): PixelSize(imageData: data)
            case .file(let url): PixelSize(contentsOf: url)
            }
            if size == nil { return .failure(StoreFailure(cause: .unreadableImageHeader(format))) }
        }
        guard let key = request.cacheKey else { return .failure(StoreFailure(cause: .invalidURL(request.url.absoluteString))) }
        do throws(HostedAssetCacheError) {
            switch response.body {
            case .data(let data): try cache.store(data, for: key)
            case .file(let url): try cache.store(movingFileAt: url, for: key, record: digest!.record)
            }
        } catch {
            return .failure(StoreFailure(cause: .cache(error.description)))
        }
        let file = cache.file(for: key)
        return .success(HostedAssetFetch(uniqueName: request.uniqueName, key: key, url: request.url.absoluteString,
                                         source: .downloaded, file: file, byteCount: received, format: format, attempts: attempts))
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

    /// For a kind without a list of formats (scripts, script modules, shaders,
    /// blobs, manifests): the format of bytes that are plainly something else, a
    /// picture, font, clip or Rive file, or markup such as an HTML error page
    /// (reported as unknown); nil when they may be what the kind holds.
    static func foreignFormat(_ format: ContentFormat, head: Data) -> ContentFormat? {
        let foreign: [ContentFormat] = [.png, .jpeg, .webp, .gif, .ttf, .otf, .ttc, .woff, .woff2, .wav, .mp3, .flac, .ogg, .riv]
        if foreign.contains(format) { return format }
        let text = head.drop { [0x20, 0x09, 0x0A, 0x0D, 0xEF, 0xBB, 0xBF].contains($0) }
        return text.first == UInt8(ascii: "<") ? .unknown : nil
    }

    /// The image formats whose header (``PixelSize``) a body must hold whole to be stored.
    static let imageFormats: [ContentFormat] = [.png, .jpeg, .webp]

    /// A response that was not stored.
    private struct StoreFailure: Error {
        var cause: HostedAssetError.Cause
        var retryAfter: Duration?
    }
}
