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
        return withoutActuallyEscaping(write) { write in
            var failures: [InputFailure] = []
            let writer = ListingJSONWriter(write: write)
            writer.begin()
            for start in stride(from: 0, to: request.inputs.count, by: width) {
                let batch = Array(request.inputs[start..<min(start + width, request.inputs.count)])
                for input in InputEngine.map(batch, width: width, { _, path in ListedInput(path: path, hashing: hashing) }) {
                    if let failure = writer.file(input) { failures.append(failure) }
                }
            }
            writer.end()
            return failures
        }
    }
}

/// Writes a ``ListingDocument`` as JSON in the report style (keys sorted, two
/// spaces per level) as it goes: each file's fields in key order, written by this
/// writer, and each asset encoded on its own, so no listing is ever held whole.
/// ``ListingDocument``'s decoder reads the result; a test holds the two to the
/// same value.
struct ListingJSONWriter {
    let write: (String) -> Void
    private let encoder = ReportJSON.makeEncoder()
    private let firstFile = Flag()

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

    func end() {
        write((firstFile.isSet ? "\n" : "") + "  ],\n  \"schemaVersion\" : \(ListingDocument.currentSchemaVersion)\n}\n")
    }

    /// Writes one entry of `files`, fields in key order (`assets`, `byteCount`,
    /// `error`, `header`, `path`, `problems`); returns the input's failure, if any.
    func file(_ input: ListedInput) -> InputFailure? {
        write(firstFile.isSet ? ",\n    {\n" : "    {\n")
        firstFile.isSet = true
        let failure: InputFailure?
        let shell: FileListing
        switch input {
        case .failed(let listing):
            shell = listing
            failure = InputFailure(path: listing.path, message: listing.error?.message ?? "")
            write("      \"assets\" : [\n\n      ],\n")
        case .read(let path, let file, let hashes):
            shell = FileListing(path: path, file: file, contentHashes: false, assets: false)
            failure = nil
            if file.assets.isEmpty {
                write("      \"assets\" : [\n\n      ],\n")
            } else {
                write("      \"assets\" : [\n")
                let usage = file.referencersByAsset
                for index in file.assets.indices {
                    let listing = ListedInput.assetListing(file, index, hashes: hashes, usedBy: usage[index])
                    write(indented(json(listing), by: 8) + (index + 1 < file.assets.count ? ",\n" : "\n"))
                }
                write("      ],\n")
            }
        }
        field("byteCount", shell.byteCount.map { json($0) })
        field("error", shell.error.map { json($0) })
        field("header", shell.header.map { json($0) })
        field("path", json(shell.path))
        field("problems", json(shell.problems), last: true)
        write("    }")
        return failure
    }

    /// One `"key" : value` line of a file's object (`null` for nil).
    private func field(_ key: String, _ value: String?, last: Bool = false) {
        write("      \"\(key)\" : " + String(indented(value ?? "null", by: 6).drop { $0 == " " }) + (last ? "\n" : ",\n"))
    }

    /// `value` in the report style (it cannot fail for listings, whose numbers are finite).
    private func json<Value: Encodable>(_ value: Value) -> String {
        let data = (try? encoder.encode(value)).map(ReportJSON.escapingLineSeparators) ?? Data("null".utf8)
        return String(decoding: data, as: UTF8.self)
    }

    /// Every line of `text` moved right by `count` spaces (JSON strings hold no raw line breaks).
    private func indented(_ text: String, by count: Int) -> String {
        let padding = String(repeating: " ", count: count)
        return text.split(separator: "\n", omittingEmptySubsequences: false).map { $0.isEmpty ? "" : padding + $0 }.joined(separator: "\n")
    }
}
