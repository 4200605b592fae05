import Foundation
import RivFormat
import RivAssetRegistry
import RivHostedAssets
import RivSupport

/// The hosted (CDN) image, font and audio assets of some files as a source of an
/// `AssetRegistry`: each is served under its unique name with the
/// bytes its fetcher gets (from the cache, else from the network unless the
/// fetcher is offline). Telling the registry the source changed
/// (`AssetRegistry.sourceContentsChanged(id:)`) fetches what is not
/// cached yet, so the registry follows the cache as it fills.
///
/// ```swift
/// let hosted = HostedAssetSource(id: "cdn", files: [hero], fetcher: fetcher)
/// let update = await registry.addSource(hosted)
/// if let failure = update.failure { print(failure) }   // logo-6: https://…: HTTP 404 after 1 attempt
/// ```
///
/// When any asset cannot be had, the query fails with every failure
/// (``HostedAssetSourceError``) and the registry keeps what the source served before.
public struct HostedAssetSource: AssetSource {
    /// The source's name.
    public let id: String
    /// The files whose hosted assets are served.
    public let files: [RivFile]
    /// How their bytes are got.
    public let fetcher: HostedAssetFetcher

    /// A source named `id` for the hosted assets of `files`, fetched by `fetcher`.
    public init(id: String, files: [RivFile], fetcher: HostedAssetFetcher) {
        self.id = id
        self.files = files
        self.fetcher = fetcher
    }

    /// The hosted images, fonts and audio of the files, one per unique name.
    public var assets: [FileAsset] {
        var seen: Set<String> = []
        return files.flatMap(\.assets).filter { asset in
            guard asset.location == .hosted, asset.type.acceptedFormats != nil else { return false }
            return seen.insert("\(asset.type)/\(asset.uniqueName)").inserted
        }
    }

    /// Every hosted asset's bytes under its unique name; throws ``HostedAssetSourceError``
    /// when any cannot be had.
    public func currentAssets() async throws -> [SourcedAsset] {
        let assets = self.assets
        var served: [SourcedAsset] = []
        var failures: [HostedAssetError] = []
        for (asset, outcome) in zip(assets, await fetcher.dataOfAll(assets)) {
            switch outcome {
            case .success(let data): served.append(SourcedAsset(type: asset.type, exactName: asset.uniqueName, bytes: data))
            case .failure(let error): failures.append(error)
            }
        }
        if !failures.isEmpty { throw HostedAssetSourceError(failures: failures) }
        return served
    }
}

/// Why a ``HostedAssetSource`` could not answer: every asset it could not get.
public struct HostedAssetSourceError: Error, Sendable, CustomStringConvertible {
    /// Each failure, in file order.
    public let failures: [HostedAssetError]

    /// The failures, one per clause.
    public var description: String {
        "\(CountedNoun.text(failures.count, "hosted asset")) could not be had: " + failures.map(\.description).joined(separator: "; ")
    }
}
