import RivFormat
import RivHostedAssets

/// The hosted assets of some inputs, as requests (which hold no part of the
/// files), read the way every operation reads its inputs.
struct HostedInputs: Sendable {
    /// One hosted asset of one input.
    struct Asset: Sendable {
        var input: String
        var uniqueName: String
        var type: AssetType
        var uuid: String
        var request: Result<HostedAssetRequest, HostedAssetError>
    }

    /// Every hosted asset, in input order, then file order.
    var assets: [Asset] = []
    /// Inputs that could not be read.
    var failures: [InputFailure] = []
    /// Inputs without a hosted asset.
    var skipped: [SkippedInput] = []

    /// Reads `inputs` and makes the fetcher's request for each hosted asset.
    init(_ inputs: [String], fetcher: HostedAssetFetcher) {
        let perInput = InputEngine.map(inputs, width: ParallelWork.coreCount) { _, path -> (failure: InputFailure?, assets: [Asset]) in
            switch InputEngine.read(path) {
            case .failure(let error):
                return (InputFailure(path: path, message: error.message), [])
            case .success(let file):
                return (nil, file.assets.compactMap { asset in
                    guard let cdn = asset.cdn else { return nil }
                    let request: Result<HostedAssetRequest, HostedAssetError>
                    do throws(HostedAssetError) {
                        request = .success(try fetcher.request(for: asset))
                    } catch {
                        request = .failure(error)
                    }
                    return Asset(input: path, uniqueName: asset.uniqueName, type: asset.type, uuid: cdn.uuid, request: request)
                })
            }
        }
        for (path, result) in zip(inputs, perInput) {
            if let failure = result.failure {
                failures.append(failure)
            } else if result.assets.isEmpty {
                skipped.append(SkippedInput(path: path, reason: "no hosted asset"))
            } else {
                assets += result.assets
            }
        }
    }
}
