import Foundation
import RivFormat

/// `riv-assets replace`: embeds new bytes for assets, by unique name, across many files.
enum ReplaceCommand: Command {
    static let name = "replace"
    static let summary = "swap embedded (or embed referenced) images, fonts and audio by unique name"
    static let help = """
    USAGE: riv-assets replace FILE... (--assets DIR | --image NAME=PATH | --font NAME=PATH
                              | --audio NAME=PATH ...) (-o OUT | --in-place) [--force] [--json]

    Loads the replacements into one asset registry and applies them to every
    input file: an asset whose unique name (see `riv-assets list`) and type match
    a replacement gets its bytes; a referenced or CDN-hosted asset becomes
    embedded (its CDN uuid is then removed so runtimes stop fetching it).

    OPTIONS:
      --assets DIR       every file in DIR, matched by its name without extension
                         (`logo-12.png` replaces `logo-12`); its type comes from its
                         content (PNG/JPEG/WebP image, TTF/OTF font, WAV/MP3/FLAC/Ogg audio)
      --image NAME=PATH  replace the image NAME with the file PATH (repeatable)
      --font NAME=PATH   replace the font NAME (repeatable)
      --audio NAME=PATH  replace the audio NAME (repeatable)
      -o, --output OUT   the output file (one input) or folder (several inputs)
      --in-place         rewrite the inputs themselves (atomically)
      --force            embed bytes whose format does not suit the asset, and change
                         signed contents
      --json             print the report as JSON
      -h, --help         show this help

    Reports, per file, what was replaced and what was embedded, and the
    replacements that matched nothing. Outputs are written to a temporary file
    and renamed; a failure leaves inputs and existing outputs unchanged.
    Exit status: 0 when every file was handled, 1 when any failed, 64 for a usage error.
    """

    private struct FileReport: Encodable, Sendable {
        let path: String
        let output: String
        let changes: [Change]
        let error: String?

        private enum CodingKeys: String, CodingKey {
            case path, output, changes, error
        }

        /// Writes `"error": null` on success rather than leaving the key out.
        func encode(to encoder: Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(path, forKey: .path)
            try container.encode(output, forKey: .output)
            try container.encode(changes, forKey: .changes)
            try container.encode(error, forKey: .error)
        }
    }

    private struct Change: Encodable, Sendable {
        let asset: String
        let type: String
        let action: String
        let bytes: Int
    }

    private struct Report: Encodable {
        let files: [FileReport]
        let unmatched: [String]
    }

    static func run(_ arguments: inout ArgumentParser) throws(UsageError) -> Int32 {
        let json = arguments.flag("--json")
        let force = arguments.flag("--force")
        let inPlace = arguments.flag("--in-place")
        let output = try arguments.option("-o", "--output")
        let folder = try arguments.option("--assets")
        var named: [(AssetType, String)] = []
        for (type, option) in [(AssetType.image, "--image"), (.font, "--font"), (.audio, "--audio")] {
            named += try arguments.options(option).map { (type, $0) }
        }
        let paths = try arguments.positionals()
        guard !paths.isEmpty else { throw UsageError("give at least one .riv file") }
        guard folder != nil || !named.isEmpty else { throw UsageError("give replacements: --assets DIR, --image, --font or --audio NAME=PATH") }
        let registry = AssetRegistry()
        if let folder { try ReplacementLoader.loadFolder(folder, into: registry) }
        for (type, pair) in named { try ReplacementLoader.load(pair, as: type, into: registry) }
        let destinations = try OutputDestinations.resolve(paths: paths, output: output, inPlace: inPlace)

        // Each input is read, rewritten and released on its own thread, so that a
        // large input's descriptor is not held while the others are written; what is
        // printed comes back in input order.
        let results = ParallelFiles.map(paths) { path -> (report: FileReport, lines: [String]) in
            let destination = destinations[path]!
            let loaded: RegisteredRivFile
            do throws(RivError) {
                loaded = registry.register(try RivFile(path: path))
            } catch {
                return (FileReport(path: path, output: destination.path, changes: [], error: error.message), [])
            }
            do throws(RivEditError) {
                let outcomes = try loaded.write(to: destination, force: force)
                let changes = outcomes.map { Change(asset: $0.uniqueName, type: $0.type.description, action: $0.action.rawValue, bytes: $0.byteCount) }
                let lines = ["\(path) -> \(destination.path): " + (outcomes.isEmpty ? "no asset matched" : "\(outcomes.count) changed")]
                    + outcomes.map { "  \($0)" }
                return (FileReport(path: path, output: destination.path, changes: changes, error: nil), lines)
            } catch {
                return (FileReport(path: path, output: destination.path, changes: [], error: error.description), [])
            }
        }
        var failed = false
        for (report, lines) in results {
            if let error = report.error {
                Output.failure(path: report.path, message: error)
                failed = true
            } else if !json {
                lines.forEach(Output.print)
            }
        }
        let reports = results.map(\.report)
        let unmatched = registry.matchReport().unmatched.map { "\($0.type) \($0.name)" }
        if json {
            Output.printJSON(Report(files: reports, unmatched: unmatched))
        } else {
            for name in unmatched { Output.print("no asset matched the \(name) replacement") }
        }
        return failed ? ExitStatus.failure : ExitStatus.success
    }
}
