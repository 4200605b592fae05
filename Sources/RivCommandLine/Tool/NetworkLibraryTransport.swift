import RivHostedAssets

/// The tool's transport: ``URLSessionTransport`` once the platform's network
/// library is loaded (``Platform/networkLibraryProblem()``), so that a download
/// on a system without libcurl fails with that reason instead of stopping the
/// process. Nothing is loaded until the first request: a fetch served from the
/// cache never loads it.
struct NetworkLibraryTransport: HostedAssetHTTPClient {
    /// Why the network library cannot be used, or nil once it is loaded.
    let problem: @Sendable () -> String?
    /// The transport that sends the requests.
    let transport: any HostedAssetHTTPClient

    /// The network library is missing: each request fails with this, not retried.
    struct Missing: Error, CustomStringConvertible {
        let description: String
    }

    init(problem: @escaping @Sendable () -> String? = Platform.networkLibraryProblem, transport: any HostedAssetHTTPClient) {
        self.problem = problem
        self.transport = transport
    }

    func send(_ request: HostedAssetRequest) async throws -> HostedAssetResponse {
        if let problem = problem() { throw Missing(description: problem) }
        return try await transport.send(request)
    }
}
