import RivAssetsKit
import RivHostedAssets

/// `riv-assets fetch`: downloads the hosted assets of files into the cache.
enum FetchCommand: Command {
    static let name = "fetch"
    static let summary = "download hosted (CDN) assets into the cache"
    enum Option: FetchOption {
        case cacheDir, baseURL, header, headerHost, retries, timeout, deadline, maxAssetSize, jobs, offline, json
        var declaration: OptionDeclaration {
            switch self {
            case .cacheDir, .baseURL, .header, .headerHost, .retries, .timeout, .deadline, .maxAssetSize, .jobs, .offline: HostedOptions.declaration(of: self)
            case .json: SharedOptions.json
            }
        }
    }
    static let help = HelpText.render(usage: """
        riv-assets fetch FILE... [--cache-dir DIR] [--cdn-base-url URL] [--header 'NAME: VALUE']...
                                [--retries N] [--timeout SECONDS] [--jobs N] [--offline] [--json]
        """, description: """
        Puts every hosted asset of the files in the cache: from base URL + `/` + uuid
        (as Rive's runtimes fetch it), checked to be a format its type accepts (an
        HTML page served for an image fails), stored by uuid exactly as received.
        Assets already cached are not fetched again. Each asset is reported as
        cached, downloaded, or failed with the URL and the reason.
        """, options: options, notes: """
        Transient failures (no connection, timeouts, 408, 429, 5xx) are retried;
        other statuses fail at once. A progress line goes to standard error when it
        is a terminal. Exit status: 0 when every asset is in the cache, 1 when any
        failed or an input could not be read, 64 for a usage error.
        """)

    nonisolated(nonsending) static func run(_ arguments: ParsedArguments<Option>, console: Console) async throws(UsageError) -> Int32 {
        let progress = ProgressLine(console: console)
        let request = FetchRequest(inputs: try SharedOptions.requestInputs(arguments), fetcher: try HostedOptions.fetcher(arguments, console: console), progress: progress.callback)
        let result = try await perform { () async throws(RequestError) in try await AssetOperations.fetch(request) }
        progress.finish()
        if arguments.isSet(.json) {
            console.printJSON(result)
        } else {
            console.fetched(result.assets)
        }
        console.printOutcomes(result)
        return ExitStatus.of(result)
    }
}
