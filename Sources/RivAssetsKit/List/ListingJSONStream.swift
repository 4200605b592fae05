import Foundation
import RivFormat

extension AssetOperations {
    /// Writes the listing document of `request` (the JSON of ``list(_:)``, the
    /// shape `riv-assets list --json` prints) piece by piece to `write`, one asset
    /// at a time, and returns the inputs that could not be read.
    ///
    /// Unlike ``list(_:)``, it never holds a whole listing: inputs are read (and
    /// their assets hashed) a few at a time in parallel, and each asset's JSON is
    /// written as soon as it is made, so memory stays near the size of the files
    /// being read whatever the number of assets or the size of the output.
    public static func streamListingJSON(_ request: ListRequest, to write: (String) -> Void) throws(RequestError) -> [InputFailure] {
        try InputEngine.requireInputs(request.inputs)
        let width = request.parallelism.width(automatic: ParallelWork.coreCount)
        let hashing = request.contentHashes
        var failures: [InputFailure] = []
        let encoder = ReportJSON.makeEncoder()
        write("{\n  \"files\" : [\n")
        for start in stride(from: 0, to: request.inputs.count, by: width) {
            let batch = Array(request.inputs[start..<min(start + width, request.inputs.count)])
            let read = InputEngine.map(batch, width: width) { _, path in ListingSource(path: path, hashing: hashing) }
            for (offset, source) in read.enumerated() {
                if start + offset > 0 { write(",\n") }
                if let failure = source.write(encoder, to: write) { failures.append(failure) }
            }
        }
        write("\n  ],\n  \"schemaVersion\" : \(ListingDocument.currentSchemaVersion)\n}\n")
        return failures
    }
}

/// One input read for the JSON stream: the file (with its assets' hashes, taken
/// on the reading thread) or the listing of its error.
private struct ListingSource: Sendable {
    let path: String
    let file: RivFile?
    let hashes: [UInt64]
    let errorListing: FileListing?

    init(path: String, hashing: Bool) {
        self.path = path
        switch InputEngine.read(path) {
        case .success(let file):
            let hashes = hashing ? file.assets.map(\.contentHash) : []
            if hashing && file.hasChangedOnDisk {
                self.file = nil
                self.hashes = []
                errorListing = FileListing(path: path, error: RivError(
                    .unreadable(reason: "the file was modified while it was read; list it again"),
                    offset: 0, reading: "the embedded bytes", path: path))
            } else {
                self.file = file
                self.hashes = hashes
                errorListing = nil
            }
        case .failure(let error):
            file = nil
            hashes = []
            errorListing = FileListing(path: path, error: error)
        }
    }

    /// Writes this file's entry of the `files` array; returns its failure, if any.
    func write(_ encoder: JSONEncoder, to write: (String) -> Void) -> InputFailure? {
        guard let file else {
            let listing = errorListing ?? FileListing(path: path, error: RivError(.truncated, offset: 0, reading: "the file"))
            write(Self.indented(Self.json(listing, encoder), by: 4))
            return InputFailure(path: path, message: listing.error?.message ?? "")
        }
        // The file's fields without its assets; "assets" sorts first, so the empty
        // array opens the object and the assets go where it stands.
        let shell = Self.indented(Self.json(FileListing(path: path, file: file, contentHashes: false, assets: false), encoder), by: 4)
        let emptyAssets = "\"assets\" : [\n\n      ]"
        guard !file.assets.isEmpty, let gap = shell.range(of: emptyAssets) else {
            write(shell)
            return nil
        }
        write(String(shell[..<gap.lowerBound]) + "\"assets\" : [\n")
        let usage = file.referencersByAsset
        for (index, asset) in file.assets.enumerated() {
            var listing = AssetListing(asset, contentHash: false, usedBy: usage[index])
            if !hashes.isEmpty { listing.contentHash = FNV1a.hexString(hashes[index]) }
            write(Self.indented(Self.json(listing, encoder), by: 8) + (index + 1 < file.assets.count ? ",\n" : "\n"))
        }
        write("      ]" + String(shell[gap.upperBound...]))
        return nil
    }

    /// `value` in the report style (it cannot fail for listings, whose numbers are finite).
    private static func json<Value: Encodable>(_ value: Value, _ encoder: JSONEncoder) -> String {
        let data = (try? encoder.encode(value)).map(ReportJSON.escapingLineSeparators) ?? Data("null".utf8)
        return String(decoding: data, as: UTF8.self)
    }

    /// Every line of `text` moved right by `count` spaces (JSON strings hold no raw line breaks).
    private static func indented(_ text: String, by count: Int) -> String {
        let padding = String(repeating: " ", count: count)
        return text.split(separator: "\n", omittingEmptySubsequences: false).map { $0.isEmpty ? "" : padding + $0 }.joined(separator: "\n")
    }
}
