import Foundation
import RivAssetsKit
import RivCommandLine
import RivFormat
import RivHostedAssets
import RivTestSupport

/// The measured operations: each is the `AssetOperations` call the `riv-assets`
/// command makes, so the figures are those of the tool's own code. A result with a
/// failure makes the child fail with its message.
enum LibraryOperations {
    /// `riv-assets list`: every file's table, formatted on its reading thread.
    /// Returns the number of characters of the tables.
    static func list(_ paths: [String], parallelism: Parallelism) throws(BenchError) -> Int {
        var characters = 0
        let request = ListRequest(inputs: paths.map(RequestInput.path), contentHashes: false, parallelism: parallelism)
        let failures = try kit { () throws(RequestError) in
            try AssetOperations.streamListingTables(request) { characters += $0.utf8.count + 1 }
        }
        if let failure = failures.first { throw BenchError("\(failure.path): \(failure.message)") }
        return characters
    }

    /// `riv-assets list --json`: one document with every embedded asset hashed,
    /// written as it is made. Returns the size of the document.
    static func listJSON(_ paths: [String]) throws(BenchError) -> Int {
        var characters = 0
        let failures = try kit { () throws(RequestError) in
            try AssetOperations.streamListingJSON(ListRequest(inputs: paths.map(RequestInput.path), contentHashes: true)) { characters += $0.utf8.count }
        }
        if let failure = failures.first { throw BenchError("\(failure.path): \(failure.message)") }
        return characters
    }

    /// `riv-assets extract` (with `--json`, hashing what it writes). Returns the number of files written.
    static func extract(_ paths: [String], into output: String, hashing: Bool, parallelism: Parallelism) async throws(BenchError) -> Int {
        let request = ExtractRequest(inputs: paths.map(RequestInput.path), outputFolder: output, contentHashes: hashing, parallelism: parallelism)
        let result = try await kit { () async throws(RequestError) in try await AssetOperations.extract(request) }
        if let failure = result.failures.first { throw BenchError("\(failure.path): \(failure.message)") }
        return result.files.count
    }

    /// `riv-assets replace riv --image NAME=payload -o output`. Returns the number of assets changed.
    static func replace(_ riv: String, image name: String, with payload: String, writingTo output: String) throws(BenchError) -> Int {
        // Case 1 replaces with a 1 GiB image, over the default limit for one replacement file.
        let request = ReplaceRequest(inputs: [.path(riv)], destination: .path(output),
                                     replacements: [.init(type: .image, name: name, path: payload)], maximumFileSize: .max)
        let result = try kit { () throws(RequestError) in try AssetOperations.replace(request) }
        if let failed = result.failures.first {
            throw BenchError("\(failed.path): \(failed.message)")
        }
        guard result.unmatched.isEmpty else { throw BenchError("no asset matched \(result.unmatched.joined(separator: ", "))") }
        return result.files.reduce(0) { $0 + ($1.detail?.changes.count ?? 0) }
    }

    /// `riv-assets fetch riv --cache-dir CACHE --cdn-base-url SERVER [--jobs N]`. Returns
    /// the bytes now in the cache; with `expectingNoRequest`, fails when the server
    /// saw a request during the fetch.
    static func fetchHosted(_ riv: String, paths: BenchPaths, jobs: Int?, expectingNoRequest: Bool) async throws(BenchError) -> Int {
        let server: String
        let cache: HostedAssetCache
        do {
            server = try String(contentsOfFile: paths.hostedServerURL, encoding: .utf8)
            cache = try HostedAssetCache(directory: URL(fileURLWithPath: paths.hostedCache))
        } catch {
            throw BenchError("case 4 is not set up: \(error)")
        }
        let width = jobs ?? HostedAssetFetcher.Configuration.defaultConcurrency
        let fetcher = HostedAssetFetcher(transport: URLSessionTransport(timeout: 60, maximumConnectionsPerHost: width), cache: cache,
                                         configuration: .init(baseURLOverride: server, maximumConcurrentDownloads: width, maximumAssetSize: 2 << 30))
        let log = URL(fileURLWithPath: paths.hostedFolder + "/requests.log")
        let requestsBefore = HostedAssetServer.requestCount(inLog: log)
        let result = try await kit { () async throws(RequestError) in try await AssetOperations.fetch(FetchRequest(inputs: [.path(riv)], fetcher: fetcher)) }
        if let failed = result.assets.first(where: { $0.status == .failed }) { throw BenchError("\(failed.asset): \(failed.error ?? "")") }
        let requests = HostedAssetServer.requestCount(inLog: log) - requestsBefore
        if expectingNoRequest && requests != 0 { throw BenchError("a fetch with a warm cache made \(requests) requests") }
        return result.assets.reduce(0) { $0 + ($1.bytes ?? 0) }
    }

    private static func kit<Value>(_ body: () throws(RequestError) -> Value) throws(BenchError) -> Value {
        do {
            return try body()
        } catch {
            throw BenchError(error.message)
        }
    }

    private static func kit<Value>(_ body: () async throws(RequestError) -> Value) async throws(BenchError) -> Value {
        do {
            return try await body()
        } catch {
            throw BenchError(error.message)
        }
    }
}
