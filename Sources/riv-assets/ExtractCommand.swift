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

    private struct WrittenFile: Encodable, Sendable {
        let input: String
        let asset: String
        let path: String
        let bytes: Int
        let format: String
        let contentHash: String?
    }

    private struct Options: Sendable {
        let force: Bool
        let runtimeNames: Bool
        /// Hash what is written (for `--json`); a second pass over the bytes otherwise not needed.
        let hashing: Bool
        let filter: AssetTypeFilter
        let pattern: String?
    }

    /// What extracting one input did, printed in input order once every input is done.
    private struct InputReport: Sendable {
        enum Line: Sendable {
            case wrote(String)
            case failure(path: String, message: String)
        }

        var lines: [Line] = []
        var written: [WrittenFile] = []
        var failed = false

        mutating func fail(_ path: String, _ message: String) {
            lines.append(.failure(path: path, message: message))
            failed = true
        }
    }

    /// Reads one input and writes its chosen embedded assets into `folder`.
    private static func extract(_ path: String, into folder: URL, _ options: Options) -> InputReport {
        var report = InputReport()
        let file: RivFile
        do throws(RivError) {
            file = try RivFile(path: path)
        } catch {
            report.fail(path, error.message)
            return report
        }
        do {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        } catch {
            report.fail(folder.path, "cannot create the folder: \(error.localizedDescription)")
            return report
        }
        for asset in file.assets where asset.location == .embedded && options.filter.includes(asset) {
            if let pattern = options.pattern, !ShellPattern.matches(pattern, asset.uniqueName) { continue }
            let format = asset.detectedFormat ?? .unknown
            let fileName = options.runtimeNames ? asset.uniqueFilename : asset.uniqueName + "." + format.fileExtension
            guard let destination = SafeFileName.path(in: folder, name: fileName) else {
                report.fail(path, "\(asset.uniqueName): no safe file name for it")
                continue
            }
            if !options.force && FileManager.default.fileExists(atPath: destination.path) {
                report.fail(destination.path, "already exists (use --force to overwrite)")
                continue
            }
            do throws(RivEditError) {
                try asset.writeEmbeddedBytes(to: destination)
            } catch {
                report.fail(path, "\(asset.uniqueName): \(error)")
                continue
            }
            report.written.append(WrittenFile(input: path, asset: asset.uniqueName, path: destination.path,
                                              bytes: asset.embeddedByteCount, format: format.rawValue,
                                              contentHash: options.hashing ? FNV1a.hexString(asset.contentHash) : nil))
            report.lines.append(.wrote("\(destination.path)  \(TableFormatter.byteSize(asset.embeddedByteCount))"))
        }
        return report
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
        let options = Options(force: force, runtimeNames: runtimeNames, hashing: json, filter: filter, pattern: pattern)
        // Extraction mostly waits on the disk: more writers than cores keep both busy.
        let reports = ParallelFiles.map(paths, width: ParallelWork.fileWriterCount) { path in
            extract(path, into: folders[path]!, options)
        }
        var failed = false
        var written: [WrittenFile] = []
        for report in reports {
            for line in report.lines {
                switch line {
                case .wrote(let text): if !json { Output.print(text) }
                case .failure(let path, let message): Output.failure(path: path, message: message)
                }
            }
            failed = failed || report.failed
            written += report.written
        }
        if json { Output.printJSON(["files": written]) }
        return failed ? ExitStatus.failure : ExitStatus.success
    }
}
