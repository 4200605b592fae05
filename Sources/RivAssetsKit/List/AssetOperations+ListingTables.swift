import RivFormat

extension AssetOperations {
    /// Files with at most this many assets are formatted on the thread that read
    /// them; larger ones are written a row at a time as they are formatted.
    static let tableAssetsFormattedAhead = 4096

    /// Writes the table of every input (``ListingTable``, what `riv-assets list`
    /// prints) to `line`, one line at a time in input order, and returns the inputs
    /// that could not be read.
    ///
    /// Inputs are read in parallel ahead of the writer, and the tables of ordinary
    /// files are formatted there too; a file of very many assets is formatted a
    /// row at a time as it is written, so no table is ever held whole.
    public static func streamListingTables(_ request: ListRequest, line: (String) -> Void) throws(RequestError) -> [InputFailure] {
        try InputEngine.requireInputs(request.inputs.names)
        let width = request.parallelism.width(automatic: ParallelWork.coreCount)
        // Read ahead of the writer, as the JSON listing is, with at most 256 files waiting.
        let inputs = request.inputs.names
        var failures: [InputFailure] = []
        ParallelWork.inOrder(count: inputs.count, width: min(width, InputEngine.descriptorWidth), window: max(width, 256),
                             produce: { index -> FormattedTable in
            let path = inputs[index]
            switch InputEngine.read(path) {
            case .failure(let error): return .failed(InputFailure(path: path, message: error.message))
            case .success(let file) where file.assets.count > tableAssetsFormattedAhead: return .large(file)
            case .success(let file): return .formatted(ListingTable.text(for: file, path: path, wide: request.wide))
            }
        }, consume: { index, table in
            switch table {
            case .formatted(let text): line(text)
            case .large(let file): ListingTable.write(file, path: inputs[index], wide: request.wide, line: line)
            case .failed(let failure): failures.append(failure)
            }
        })
        return failures
    }
}

/// One input's table: its text, or the file to format while writing, or why it could not be read.
private enum FormattedTable: Sendable {
    case formatted(String)
    case large(RivFile)
    case failed(InputFailure)
}
