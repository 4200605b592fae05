import Foundation
import RivFormat
import RivSupport

extension AssetOperations {
    /// Writes the listing document of `request` (the JSON of ``list(_:)``, the
    /// shape `riv-assets list --json` prints) piece by piece to `write`, one asset
    /// at a time, and returns the inputs that could not be read.
    ///
    /// Unlike ``list(_:)``, it never holds a whole listing: inputs are read (and
    /// their assets hashed) in parallel, a few per thread ahead of the one being
    /// written, and each asset's JSON is
    /// written as soon as it is made, so memory stays near the size of the files
    /// being read whatever the number of assets or the size of the output.
    public static func streamListingJSON(_ request: ListRequest, to write: (String) -> Void) throws(RequestError) -> [InputFailure] {
        try InputEngine.requireInputs(request.inputs.names)
        let width = request.parallelism.width(automatic: ParallelWork.coreCount)
        let hashing = request.contentHashes || request.largest != nil
        return withoutActuallyEscaping(write) { write in
            var failures: [InputFailure] = []
            var tally = LargestAssetTally()
            let writer = ListingJSONWriter(write: write)
            writer.begin()
            // A few inputs per thread may wait to be written, read ahead while earlier ones are.
            let inputs = request.inputs.names
            ParallelWork.inOrder(count: inputs.count, width: min(width, InputEngine.descriptorWidth), window: width * 4,
                                 produce: { ListedInput(path: inputs[$0], hashing: hashing) },
                                 consume: { index, input in
                                     let failure = writer.file(input) { if request.largest != nil { tally.add($0, input: index) } }
                                     if let failure { failures.append(failure) }
                                 })
            writer.end(largest: request.largest.map { tally.ranking(count: $0, inputs: inputs) })
            return failures
        }
    }
}

/// Writes a ``ListingDocument`` as JSON in the result style (keys sorted, two
/// spaces per level) as it goes, through ``ResultJSONText``: each file's fields in
/// key order and each asset on its own, so no listing is ever held whole.
/// ``ListingDocument``'s decoder reads the result, and a test holds it to the
/// bytes the result encoder writes for the same document.
struct ListingJSONWriter {
    let write: (String) -> Void
    private let firstFile = Flag()
    /// How many bytes of asset JSON are gathered before they are handed to `write`.
    private static let chunkSize = 1 << 16

    /// Whether a file was written yet (the separator before the next one).
    private final class Flag {
        var isSet = false
    }

    init(write: @escaping (String) -> Void) {
        self.write = write
    }

    func begin() {
        write("{\n  \"files\" : [\n")
    }

    /// Ends the document, with the field `largest` when a ranking is given.
    func end(largest: [LargestAsset]? = nil) {
        let ranking = largest.map { "  \"largest\" : " + ResultJSONText.text(.array($0.map(ResultJSONText.Value.init)), level: 1) + ",\n" } ?? ""
        write((firstFile.isSet ? "\n" : "") + "  ],\n" + ranking + "  \"schemaVersion\" : \(ListingDocument.currentSchemaVersion)\n}\n")
    }

    /// Writes one entry of `files`, fields in key order (`artboards`, `assets`,
    /// `byteCount`, `error`, `header`, `path`, `problems`), handing each asset's
    /// listing to `each` as it is written; returns the input's failure, if any.
    func file(_ input: ListedInput, each: (AssetListing) -> Void = { _ in }) -> InputFailure? {
        write(firstFile.isSet ? ",\n    {\n" : "    {\n")
        firstFile.isSet = true
        let failure: InputFailure?
        let shell: FileListing
        switch input {
        case .failed(let listing):
            shell = listing
            failure = InputFailure(path: listing.input, message: listing.error?.message ?? "")
            write("      \"artboards\" : [\n\n      ],\n      \"assets\" : [\n\n      ],\n")
        case .read(let path, let file, let hashes):
            shell = FileListing(input: path, file: file, contentHashes: false, assets: false)
            failure = nil
            write("      \"artboards\" : " + ResultJSONText.text(.array(shell.artboards.map { .string($0) }), level: 3) + ",\n")
            if file.assets.isEmpty {
                write("      \"assets\" : [\n\n      ],\n")
            } else {
                write("      \"assets\" : [\n")
                let usage = file.referencersByAsset
                var text: [UInt8] = []
                for index in file.assets.indices {
                    let listing = ListedInput.assetListing(file, index, hashes: hashes, usedBy: usage[index])
                    each(listing)
                    ResultJSONText.appendASCII("        ", to: &text)
                    ResultJSONText.append(ResultJSONText.Value(listing), level: 4, to: &text)
                    ResultJSONText.appendASCII(index + 1 < file.assets.count ? ",\n" : "\n", to: &text)
                    if text.count >= Self.chunkSize || index + 1 == file.assets.count {
                        write(String(decoding: text, as: UTF8.self))
                        text.removeAll(keepingCapacity: true)
                    }
                }
                write("      ],\n")
            }
        }
        var text: [UInt8] = []
        let fields: [ResultJSONText.Field] = [
            .init("byteCount", shell.byteCount.map { .integer($0) } ?? .null),
            .init("error", shell.error.map { .object([.init("message", .string($0.message)), .init("offset", .integer($0.offset))]) } ?? .null),
            .init("header", shell.header.map { .object([.init("fileID", .unsigned($0.fileID)), .init("majorVersion", .unsigned($0.majorVersion)),
                                                   .init("minorVersion", .unsigned($0.minorVersion))]) } ?? .null),
            .init("input", .string(shell.input)),
            .init("problems", .array(shell.problems.map { .string($0) })),
        ]
        for (index, field) in fields.enumerated() {
            ResultJSONText.appendASCII("      ", to: &text)
            JSONStringText.append(field.key, to: &text)
            ResultJSONText.appendASCII(" : ", to: &text)
            ResultJSONText.append(field.value, level: 3, to: &text)
            ResultJSONText.appendASCII(index + 1 < fields.count ? ",\n" : "\n", to: &text)
        }
        ResultJSONText.appendASCII("    }", to: &text)
        write(String(decoding: text, as: UTF8.self))
        return failure
    }
}
