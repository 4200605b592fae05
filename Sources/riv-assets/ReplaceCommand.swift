import RivAssetsKit
import RivCommandLine
import RivFormat

/// `riv-assets replace`: embeds new bytes for assets, by unique name, across many files.
enum ReplaceCommand: Command {
    static let name = "replace"
    static let summary = "swap embedded (or embed referenced) images, fonts and audio by unique name"
    static let folder = OptionDeclaration.value("--assets", valueName: "DIR", help: """
        every file in DIR, matched by its name without extension
        (`logo-12.png` replaces `logo-12`); its type comes from its
        content (PNG/JPEG/WebP image, TTF/OTF font, WAV/MP3/FLAC/Ogg audio)
        """)
    static let image = OptionDeclaration.repeatable("--image", valueName: "NAME=PATH",
                                                    help: "replace the image NAME with the file PATH (repeatable)")
    static let font = OptionDeclaration.repeatable("--font", valueName: "NAME=PATH", help: "replace the font NAME (repeatable)")
    static let audio = OptionDeclaration.repeatable("--audio", valueName: "NAME=PATH", help: "replace the audio NAME (repeatable)")
    static let force = OptionDeclaration.flag("--force", help: """
        embed bytes whose format does not suit the asset, and change
        signed contents
        """)
    static let options = [folder, image, font, audio, SharedOptions.outputFile, SharedOptions.inPlace, force, SharedOptions.json]
    static let help = HelpText.render(usage: """
        riv-assets replace FILE... (--assets DIR | --image NAME=PATH | --font NAME=PATH
                                  | --audio NAME=PATH ...) (-o OUT | --in-place) [--force] [--json]
        """, description: """
        Applies the replacements to every input file: an asset whose unique name
        (see `riv-assets list`) and type match a replacement gets its bytes; a
        referenced or CDN-hosted asset becomes embedded (its CDN uuid is then
        removed so runtimes stop fetching it). A replacement named with --image,
        --font or --audio wins over a file of the same name in --assets.
        """, options: options, notes: """
        Reports, per file, what was replaced and what was embedded, and the
        replacements that matched nothing. Outputs are written to a temporary file
        and renamed; a failure leaves inputs and existing outputs unchanged.
        Exit status: 0 when every file was handled, 1 when any failed, 64 for a usage error.
        """)

    static func run(_ arguments: ParsedArguments, console: Console) throws(UsageError) -> Int32 {
        let inputs = try SharedOptions.inputs(arguments)
        var replacements: [ReplaceRequest.Replacement] = []
        for (type, option) in [(AssetType.image, image), (.font, font), (.audio, audio)] {
            for pair in arguments.values(option) {
                guard let equals = pair.firstIndex(of: "="), equals != pair.startIndex else {
                    throw UsageError("expected NAME=PATH, got '\(pair)'")
                }
                replacements.append(.init(type: type, name: String(pair[..<equals]), path: String(pair[pair.index(after: equals)...])))
            }
        }
        guard arguments.value(folder) != nil || !replacements.isEmpty else {
            throw UsageError("give replacements: --assets DIR, --image, --font or --audio NAME=PATH")
        }
        let request = ReplaceRequest(inputs: inputs, destination: try SharedOptions.destination(arguments),
                                     replacementFolder: arguments.value(folder), replacements: replacements,
                                     force: arguments.isSet(force))
        let report = try perform { () throws(RequestError) in try AssetOperations.replace(request) }
        let json = arguments.isSet(SharedOptions.json)
        for file in report.files {
            if let error = file.error {
                console.failure(path: file.path, message: FailureText.message(InputFailure(path: file.path, message: error, remedy: file.remedy)))
            } else if !json {
                console.print("\(TerminalText.escaped(file.path)) -> \(TerminalText.escaped(file.output)): " + (file.changes.isEmpty ? "no asset matched" : "\(file.changes.count) changed"))
                for change in file.changes { console.print("  " + describe(change)) }
            }
        }
        if json {
            console.printJSON(report)
        } else {
            for name in report.unmatched { console.print("no asset matched the \(TerminalText.escaped(name)) replacement") }
        }
        return ExitStatus.of(failed: report.hasFailures)
    }

    /// `name: replaced N bytes`, as a line of the report.
    private static func describe(_ change: AssetChange) -> String {
        switch change.action {
        case AssetEditOutcome.Action.embeddedFromCDN.rawValue:
            "\(TerminalText.escaped(change.asset)): embedded \(change.bytes) bytes; CDN uuid and base URL removed"
        default:
            "\(TerminalText.escaped(change.asset)): \(change.action) \(change.bytes) bytes"
        }
    }
}
