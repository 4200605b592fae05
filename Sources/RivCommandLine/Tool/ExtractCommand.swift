import RivAssetsKit
import RivHostedAssets

/// `riv-assets extract`: writes embedded assets out as files.
enum ExtractCommand: Command {
    static let name = "extract"
    static let summary = "write embedded assets out as files"
    static let output = OptionDeclaration.value("-o", "--output", valueName: "DIR", help: "where to write (default: the current folder)")
    static let pattern = OptionDeclaration.value("--name", valueName: "PATTERN",
                                                 help: "only assets whose unique name matches the shell pattern (e.g. 'Inter-*')")
    static let runtimeNames = OptionDeclaration.flag("--runtime-names", help: """
        name files `uniqueName.fileExtension`, the names Rive runtimes
        look referenced assets up by (png, ttf, wav, lua, ...)
        """)
    static let overwrite = OptionDeclaration.flag("--force", help: "overwrite existing files")
    static let json = OptionDeclaration.flag("--json", help: "print a manifest of what was written")
    static let hosted = OptionDeclaration.flag("--hosted", help: """
        write hosted (CDN) assets too, through the cache: fetched first as
        `riv-assets fetch` does (with the options below), or with --offline
        from the cache alone
        """)
    static let dedupe = OptionDeclaration.flag("--dedupe", help: """
        one file per content in each input's folder: names with the same bytes
        share the first one's file, and riv-assets-manifest.json there lists
        the names each file serves
        """)
    enum Option: TypeFilterOption, FetchOption, LayoutOption {
        case output, types, pattern, runtimeNames, dedupe, layout, kotlinMap, kotlinPackage, overwrite, dryRun, json, hosted, cacheDir, baseURL, header, headerHost, retries, timeout, deadline, maxAssetSize, jobs, offline
        var declaration: OptionDeclaration {
            switch self {
            case .output: ExtractCommand.output
            case .types: SharedOptions.types
            case .pattern: ExtractCommand.pattern
            case .runtimeNames: ExtractCommand.runtimeNames
            case .dedupe: ExtractCommand.dedupe
            case .layout, .kotlinMap, .kotlinPackage: LayoutOptions.declaration(of: self)
            case .overwrite: ExtractCommand.overwrite
            case .dryRun: SharedOptions.dryRun
            case .json: ExtractCommand.json
            case .hosted: ExtractCommand.hosted
            case .cacheDir, .baseURL, .header, .headerHost, .retries, .timeout, .deadline, .maxAssetSize, .jobs, .offline: HostedOptions.declaration(of: self)
            }
        }
    }
    static let help = HelpText.render(usage: """
        riv-assets extract FILE... [-o DIR] [--type TYPES] [--name PATTERN]
                                  [--runtime-names] [--dedupe] [--layout ios|android|web|flutter [--kotlin-map FILE]]
                                  [--force] [--json] [--hosted [fetch options]]
        """, description: """
        Writes the embedded bytes of each asset to DIR as `uniqueName.<ext>`, where
        <ext> comes from the bytes' real format (png, jpg, webp, ttf, otf, wav, flac,
        ...). With several input files, each gets its own folder DIR/<file name>;
        an input with nothing to extract gets none (a note says it was skipped).
        """, options: options, notes: SharedHelp.fileNames + "\n" + """
        Exit status: 0 when every file was handled, 1 when any failed, 64 for a
        usage error.
        """)

    nonisolated(nonsending) static func run(_ arguments: ParsedArguments<Option>, console: Console) async throws(UsageError) -> Int32 {
        let hostedAssets = arguments.isSet(.hosted) ? try HostedOptions.fetcher(arguments, console: console) : nil
        let progress = ProgressLine(console: console)
        let layout = try LayoutOptions.read(arguments)
        let request = ExtractRequest(inputs: try SharedOptions.requestInputs(arguments), outputFolder: arguments.value(.output) ?? ".",
                                     types: try SharedOptions.typeFilter(arguments, default: .all),
                                     namePattern: arguments.value(.pattern),
                                     naming: arguments.isSet(.runtimeNames) ? .runtime : .realFormat,
                                     overwrite: arguments.isSet(.overwrite), contentHashes: arguments.isSet(.json),
                                     dryRun: arguments.isSet(.dryRun), hostedAssets: hostedAssets,
                                     progress: hostedAssets == nil ? nil : progress.callback, dedupe: arguments.isSet(.dedupe),
                                     layout: layout.layout, kotlinMap: layout.kotlinMap, kotlinPackage: layout.kotlinPackage)
        let result = try await perform { () async throws(RequestError) in try await AssetOperations.extract(request) }
        progress.finish()
        if arguments.isSet(.json) {
            console.printJSON(result)
        } else {
            let prefix = result.dryRun ? "would write " : ""
            for file in result.files {
                for asset in file.detail?.extracted ?? [] { console.print(prefix + "\(TerminalText.escaped(asset.file))  \(ByteCountText.binary(asset.bytes))") }
                if let manifest = file.detail?.manifest { console.print(prefix + "\(TerminalText.escaped(manifest))  (which names each file serves)") }
            }
            if let map = result.kotlinMap { console.print(prefix + "\(TerminalText.escaped(map))  (Kotlin map of unique names to resources)") }
        }
        console.printOutcomes(result)
        if let error = result.kotlinMapError { console.failure(path: result.kotlinMap ?? "--kotlin-map", message: error) }
        return ExitStatus.of(result)
    }
}
