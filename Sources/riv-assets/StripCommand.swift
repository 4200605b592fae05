import Foundation
import RivFormat

/// `riv-assets strip`: moves embedded assets out of files, leaving them referenced.
enum StripCommand: Command {
    static let name = "strip"
    static let summary = "move embedded assets out to files, leaving the .riv small"
    static let help = """
    USAGE: riv-assets strip FILE... --assets-out DIR (-o OUT | --in-place)
                            [--type TYPES] [--force] [--json]

    Removes the embedded bytes of the chosen assets and writes them to DIR under
    the names Rive runtimes look referenced assets up by (`uniqueName.png`,
    `.ttf`, `.wav`, ...), so an app can ship them beside the animation and load
    them itself. Each stripped asset becomes referenced (or CDN-hosted, if it
    has a CDN uuid).

    OPTIONS:
      --assets-out DIR   where the asset files go (created if needed)
      --type TYPES       comma-separated: image, font, audio, script, other, all
                         (default: image,font,audio, the kinds apps can supply)
      -o, --output OUT   the output file (one input) or folder (several inputs)
      --in-place         rewrite the inputs themselves (atomically)
      --force            overwrite existing asset files, and strip signed contents
      --json             print the report as JSON
      -h, --help         show this help

    Asset files are written first, each through a temporary file; the stripped
    .riv is written last, so an interruption never loses bytes.
    Exit status: 0 when every file was handled, 1 when any failed, 64 for a usage error.
    """

    private struct Stripped: Encodable {
        let input: String
        let output: String
        let asset: String
        let path: String
        let bytes: Int
    }

    /// How many inputs are read ahead of the one being written.
    static let batchSize = 64

    static func run(_ arguments: inout ArgumentParser) throws(UsageError) -> Int32 {
        let json = arguments.flag("--json")
        let force = arguments.flag("--force")
        let inPlace = arguments.flag("--in-place")
        let output = try arguments.option("-o", "--output")
        let filter = try arguments.option("--type").map { (text) throws(UsageError) in try AssetTypeFilter(parsing: text) }
            ?? AssetTypeFilter(categories: [.image, .font, .audio])
        guard let assetsOut = try arguments.option("--assets-out") else { throw UsageError("--assets-out DIR is required") }
        let paths = try arguments.positionals()
        guard !paths.isEmpty else { throw UsageError("give at least one .riv file") }
        let destinations = try OutputDestinations.resolve(paths: paths, output: output, inPlace: inPlace)
        let assetFolder = URL(fileURLWithPath: assetsOut)
        do {
            try FileManager.default.createDirectory(at: assetFolder, withIntermediateDirectories: true)
        } catch {
            throw UsageError("cannot create \(assetsOut): \(error.localizedDescription)")
        }

        var failed = false
        var stripped: [Stripped] = []
        // Inputs are read in parallel a batch at a time and written one after another in
        // input order (two inputs can strip assets of the same name into one folder), so
        // at most one batch of files is held open or mapped whatever the number of inputs.
        let batches = stride(from: 0, to: paths.count, by: batchSize).map { Array(paths[$0..<min($0 + batchSize, paths.count)]) }
        for batch in batches {
            for (path, result) in zip(batch, ParallelFiles.read(batch)) {
                let destination = destinations[path]!
                guard case .success(let file) = result else {
                    if case .failure(let error) = result { Output.failure(path: path, message: error.message) }
                    failed = true
                    continue
                }
                var created: [URL] = []
                do throws(RivEditError) {
                    var editor = RivEditor(file)
                    var written: [Stripped] = []
                    for asset in file.assets where asset.location == .embedded && filter.includes(asset) {
                        try editor.strip(asset, force: force)
                        guard let assetPath = SafeFileName.path(in: assetFolder, name: asset.uniqueFilename) else {
                            throw .writeFailed(path: asset.uniqueFilename, reason: "no safe file name for it")
                        }
                        if !force && FileManager.default.fileExists(atPath: assetPath.path) {
                            throw .writeFailed(path: assetPath.path, reason: "it already exists (use --force to overwrite)")
                        }
                        written.append(Stripped(input: path, output: destination.path, asset: asset.uniqueName,
                                                path: assetPath.path, bytes: asset.embeddedByteCount))
                        let isNew = !FileManager.default.fileExists(atPath: assetPath.path)
                        try asset.writeEmbeddedBytes(to: assetPath)
                        if isNew { created.append(assetPath) }
                    }
                    try editor.write(to: destination)
                    stripped += written
                    if !json {
                        Output.print("\(path) -> \(destination.path): \(written.count) asset\(written.count == 1 ? "" : "s") stripped, "
                            + "\(TableFormatter.byteSize(file.byteCount)) -> \(TableFormatter.byteSize(editor.outputByteCount))")
                        for item in written { Output.print("  \(item.asset) -> \(item.path)") }
                    }
                } catch {
                    // The .riv keeps its bytes, so the asset files this run created are not needed.
                    for url in created { try? FileManager.default.removeItem(at: url) }
                    Output.failure(path: path, message: error.description)
                    failed = true
                }
            }
        }
        if json { Output.printJSON(["stripped": stripped]) }
        return failed ? ExitStatus.failure : ExitStatus.success
    }
}
