import RivAssetsKit
import RivFormat

/// `riv-assets list`: the assets of each file as a table or as JSON.
enum ListCommand: Command {
    static let name = "list"
    static let writesFiles = false
    static let summary = "list the assets of .riv files (table or --json)"
    static let json = OptionDeclaration.flag("--json", help: "print one JSON document (schema version \(ListingDocument.currentSchemaVersion)) instead of tables")
    static let wide = OptionDeclaration.flag("--wide", help: """
        show each asset's own cells whole (long ones are cut with … on a terminal;
        piped output shows them whole); USED BY is always cut, since it repeats
        other objects' names
        """)
    static let largest = OptionDeclaration.counted("--largest", valueName: "N", help: """
        rank the N embedded contents (default \(ListRequest.defaultLargestCount)) that cost the most across
        every file instead of the per-file tables; with --json, the document gains
        `largest` beside `files`
        """)
    enum Option: CommandOption {
        case json, wide, largest
        var declaration: OptionDeclaration {
            switch self {
            case .json: ListCommand.json
            case .wide: ListCommand.wide
            case .largest: ListCommand.largest
            }
        }
    }
    static let help = HelpText.render(usage: "riv-assets list [--json] [--wide] [--largest [N]] FILE...", description: """
        Lists every file asset of each .riv file (`-` reads one from standard input): its unique name (the name Rive
        runtimes register and look it up under), type, the real format of its
        embedded bytes, size, and whether it is embedded, referenced or hosted on
        the Rive CDN. Problems in the file (such as contents that belong to no
        asset) are shown beside the asset or under the file.
        """, options: options, notes: """
        --json prints {"schemaVersion": \(ListingDocument.currentSchemaVersion), "files": [...]}: per file its path, header,
        byteCount, problems and assets (name, uniqueName, assetID, type, kind, location,
        cdn, embeddedByteCount, contentHash, detectedFormat, ...), or its error.

        --largest groups the embedded assets of every file by content (the same
        bytes under any name, in any file, count once), and ranks the contents by
        what their copies cost together: each row gives that total, one copy's
        size, the number of copies, type, kind, format, the unique names and the
        files embedding it. Referenced and hosted assets cost the files nothing
        and are left out.

        Files are read in parallel; output follows the order given. A file that
        cannot be read is reported on standard error as `riv-assets: PATH: MESSAGE`
        and does not stop the others. Exit status: 0 when every file was read, 1
        when any failed, 64 for a usage error.
        """)

    static func run(_ arguments: ParsedArguments<Option>, console: Console) throws(UsageError) -> Int32 {
        let inputs = try SharedOptions.inputs(arguments)
        var request = ListRequest(inputs: inputs.map { RequestInput($0) }, contentHashes: arguments.isSet(.json))
        request.wide = arguments.isSet(.wide) || !Platform.isTerminal(Platform.standardOutput)
        if arguments.isSet(.largest) {
            request.largest = try arguments.wholeNumber(.largest, minimum: 1) ?? ListRequest.defaultLargestCount
        }
        let asJSON = arguments.isSet(.json)
        // Written as it is made, never held whole.
        var output = OutputBuffer(console)
        let failures = try perform { () throws(RequestError) in
            if asJSON { return try AssetOperations.streamListingJSON(request) { output.append($0) } }
            guard request.largest != nil else { return try AssetOperations.streamListingTables(request) { output.appendLine($0) } }
            let ranked = try AssetOperations.largestAssets(request)
            ListingTable.write(largest: ranked.largest, inputCount: inputs.count, wide: request.wide) { output.appendLine($0) }
            return ranked.failures
        }
        output.flush()
        console.printOutcomes(failures)
        return ExitStatus.of(failures)
    }
}
