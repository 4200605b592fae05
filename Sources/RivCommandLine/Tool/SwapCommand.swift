import RivAssetsKit
import RivFormat

/// `riv-assets swap`: two assets exchange contents, or two objects exchange assets.
enum SwapCommand: Command {
    static let name = "swap"
    static let summary = "make two assets trade places (or two objects trade assets)"
    static let objects = OptionDeclaration.flag("--objects", help: """
        NAME_A and NAME_B are objects that use assets (an Image, a text
        style, ...; ARTBOARD/NAME when several share a name): they trade
        the assets they use, and nothing else changes
        """)
    static let overwrite = SharedOptions.overwrite
    enum Option: RewriteOption {
        case objects, outputFile, inPlace, overwrite, skipChecks, dryRun, json
        var declaration: OptionDeclaration {
            switch self {
            case .objects: SwapCommand.objects
            case .outputFile: SharedOptions.singleOutputFile
            case .inPlace: SharedOptions.inPlace
            case .overwrite: SwapCommand.overwrite
            case .skipChecks: SharedOptions.skipChecks
            case .dryRun: SharedOptions.dryRun
            case .json: SharedOptions.json
            }
        }
    }
    static let help = HelpText.render(usage: """
        riv-assets swap FILE NAME_A NAME_B (-o OUT | --in-place) [--objects] [--force] [--skip-checks] [--json]
        """, description: """
        Makes two assets of one type exchange their contents (embedded bytes, CDN
        location, stored pixel size) so that everything that showed A shows B and
        the reverse; names and ids stay, and every other byte of the file is
        unchanged. Assets are named by unique name (logo-12) or by name when only
        one asset has it. With --objects, two objects trade the assets they use
        instead: what dropping one picture onto another does in a design tool.
        """, options: options, notes: """
        Exit status: 0 when the file was written, 1 when the swap failed, 64 for a usage error.
        """)

    static func run(_ arguments: ParsedArguments<Option>, console: Console) throws(UsageError) -> Int32 {
        guard arguments.positionals.count == 3 else { throw UsageError("give FILE NAME_A NAME_B") }
        let names = arguments.positionals
        let request = SwapRequest(try SharedOptions.rewrite(arguments, inputs: [names[0]]), first: names[1], second: names[2],
                                  subject: arguments.isSet(.objects) ? .objects : .assets, skipChecks: arguments.isSet(.skipChecks))
        let result = try perform { () throws(RequestError) in try AssetOperations.swap(request) }
        console.printFiles(result, json: arguments.isSet(.json), dryRun: result.dryRun, sizes: false) { _ in result.dryRun ? "would swap" : "swapped" } lines: { detail in
            detail.assets.map { asset in
                let holds = switch asset.location {
                case .embedded: "\(ByteCountText.binary(asset.bytes)) embedded"
                case .hosted: "the other's hosted (CDN) contents"
                case .referenced: "the other's referenced contents"
                }
                return "\(TerminalText.escaped(asset.asset)) now holds \(holds)"
            } + detail.objects.map { object in
                let place = object.artboard.map { TerminalText.escaped($0) + "/" } ?? ""
                return "\(place)\(TerminalText.escaped(object.name)) (\(object.type)): \(TerminalText.escaped(object.before)) -> \(TerminalText.escaped(object.after))"
            }
        }
        return ExitStatus.of(result)
    }
}
