import RivFormat

extension AssetOperations {
    /// The listing of every input, in input order: header, assets and problems, or
    /// the error that stopped a file from being read (`riv-assets list --json`).
    /// With ``ListRequest/largest``, the document also ranks the contents that cost
    /// the most (``ListingDocument/largest``).
    public static func list(_ request: ListRequest) throws(RequestError) -> ListingDocument {
        let files = try list(request) { $0 }
        guard let count = request.largest else { return ListingDocument(files: files) }
        var tally = LargestAssetTally()
        for (index, file) in files.enumerated() {
            for asset in file.assets { tally.add(asset, input: index) }
        }
        return ListingDocument(files: files, largest: tally.ranking(count: count, inputs: request.inputs.names))
    }

    /// Lists every input and hands each file's listing to `transform` on the thread
    /// that read it, keeping only what `transform` returns (in input order): how the
    /// tool formats many tables in parallel without holding every listing.
    public static func list<Value: Sendable>(_ request: ListRequest,
                                             _ transform: @escaping @Sendable (FileListing) -> Value) throws(RequestError) -> [Value] {
        try InputEngine.requireInputs(request.inputs.names)
        let hashing = request.contentHashes || request.largest != nil
        // A large file stays open until it is released, so each is dropped on its
        // reading thread once listed rather than held until all are read.
        return InputEngine.map(request.inputs.names, width: request.parallelism.width(automatic: ParallelWork.coreCount)) { _, path in
            transform(ListedInput(path: path, hashing: hashing).listing)
        }
    }
}
