import RivAssetsKit

/// `riv-assets strip`: moves embedded assets out of files, leaving them referenced.
enum StripCommand: Command {
    static let name = "strip"
    static let summary = "move embedded assets out to files, leaving the .riv small"
    static let assetsOut = OptionDeclaration.value("--assets-out", valueName: "DIR", help: "where the asset files go (created if needed)")
    static let types = OptionDeclaration.value("--type", valueName: "TYPES", help: """
        comma-separated: image, font, audio, script, other, all
        (default: image,font,audio, the kinds apps can supply)
        """)
    static let overwrite = OptionDeclaration.flag("--force", help: """
        overwrite asset files and output files of earlier runs (a file that
        already holds an asset's bytes is never in the way)
        """)
    static let options = [assetsOut, types, SharedOptions.outputFile, SharedOptions.inPlace, overwrite, SharedOptions.skipChecks,
                          SharedOptions.dryRun, SharedOptions.json]
    static let help = HelpText.render(usage: """
        riv-assets strip FILE... --assets-out DIR (-o OUT | --in-place)
                                [--type TYPES] [--force] [--skip-checks] [--json]
        """, description: """
        Removes the embedded bytes of the chosen assets and writes them to DIR under
        the names Rive runtimes look referenced assets up by (`uniqueName.png`,
        `.ttf`, `.wav`, ...), so an app can ship them beside the animation and load
        them itself. Each stripped asset becomes referenced (or CDN-hosted, if it
        has a CDN uuid).
        """, options: options, notes: SharedHelp.fileNames + "\n" + """
        Asset files are written first, each through a temporary file; the stripped
        .riv is written last, so an interruption never loses bytes. An input with
        nothing to strip is left alone (a note says so); DIR is created only when
        an asset is written. Within one run no asset file is written twice with
        other bytes, with or without --force.
        Exit status: 0 when every file was handled, 1 when any failed, 64 for a usage error.
        """)

    static func run(_ arguments: ParsedArguments, console: Console) throws(UsageError) -> Int32 {
        let types = try SharedOptions.typeFilter(arguments, default: .appSupplied)
        guard let folder = arguments.value(assetsOut) else { throw UsageError("--assets-out DIR is required") }
        let request = StripRequest(inputs: try SharedOptions.inputs(arguments), assetsFolder: folder,
                                   destination: try SharedOptions.destination(arguments), types: types,
                                   skipChecks: arguments.isSet(SharedOptions.skipChecks), overwrite: arguments.isSet(overwrite),
                                   dryRun: arguments.isSet(SharedOptions.dryRun))
        let report = try perform { () throws(RequestError) in try AssetOperations.strip(request) }
        let verb = report.dryRun ? "would be stripped" : "stripped"
        console.printFiles(report, json: arguments.isSet(SharedOptions.json), dryRun: report.dryRun) { "\(Console.counted($0.stripped.count, "asset")) \(verb)" } lines: { detail in
            detail.stripped.map { "\(TerminalText.escaped($0.asset)) -> \(TerminalText.escaped($0.file))" }
        }
        return ExitStatus.of(failed: !report.failures.isEmpty)
    }
}
