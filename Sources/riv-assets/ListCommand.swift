import Foundation
import RivFormat

/// `riv-assets list`: the assets of each file as a table or as JSON.
enum ListCommand: Command {
    static let name = "list"
    static let summary = "list the assets of .riv files (table or --json)"
    static let help = """
    USAGE: riv-assets list [--json] FILE...

    Lists every file asset of each .riv file: its unique name (the name Rive
    runtimes register and look it up under), type, the real format of its
    embedded bytes, size, and whether it is embedded, referenced or hosted on
    the Rive CDN. Problems in the file (such as contents that belong to no
    asset) are shown beside the asset or under the file.

    OPTIONS:
      --json      print one JSON document (schema in SPEC.md) instead of tables
      -h, --help  show this help

    Files are read in parallel; output follows the order given. A file that
    cannot be read is reported on standard error as `riv-assets: PATH: MESSAGE`
    and does not stop the others. Exit status: 0 when every file was read, 1
    when any failed, 64 for a usage error.
    """

    static func run(_ arguments: inout ArgumentParser) throws(UsageError) -> Int32 {
        let json = arguments.flag("--json")
        let paths = try arguments.positionals()
        guard !paths.isEmpty else { throw UsageError("give at least one .riv file") }

        // Each file is read and formatted on its reading thread, and only the text or
        // listing is kept: a large file stays open until then, so holding every file
        // would hold a descriptor per input.
        let results = ParallelFiles.map(paths) { path -> Result<(listing: FileListing?, table: String?), RivError> in
            do throws(RivError) {
                let file = try RivFile(path: path)
                return .success(json ? (FileListing(path: path, file: file), nil) : (nil, TableFormatter.table(for: file, path: path)))
            } catch {
                return .failure(error)
            }
        }
        var failed = false
        var listings: [FileListing] = []
        for (path, result) in zip(paths, results) {
            switch result {
            case .success(let output):
                if let listing = output.listing { listings.append(listing) }
                if let table = output.table { Output.print(table) }
            case .failure(let error):
                failed = true
                listings.append(FileListing(path: path, error: error))
                Output.failure(path: path, message: error.message)
            }
        }
        if json {
            let document = ListingDocument(files: listings)
            guard let data = try? document.jsonData() else {
                Output.error("riv-assets list: could not encode the listing as JSON")
                return ExitStatus.failure
            }
            Output.print(String(decoding: data, as: UTF8.self))
        }
        return failed ? ExitStatus.failure : ExitStatus.success
    }
}
