import RivFormat
import RivHostedAssets

/// What ``AssetOperations/fetch(_:)`` did (`riv-assets fetch --json`).
public struct FetchResult: Codable, Sendable, Equatable, InputOutcomeResult {
    /// The version of this result's shape: 3 since every input has one
    /// ``InputOutcome`` under `files` (`input`, `output`, `status`, ...) holding
    /// its hosted assets; version 2 listed `failures` and `skipped` apart. The
    /// flat `assets` list is kept as it was.
    public var schemaVersion = 3
    /// One outcome per input, in input order: `unchanged` when every hosted asset
    /// of the input is in the cache (fetch writes no output; the input is never
    /// changed), `failed` when the input could not be read or an asset could not
    /// be had (`reason` names each), `skipped` when the input has no hosted asset.
    public var files: [InputOutcome<FetchedAssets>]

    /// A result of these outcomes.
    public init(files: [InputOutcome<FetchedAssets>]) {
        self.files = files
    }

    /// Every hosted asset of the inputs, in input order, then file order.
    public var assets: [FetchedAsset] { files.flatMap { $0.detail?.assets ?? [] } }

    /// True when an input could not be read or an asset could not be had.
    public var hasFailures: Bool { files.contains { $0.status == .failed } }

    /// The inputs that could not be read, then each hosted asset that could not
    /// be had, as a failure of its input: `NAME: URL: REASON` (one line each).
    public var inputFailures: [InputFailure] {
        files.compactMap { $0.detail == nil ? $0.failure : nil }
            + assets.filter { $0.status == .failed }.map { asset in
                InputFailure(path: asset.input, message: asset.failureText)
            }
    }

    private enum CodingKeys: String, CodingKey { case schemaVersion, files, assets }

    /// Reads a result written by ``encode(to:)``.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        schemaVersion = try container.decode(Int.self, forKey: .schemaVersion)
        files = try container.decode([InputOutcome<FetchedAssets>].self, forKey: .files)
    }

    /// Writes the result as `fetch --json` prints it.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(schemaVersion, forKey: .schemaVersion)
        try container.encode(files, forKey: .files)
        try container.encode(assets, forKey: .assets)
    }
}

/// The hosted assets of one input and what became of each.
public struct FetchedAssets: Codable, Sendable, Equatable {
    /// Every hosted asset of the input, in file order.
    public var assets: [FetchedAsset]
}

extension InputOutcome<FetchedAssets> {
    /// The outcome of an input read whole, from what became of its hosted `assets`.
    init(input: String, bytes: Int, fetched assets: [FetchedAsset]) {
        guard !assets.isEmpty else {
            self.init(input: input, status: .skipped, reason: "no hosted asset", bytesBefore: bytes, detail: FetchedAssets(assets: []))
            return
        }
        let failed = assets.filter { $0.status == .failed }
        let downloaded = assets.count { $0.status == .downloaded }
        let reason = failed.isEmpty
            ? "every hosted asset is in the cache (\(downloaded) downloaded, \(assets.count - downloaded) cached already)"
            : failed.map(\.failureText).joined(separator: "; ")
        self.init(input: input, status: failed.isEmpty ? .unchanged : .failed, reason: reason, bytesBefore: bytes,
                  detail: FetchedAssets(assets: assets))
    }
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
    /// What a failed asset says of itself: `NAME: URL: REASON`.
    var failureText: String { "\(asset): \(url ?? "no URL"): \(error ?? "failed")" }

    /// The line in the result of one hosted asset and what fetching it gave.
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

extension FetchedAsset: PropertiesDescribed {}

extension FetchedAsset.Status: CustomStringConvertible {
    /// Its name as JSON writes it, for `print` and string interpolation.
    public var description: String { rawValue }
}

extension FetchResult: PropertiesDescribed {}

extension FetchedAssets: PropertiesDescribed {}
