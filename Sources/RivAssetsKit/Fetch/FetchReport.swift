import RivFormat
import RivHostedAssets

/// What ``AssetOperations/fetch(_:)`` did (`riv-assets fetch --json`).
public struct FetchReport: Codable, Sendable, Equatable {
    /// The version of this report's shape: 2 since the entries for an input name it
    /// `path` (version 1, without this field, called it `input`).
    public var schemaVersion = 2
    /// Every hosted asset of the inputs, in input order, then file order.
    public var assets: [FetchedAsset]
    /// Inputs that could not be read.
    public var failures: [InputFailure]
    /// Inputs without a hosted asset.
    public var skipped: [SkippedInput]

    /// True when an input could not be read or an asset could not be had.
    public var hasFailures: Bool { !failures.isEmpty || assets.contains { $0.status == .failed } }
}

/// One hosted asset and what became of it.
public struct FetchedAsset: Codable, Sendable, Equatable {
    /// What became of it.
    public enum Status: String, Codable, Sendable {
        /// The cache had it; no request was made.
        case cached
        /// It was downloaded and stored in the cache.
        case downloaded
        /// It could not be had (see ``FetchedAsset/error``).
        case failed
    }

    /// The input it belongs to.
    public var input: String
    /// Its unique name.
    public var asset: String
    /// Its type (`image`, `font`, `audio`, `unknown`).
    public var type: AssetType
    /// Its CDN uuid.
    public var uuid: String
    /// The URL it is fetched from (nil when none can be made).
    @NullEncoded public var url: String?
    /// Cached, downloaded or failed.
    public var status: Status
    /// Its size, when it is in the cache.
    @NullEncoded public var bytes: Int?
    /// The detected format, when it is in the cache (its raw value in JSON: `png`).
    @NullEncoded public var format: ContentFormat?
    /// Requests made for it in this run.
    public var attempts: Int
    /// The last HTTP status of a failure, when there was one.
    @NullEncoded public var httpStatus: Int?
    /// Why it failed.
    @NullEncoded public var error: String?
}

extension FetchedAsset {
    /// The report line of one hosted asset and what fetching it gave.
    init(_ asset: HostedInputs.Asset, outcome: Result<HostedAssetFetch, HostedAssetError>) {
        self.init(input: asset.input, asset: asset.uniqueName, type: asset.type, uuid: asset.uuid,
                  url: try? asset.request.get().url.absoluteString, status: .failed, attempts: 0)
        switch outcome {
        case .success(let fetched):
            status = fetched.source == .cached ? .cached : .downloaded
            bytes = fetched.byteCount
            format = fetched.format
            attempts = fetched.attempts
        case .failure(let error):
            url = error.url ?? url
            attempts = error.attempts
            httpStatus = error.status
            self.error = error.reason + (error.attempts > 1 ? " after \(error.attempts) attempts" : "") + (error.hint.map { "; " + $0 } ?? "")
        }
    }
}
