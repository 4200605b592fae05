import RivAssetsKit
import RivSupport

/// `riv-assets embed`: makes files self-contained.
enum EmbedCommand: Command {
    static let name = "embed"
    static let summary = "embed hosted and referenced assets: self-contained files"
    static let folder = OptionDeclaration.value("--assets", valueName: "DIR", help: """
        referenced assets by unique name, as `replace --assets` reads them
        (`logo-12.png` for the image logo-12), verbatim or in the encoded
        form `strip` writes for names a file system cannot hold
        """)
    static let allowMissing = OptionDeclaration.flag("--allow-missing", help: """
        write a file even when some of its assets cannot be embedded (they are
        reported and left as they were)
        """)
    static let overwrite = OptionDeclaration.flag("--force", help: "overwrite existing output files")
    enum Option: RewriteOption, FetchOption {
        case outputFile, inPlace, folder, allowMissing, overwrite, dryRun, cacheDir, baseURL, header, headerHost, retries, timeout, deadline, maxAssetSize, jobs, offline, json
        var declaration: OptionDeclaration {
            switch self {
            case .outputFile: SharedOptions.outputFile
            case .inPlace: SharedOptions.inPlace
            case .folder: EmbedCommand.folder
            case .allowMissing: EmbedCommand.allowMissing
            case .overwrite: EmbedCommand.overwrite
            case .dryRun: SharedOptions.dryRun
            case .cacheDir, .baseURL, .header, .headerHost, .retries, .timeout, .deadline, .maxAssetSize, .jobs, .offline: HostedOptions.declaration(of: self)
            case .json: SharedOptions.json
            }
        }
    }
    static let help = HelpText.render(usage: """
        riv-assets embed FILE... (-o OUT | --in-place) [--assets DIR] [--allow-missing] [--force] [--dry-run]
                                [--cache-dir DIR] [--cdn-base-url URL] [--header 'NAME: VALUE']...
                                [--retries N] [--timeout SECONDS] [--jobs N] [--offline] [--json]
        """, description: """
        Embeds every hosted asset (from the cache, or fetched as `riv-assets fetch`
        does; its CDN uuid and base URL are then removed) and every referenced asset
        (from --assets DIR) into the files. Everything else in each file is copied
        byte for byte.
        """, options: options, notes: """
        An input with an asset that cannot be embedded is reported with each reason
        and not written (exit 1), unless --allow-missing. Outputs are written to a
        temporary file and renamed. Exit status: 0 when every file was handled, 1
        when any failed, 64 for a usage error.
        """)

    nonisolated(nonsending) static func run(_ arguments: ParsedArguments<Option>, console: Console) async throws(UsageError) -> Int32 {
        let rewrite = try SharedOptions.rewrite(arguments)
        let fetcher = try HostedOptions.fetcher(arguments, console: console)
        let progress = ProgressLine(console: console)
        let request = EmbedRequest(rewrite, assetsFolder: arguments.value(.folder), fetcher: fetcher,
                                   allowMissing: arguments.isSet(.allowMissing), progress: progress.callback)
        let result = try await perform { () async throws(RequestError) in try await AssetOperations.embed(request) }
        progress.finish()
        let json = arguments.isSet(.json)
        for file in result.files where file.status != .failed {
            for missing in file.detail?.missing ?? [] {
                console.note("\(TerminalText.escaped(file.input)): \(TerminalText.escaped(missing.asset)) not embedded: \(TerminalText.escaped(missing.reason))")
            }
        }
        console.printFiles(result, json: json, dryRun: rewrite.dryRun, sizes: false) {
            "\(CountedNoun.text($0.changes.count, "asset")) \(rewrite.dryRun ? "would be embedded" : "embedded")"
        } lines: { detail in
            detail.changes.map { "\(TerminalText.escaped($0.asset)): \($0.action.rawValue) \($0.bytes) bytes" }
        }
        return ExitStatus.of(result)
    }
}
