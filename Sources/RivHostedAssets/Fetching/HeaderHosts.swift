import Foundation
import RivFormat

/// Who gets the headers of a fetcher's configuration: the host of its base URL
/// override and its ``HostedAssetFetcher/Configuration/headerHosts``, parsed once.
struct HeaderHosts: Sendable {
    /// The named hosts, or why one of them cannot be parsed.
    private let named: Result<[HostPort], HostPortError>
    /// The override's host, when there is one.
    private let override: HostPort?
    /// The headers to give them.
    private let headers: [String: String]

    init(_ configuration: HostedAssetFetcher.Configuration) {
        named = Result { () throws(HostPortError) in
            try configuration.headerHosts.map { entry throws(HostPortError) in try HostPort(parsing: entry) }
        }
        override = configuration.baseURLOverride.flatMap { URL(string: $0) }.flatMap { HostPort(url: $0) }
        headers = configuration.headers
    }

    /// The headers of a request for an asset of `type` at `url`: `Accept` for the
    /// type, replaced (in any case) by the configured headers when `url` goes to
    /// a named host; throws when an entry of the configuration is no host.
    func headers(for url: URL, type: AssetType) throws(HostPortError) -> [String: String] {
        let hosts = try named.get() + [override].compactMap { $0 }
        var result = ["Accept": HostedAssetRequest.acceptHeader(for: type)]
        guard hosts.contains(where: { $0.matches(url) }) else { return result }
        for (name, value) in headers {
            result = result.filter { $0.key.caseInsensitiveCompare(name) != .orderedSame }
            result[name] = value
        }
        return result
    }
}
