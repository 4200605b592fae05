import Foundation
import RivFormat

/// `riv-assets extract`: writes embedded assets out as files.
enum ExtractCommand: Command {
    static let name = "extract"
    static let summary = "write embedded assets out as files"
    static let help = """
    USAGE: riv-assets extract FILE... [-o DIR] [--type TYPES] [--name PATTERN]
                              [--runtime-names] [--force] [--json]

    Writes the embedded bytes of each asset to DIR as `uniqueName.<ext>`, where
    <ext> comes from the bytes' real format (png, jpg, webp, ttf, otf, wav, flac,
    ...). With several input files, each gets its own folder DIR/<file name>.

    OPTIONS:
      -o, --output DIR   where to write (default: the current folder)
      --type TYPES       comma-separated: image, font, audio, script, other, all (default: all)
      --name PATTERN     only assets whose unique name matches the shell pattern (e.g. 'Inter-*')
      --runtime-names    name files `uniqueName.fileExtension`, the names Rive runtimes
                         look referenced assets up by (png, ttf, wav, lua, ...)
      --force            overwrite existing files
      --json             print a manifest of what was written
      -h, --help         show this help

    Names inside a .riv file are untrusted: path separators, leading dots,
    control characters and reserved device names are replaced, and no write
    leaves DIR. Exit status: 0 when every file was handled, 1 when any failed,
    64 for a usage error.
    """

    private struct WrittenFile: Encodable {
        let input: String
        let asset: String
        let path: String
        let bytes: Int
        let format: String
        let contentHash: String
    }

    static func run(_ arguments: inout ArgumentParser) throws(UsageError) -> Int32 {
        let json = arguments.flag("--json")
        let force = arguments.flag("--force")
        let runtimeNames = arguments.flag("--runtime-names")
        let output = URL(fileURLWithPath: try arguments.option("-o", "--output") ?? ".")
        let filter = try arguments.option("--type").map { (text) throws(UsageError) in try AssetTypeFilter(parsing: text) } ?? .all
        let pattern = try arguments.option("--name")
        let paths = try arguments.positionals()
        guard !paths.isEmpty else { throw UsageError("give at least one .riv file") }

        let folders = InputFolders.make(for: paths, in: output)
        var failed = false
        var written: [WrittenFile] = []
        for (path, result) in zip(paths, ParallelFiles.read(paths)) {
            let file: RivFile
            switch result {
            case .success(let read): file = read
            case .failure(let error):
                Output.failure(path: path, message: error.message)
                failed = true
                continue
            }
            let folder = folders[path]!
            do {
                try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            } catch {
                Output.failure(path: folder.path, message: "cannot create the folder: \(error.localizedDescription)")
                failed = true
                continue
            }
            for asset in file.assets where asset.location == .embedded && filter.includes(asset) {
                if let pattern, !ShellPattern.matches(pattern, asset.uniqueName) { continue }
                let fileName = runtimeNames ? asset.uniqueFilename
                    : asset.uniqueName + "." + (asset.detectedFormat ?? .unknown).fileExtension
                guard let destination = SafeFileName.path(in: folder, name: fileName) else {
                    Output.failure(path: path, message: "\(asset.uniqueName): no safe file name for it")
                    failed = true
                    continue
                }
                if !force && FileManager.default.fileExists(atPath: destination.path) {
                    Output.failure(path: destination.path, message: "already exists (use --force to overwrite)")
                    failed = true
                    continue
                }
                do throws(RivEditError) {
                    try asset.writeEmbeddedBytes(to: destination)
                } catch {
                    Output.failure(path: path, message: "\(asset.uniqueName): \(error)")
                    failed = true
                    continue
                }
                written.append(WrittenFile(input: path, asset: asset.uniqueName, path: destination.path,
                                           bytes: asset.embeddedByteCount, format: (asset.detectedFormat ?? .unknown).rawValue,
                                           contentHash: FNV1a.hexString(asset.contentHash)))
                if !json { Output.print("\(destination.path)  \(TableFormatter.byteSize(asset.embeddedByteCount))") }
            }
        }
        if json { Output.printJSON(["files": written]) }
        return failed ? ExitStatus.failure : ExitStatus.success
    }
}
