import RivAssetsKit
import RivSupport

/// `riv-assets prune`: removes the assets nothing uses.
enum PruneCommand: Command {
    static let name = "prune"
    static let summary = "remove the assets no object uses"
    static let overwrite = SharedOptions.overwrite
    enum Option: RewriteOption {
        case outputFile, inPlace, overwrite, skipChecks, dryRun, json
        var declaration: OptionDeclaration {
            switch self {
            case .outputFile: SharedOptions.outputFile
            case .inPlace: SharedOptions.inPlace
            case .overwrite: PruneCommand.overwrite
            case .skipChecks: SharedOptions.skipChecks
            case .dryRun: SharedOptions.dryRun
            case .json: SharedOptions.json
            }
        }
    }
    static let help = HelpText.render(usage: """
        riv-assets prune FILE... (-o OUT | --in-place) [--dry-run] [--force] [--skip-checks] [--json]
        """, description: """
        Removes the record and bytes of every asset that no object uses (no Image
        shows it, no text style sets type in it, no audio event plays it, no
        scripted object runs it), and says how many bytes that saved. Every other
        asset keeps its id and unique name; objects point at assets by their
        position in the file's asset list, so each object's position is rewritten
        to keep pointing at the asset it showed.
        """, options: options, notes: """
        A script can ask for any asset, and data binding can set an image or font
        to an asset, without an object that points at it: such files are refused
        (with the reason) unless --skip-checks. An input with no unused asset is left
        alone (a note says so).
        Exit status: 0 when every file was handled, 1 when any failed, 64 for a usage error.
        """)

    static func run(_ arguments: ParsedArguments<Option>, console: Console) throws(UsageError) -> Int32 {
        let request = PruneRequest(try SharedOptions.rewrite(arguments), skipChecks: arguments.isSet(.skipChecks))
        let result = try perform { () throws(RequestError) in try AssetOperations.prune(request) }
        let verb = result.dryRun ? "would be removed" : "removed"
        console.printFiles(result, json: arguments.isSet(.json), dryRun: result.dryRun) { "\(CountedNoun.text($0.removed.count, "unused asset")) \(verb)" } lines: { detail in
            detail.removed.map { "\(TerminalText.escaped($0.asset)) (\($0.type), \(ByteCountText.binary($0.bytes)))" }
        }
        return ExitStatus.of(result)
    }
}
