import Foundation

extension HostedAssetFetcher {
    /// How assets are fetched.
    public struct Configuration: Sendable, Hashable {
        /// A base URL used instead of each file's (a mirror holding the same uuids).
        public var baseURLOverride: String?
        /// Headers for the hosts the user named (`Authorization` for a private
        /// mirror): sent only to the host of ``baseURLOverride`` and to
        /// ``headerHosts``, never to a host that only a file names, nor after a
        /// redirect to another origin; they win over the `Accept` header of the
        /// asset's type.
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
        /// The most bytes one asset may have, nil for no limit, whatever the
        /// transport: a body that declares more, or passes it while it arrives,
        /// fails with ``HostedAssetError/Cause/tooLarge(limit:)`` and is not
        /// cached. A streamed body is stopped there, so a compressed body that
        /// inflates without end costs no more than this.
        public var maximumAssetSize: Int?
        /// How long one attempt (the request, the redirects it leads to and the
        /// body) may take in all, in seconds, nil for no limit: one not finished
        /// by then, however steadily it trickles, or whose transport never
        /// answers, fails with ``HostedAssetError/Cause/deadlineExceeded(seconds:)``.
        public var deadline: TimeInterval?

        /// The default number of downloads in flight: 32.
        public static let defaultConcurrency = 32
        /// The default largest asset: 256 MiB, far above any image, font or clip
        /// an animation ships, far below what would fill a disk.
        public static let defaultMaximumAssetSize = 256 << 20
        /// The default deadline: 600 seconds (ten times the default timeout of
        /// ``URLSessionTransport``).
        public static let defaultDeadline: TimeInterval = 600

        /// A configuration; the defaults fetch from each file's own base URL with
        /// ``RetryPolicy/standard``, 32 downloads in flight, assets of at most
        /// 256 MiB and attempts of at most 600 seconds.
        public init(baseURLOverride: String? = nil, headers: [String: String] = [:], headerHosts: [String] = [],
                    retry: RetryPolicy = .standard, maximumConcurrentDownloads: Int = defaultConcurrency, offline: Bool = false,
                    maximumAssetSize: Int? = defaultMaximumAssetSize, deadline: TimeInterval? = defaultDeadline) {
            self.baseURLOverride = baseURLOverride
            self.headers = headers
            self.headerHosts = headerHosts
            self.retry = retry
            self.maximumConcurrentDownloads = maximumConcurrentDownloads
            self.offline = offline
            self.maximumAssetSize = maximumAssetSize
            self.deadline = deadline
        }
    }
}
