import Dispatch
import Foundation
import RivFormat
import Synchronization

/// Where results that nothing else reads go, so that the compiler cannot drop the work that made them.
enum Sink {
    private static let total = Atomic<UInt64>(0)

    static func keep(_ value: UInt64) {
        total.wrappingAdd(value, ordering: .relaxed)
    }
}

/// The measured operations, each calling the library's public API the way the
/// `riv-assets` commands call it.
enum LibraryOperations {
    /// `riv-assets list`: read each file and format every field its table shows,
    /// on the reading thread, keeping only the text. Returns the number of characters
    /// of the tables.
    static func list(_ paths: [String], allCores: Bool) throws(BenchError) -> Int {
        let tables = FileReading.map(paths, allCores: allCores) { path in
            FileReading.readOne(path).map { table(for: $0, path: path) }
        }
        var characters = 0
        for (path, result) in zip(paths, tables) {
            characters += try opened(result, path).utf8.count
        }
        return characters
    }

    /// `riv-assets list --json`: every file's ``FileListing`` in one JSON document.
    /// Returns the size of the document.
    static func listJSON(_ paths: [String]) throws(BenchError) -> Int {
        var listings: [FileListing] = []
        for (path, result) in zip(paths, FileReading.read(paths, allCores: true)) {
            listings.append(FileListing(path: path, file: try opened(result, path)))
        }
        do {
            return try ListingDocument(files: listings).jsonData().count
        } catch {
            throw BenchError("cannot encode the listing: \(error)")
        }
    }

    /// Reads each file and writes out its embedded assets, one file after another or,
    /// as the tool does, on `ParallelWork.fileWriterCount` threads (the read and the
    /// writes together). Returns the number of assets written.
    static func extract(_ paths: [String], into output: String, allCores: Bool) throws(BenchError) -> Int {
        let folders = folders(for: paths, in: output)
        let work: @Sendable (Int) -> Result<Int, BenchError> = { index in
            Result { () throws(BenchError) -> Int in
                try extract(try opened(FileReading.readOne(paths[index]), paths[index]), into: folders[index], hashing: false)
            }
        }
        let written = allCores ? ParallelWork.map(count: paths.count, width: ParallelWork.fileWriterCount, work)
            : paths.indices.map(work)
        var total = 0
        for result in written { total += try result.get() }
        return total
    }

    /// `riv-assets extract --json`: the assets written and then hashed for the
    /// manifest. Returns the number of assets written.
    static func extractHashing(_ paths: [String], into output: String) throws(BenchError) -> Int {
        let folders = folders(for: paths, in: output)
        var total = 0
        for (index, path) in paths.enumerated() {
            total += try extract(try opened(FileReading.readOne(path), path), into: folders[index], hashing: true)
        }
        return total
    }

    /// Replaces the file's one embedded asset with the bytes of another file through
    /// ``RivEditor/embed(contentsOf:in:signature:force:)``, which maps the replacement
    /// and streams it into the output.
    static func replace(_ path: String, with replacement: String, writingTo output: String) throws(BenchError) -> Int {
        let file = try opened(FileReading.readOne(path), path)
        guard let asset = file.assets.first(where: { $0.location == .embedded }) else {
            throw BenchError("\(path) has no embedded asset")
        }
        var editor = RivEditor(file)
        do throws(RivEditError) {
            try editor.embed(contentsOf: URL(fileURLWithPath: replacement), in: asset)
            try editor.write(to: URL(fileURLWithPath: output))
        } catch {
            throw BenchError("cannot replace \(asset.uniqueName) in \(path): \(error.description)")
        }
        return 1
    }

    // MARK: Shared steps

    private static func extract(_ file: RivFile, into folder: String, hashing: Bool) throws(BenchError) -> Int {
        do {
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        } catch {
            throw BenchError("cannot create \(folder): \(error.localizedDescription)")
        }
        var count = 0
        for asset in file.assets where asset.location == .embedded {
            let name = asset.uniqueName + "." + (asset.detectedFormat ?? .unknown).fileExtension
            let destination = URL(fileURLWithPath: folder).appendingPathComponent(name)
            guard !FileManager.default.fileExists(atPath: destination.path) else {
                throw BenchError("\(destination.path) already exists")
            }
            do throws(RivEditError) {
                try asset.writeEmbeddedBytes(to: destination)
            } catch {
                throw BenchError("cannot extract \(asset.uniqueName): \(error.description)")
            }
            if hashing { Sink.keep(asset.contentHash) }
            count += 1
        }
        return count
    }

    /// The CLI's output folders: the folder itself for one input, a subfolder per input otherwise.
    private static func folders(for paths: [String], in output: String) -> [String] {
        guard paths.count > 1 else { return [output] }
        return paths.map { output + "/" + URL(fileURLWithPath: $0).deletingPathExtension().lastPathComponent }
    }

    private static func opened<Value>(_ result: Result<Value, RivError>, _ path: String) throws(BenchError) -> Value {
        switch result {
        case .success(let file): return file
        case .failure(let error): throw BenchError("\(path): \(error.message)")
        }
    }

    /// The fields of the table `riv-assets list` prints for a file.
    private static func table(for file: RivFile, path: String) -> String {
        let header = file.header
        var lines = ["\(path): Rive \(header.majorVersion).\(header.minorVersion), file id \(header.fileID), "
            + "\(file.byteCount) bytes, \(file.assets.count) assets"]
        for asset in file.assets {
            var notes: [String] = []
            if asset.isSigned { notes.append("signed") }
            if let cdn = asset.cdn, asset.location == .hosted { notes.append(cdn.url) }
            notes += asset.problems.map(\.description)
            lines.append([asset.uniqueName, asset.type.description, asset.kind, asset.detectedFormat?.rawValue ?? "-",
                          String(asset.embeddedByteCount), asset.location.rawValue, notes.joined(separator: "; ")]
                .joined(separator: "  "))
        }
        lines += file.problems.map { "  problem: \($0)" }
        return lines.joined(separator: "\n")
    }
}
