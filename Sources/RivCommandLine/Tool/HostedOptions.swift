import Foundation
import RivAssetsKit
import RivHostedAssets

/// The options of every command that fetches hosted assets, declared once, and
/// the fetcher they describe.
enum HostedOptions {
    static let cacheDir = OptionDeclaration.value("--cache-dir", valueName: "DIR", help: """
        the hosted asset cache (default: $XDG_CACHE_HOME/riv-assets/hosted,
        ~/.cache/riv-assets/hosted, or the Caches folder on macOS)
        """)
    static let baseURL = OptionDeclaration.value("--cdn-base-url", valueName: "URL", help: """
        fetch from this base URL instead of each file's (a mirror with the same uuids)
        """)
    static let header = OptionDeclaration.repeatable("--header", valueName: "'NAME: VALUE'", help: """
        send this header (repeatable), e.g. an Authorization, to the hosts named
        by --cdn-base-url and --header-host only, never to a host a file names
        or a redirect leads to
        """)
    static let headerHost = OptionDeclaration.repeatable("--header-host", valueName: "HOST", help: """
        a host (HOST or HOST:PORT; an IPv6 address in brackets, [::1] or
        [::1]:8080) that gets the --header headers (repeatable)
        """)
    static let retries = OptionDeclaration.value("--retries", valueName: "N", help: """
        retries of a transient failure (connection, timeout, 408, 429, 5xx),
        with exponential backoff from 250 ms (default 3)
        """)
    static let timeout = OptionDeclaration.value("--timeout", valueName: "SECONDS", help: "give up on a request silent for this long (default 60)")
    static let deadline = OptionDeclaration.value("--deadline", valueName: "SECONDS", help: """
        cut off a download not finished after this long, however steadily it
        comes (default 10 times --timeout)
        """)
    static let maxAssetSize = OptionDeclaration.value("--max-asset-size", valueName: "BYTES", help: """
        refuse a hosted asset larger than this, stopping its download there
        (default 256MiB; 500kB, 2MB, 1GiB)
        """)
    static let jobs = OptionDeclaration.value("--jobs", valueName: "N", help: "downloads at once (default 32)")
    static let offline = OptionDeclaration.flag("--offline", help: "use the cache only; name what it lacks")

    /// Every fetch option, in the order usages list them.
    static let all = [cacheDir, baseURL, header, headerHost, retries, timeout, deadline, maxAssetSize, jobs, offline]

    /// The declaration of `option`, one of a command's fetch options (the last,
    /// `--offline`, when it is none of the others).
    static func declaration<Option: FetchOption>(of option: Option) -> OptionDeclaration {
        switch option {
        case .cacheDir: cacheDir
        case .baseURL: baseURL
        case .header: header
        case .headerHost: headerHost
        case .retries: retries
        case .timeout: timeout
        case .deadline: deadline
        case .maxAssetSize: maxAssetSize
        case .jobs: jobs
        default: offline
        }
    }

    /// The fetcher the options describe: a URLSession transport (behind the
    /// check that the network library loads) and the cache. `--header` with
    /// neither `--cdn-base-url` nor `--header-host` would never be sent (headers go
    /// only to those hosts): a warning on `console` says so.
    static func fetcher<Option: FetchOption>(_ arguments: ParsedArguments<Option>, console: Console) throws(UsageError) -> HostedAssetFetcher {
        let jobCount = try arguments.wholeNumber(.jobs, minimum: 1, maximum: 1000) ?? HostedAssetFetcher.Configuration.defaultConcurrency
        let retryCount = try arguments.wholeNumber(.retries, minimum: 0, maximum: 1000) ?? RetryPolicy.standard.retries
        let seconds = try arguments.seconds(.timeout) ?? 60
        let totalSeconds = try arguments.seconds(.deadline)
        let largest = try arguments.byteCount(.maxAssetSize) ?? HostedAssetFetcher.Configuration.defaultMaximumAssetSize
        if let base = arguments.value(.baseURL), let problem = HostBaseURL.problem(with: base) {
            // The rule `host` applies to the base URL it stores; the message never echoes user info or a query.
            throw UsageError("--cdn-base-url: \(problem)")
        }
        var headers: [String: String] = [:]
        for line in arguments.values(.header) {
            guard let colon = line.firstIndex(of: ":"), colon != line.startIndex,
                  !line[..<colon].contains(where: { $0.isWhitespace }) else {
                throw UsageError("--header: expected 'NAME: VALUE', got '\(line)'")
            }
            let name = String(line[..<colon]), value = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
            if let problem = HTTPRequestHead.problem(headerName: name, value: value) { throw UsageError("--header: \(problem)") }
            headers[name] = value
        }
        if !headers.isEmpty, arguments.value(.baseURL) == nil, arguments.values(.headerHost).isEmpty {
            console.error("riv-assets: warning: --header is sent only to the hosts of --cdn-base-url and --header-host, "
                + "and neither was given: it will not be sent (add --header-host HOST for the CDN that needs it)")
        }
        for entry in arguments.values(.headerHost) {
            do throws(HostPortError) {
                _ = try HostPort(parsing: entry)
            } catch {
                throw UsageError("--header-host: \(error)")
            }
        }
        let cache: HostedAssetCache
        do throws(HostedAssetCacheError) {
            cache = try HostedAssetCache(directory: arguments.value(.cacheDir).map { URL(fileURLWithPath: $0) })
        } catch {
            throw UsageError(error.description)
        }
        let configuration = HostedAssetFetcher.Configuration(baseURLOverride: arguments.value(.baseURL), headers: headers,
                                                             headerHosts: arguments.values(.headerHost),
                                                             retry: .exponential(retries: retryCount), maximumConcurrentDownloads: jobCount,
                                                             offline: arguments.isSet(.offline), maximumAssetSize: largest,
                                                             deadline: totalSeconds ?? seconds * 10)
        let transport = URLSessionTransport(timeout: seconds, maximumConnectionsPerHost: jobCount)
        return HostedAssetFetcher(transport: NetworkLibraryTransport(transport: transport),
                                  cache: cache,
                                  configuration: configuration)
    }

}

/// The options of a command that fetches hosted assets (``HostedOptions/fetcher(_:console:)``):
/// a case for each of the options ``HostedOptions`` declares.
protocol FetchOption: CommandOption {
    static var cacheDir: Self { get }
    static var baseURL: Self { get }
    static var header: Self { get }
    static var headerHost: Self { get }
    static var retries: Self { get }
    static var timeout: Self { get }
    static var deadline: Self { get }
    static var maxAssetSize: Self { get }
    static var jobs: Self { get }
    static var offline: Self { get }
}

extension Console {
    /// One line per hosted asset had by a fetch on standard output,
    /// `input: asset  downloaded  12.3 KiB png`; those that failed are the
    /// result's failures, for ``printOutcomes(_:)``.
    func fetched(_ assets: [FetchedAsset]) {
        for asset in assets where asset.status != .failed {
            print("\(TerminalText.escaped(asset.input)): \(TerminalText.escaped(asset.asset))  \(asset.status.rawValue)  "
                  + "\(ByteCountText.binary(asset.bytes ?? 0)) \(asset.format?.rawValue ?? "")")
        }
    }
}
