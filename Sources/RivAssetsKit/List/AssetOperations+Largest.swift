import RivFormat

/// What ``AssetOperations/largestAssets(_:)`` found: the ranking and the inputs it could not read.
public struct LargestAssetsResult: Sendable, Equatable {
    /// The contents that cost the most across the inputs, most first.
    public var largest: [LargestAsset]
    /// The inputs that could not be read (they count for nothing in the ranking).
    public var failures: [InputFailure]
}

extension AssetOperations {
    /// Ranks the embedded contents of every input by what they cost together
    /// (``LargestAsset``), keeping ``ListRequest/largest`` of them
    /// (``ListRequest/defaultLargestCount`` when nil): what `riv-assets list
    /// --largest` prints as a table.
    ///
    /// Inputs are read and hashed in parallel, a few ahead of the one being
    /// counted, and each is let go once counted: only one aggregate per distinct
    /// content is held, so memory does not grow with the number of files.
    public static func largestAssets(_ request: ListRequest) throws(RequestError) -> LargestAssetsResult {
        try InputEngine.requireInputs(request.inputs.names)
        let width = request.parallelism.width(automatic: ParallelWork.coreCount)
        let inputs = request.inputs.names
        var tally = LargestAssetTally()
        var failures: [InputFailure] = []
        ParallelWork.inOrder(count: inputs.count, width: min(width, InputEngine.descriptorWidth), window: width * 4,
                             produce: { ListedInput(path: inputs[$0], hashing: true) },
                             consume: { index, input in
            switch input {
            case .failed(let listing): failures.append(InputFailure(path: listing.input, message: listing.error?.message ?? ""))
            case .read(_, let file, let hashes):
                for asset in file.assets.indices { tally.add(ListedInput.assetListing(file, asset, hashes: hashes, usedBy: []), input: index) }
            }
        })
        return LargestAssetsResult(largest: tally.ranking(count: request.largest ?? ListRequest.defaultLargestCount, inputs: inputs),
                                   failures: failures)
    }
}
