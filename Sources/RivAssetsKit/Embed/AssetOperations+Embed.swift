import Foundation
import RivFormat
import RivAssetRegistry
import RivHostedAssets

extension AssetOperations {
    /// Makes each input self-contained: every hosted asset is embedded from the
    /// fetcher's cache or the network (its CDN uuid and base URL removed), every
    /// referenced one from the request's assets folder, matched by unique name and
    /// type. Everything else in the file is copied byte for byte.
    ///
    /// An input with an asset that cannot be embedded fails and is not written,
    /// unless the request allows missing assets. Outputs are written to a temporary
    /// file and renamed; an existing output is refused unless the request overwrites.
    public static func embed(_ request: EmbedRequest) async throws(RequestError) -> EmbedReport {
        try InputEngine.requireInputs(request.inputs)
        let folder = try request.assetsFolder.map { path throws(RequestError) in
            do throws(AssetFolder.Problem) {
                return try AssetFolder(contentsOf: LiteralPath.kernelURL(path))
            } catch {
                throw RequestError("--assets: \(error.description)")
            }
        }
        let outputs = try OutputPaths.resolve(inputs: request.inputs, destination: request.destination)
        let fetched = try await fetch(FetchRequest(inputs: request.inputs, fetcher: request.fetcher, progress: request.progress))
        var cached: [String: URL] = [:]
        var failed: [String: String] = [:]
        for asset in fetched.assets {
            guard let url = asset.url else { continue }
            if asset.status == .failed {
                failed[url] = asset.error
            } else if let key = URL(string: url).flatMap({ HostedAssetKey(url: $0, uuid: asset.uuid) }) {
                cached[url] = request.fetcher.cache.file(for: key)
            }
        }
        let sources = EmbedSources(hosted: cached, hostedFailures: failed, folder: folder, fetcher: request.fetcher)
        let replacing = request.destination == .inPlace || request.overwrite
        let files = InputEngine.map(request.inputs, width: ParallelWork.coreCount) { index, path in
            embed(path, writingTo: outputs[index], sources, allowMissing: request.allowMissing, replacing: replacing)
        }
        return EmbedReport(files: files, hosted: fetched.assets)
    }

    /// Where each asset's bytes come from.
    private struct EmbedSources: Sendable {
        /// Cache files by the URL their bytes came from.
        var hosted: [String: URL]
        /// Why the asset at a URL could not be had.
        var hostedFailures: [String: String]
        /// The assets folder's files.
        var folder: AssetFolder?
        /// Whose requests name the URLs.
        var fetcher: HostedAssetFetcher

        /// The file holding the bytes for `asset`, or why there is none.
        func file(for asset: FileAsset) -> Result<URL, MissingReason> {
            if asset.cdn != nil {
                let url = (try? fetcher.request(for: asset))?.url.absoluteString ?? ""
                if let file = hosted[url] { return .success(file) }
                return .failure(MissingReason(text: hostedFailures[url] ?? "not fetched"))
            }
            if let entry = folder?.entry(for: asset.uniqueName, type: asset.type) { return .success(entry.url) }
            return .failure(MissingReason(text: folder != nil ? "no file for it in --assets (\(asset.uniqueName).<ext>)" : "referenced, and no --assets folder was given"))
        }
    }

    private struct MissingReason: Error {
        var text: String
    }

    /// Rewrites one input with every asset it can embed.
    private static func embed(_ path: String, writingTo output: URL, _ sources: EmbedSources, allowMissing: Bool, replacing: Bool) -> EmbeddedFile {
        var result = EmbeddedFile(path: path)
        let file: RivFile
        switch InputEngine.read(path) {
        case .success(let read): file = read
        case .failure(let error):
            result.error = error.message
            return result
        }
        var editor = RivEditor(file)
        for asset in file.assets where asset.location != .embedded {
            let missing = { (reason: String) in
                MissingAsset(asset: asset.uniqueName, type: asset.type.description, location: asset.location.rawValue, reason: reason)
            }
            switch sources.file(for: asset) {
            case .failure(let reason):
                result.missing.append(missing(reason.text))
            case .success(let url):
                do throws(RivEditError) {
                    try editor.embed(contentsOf: url, in: asset)
                } catch {
                    result.missing.append(missing(error.description))
                }
            }
        }
        if !result.missing.isEmpty && !allowMissing {
            let count = result.missing.count
            result.error = "\(count) asset\(count == 1 ? "" : "s") cannot be embedded: "
                + result.missing.map { "\($0.asset) (\($0.reason))" }.joined(separator: "; ")
            return result
        }
        guard editor.hasChanges else {
            result.skipped = result.missing.isEmpty ? "every asset is already embedded" : "no asset could be embedded"
            return result
        }
        do throws(RivEditError) {
            try RivEditor.checkDestination(output, replacing: replacing)
            try editor.write(to: output, replacing: replacing)
            result.output = output.path
            result.changes = editor.outcomes.map { AssetChange($0) }
        } catch {
            let failure = InputFailure(path: path, error)
            result.error = failure.message
            result.remedy = failure.remedy
        }
        return result
    }
}
