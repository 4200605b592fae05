import RivAssetsKit
import RivSupport

/// `riv-assets report`: one HTML page to look at, not read.
enum ReportCommand: Command {
    static let name = "report"
    static let summary = "write one self-contained HTML page showing the assets of .riv files"
    static let output = OptionDeclaration.value("-o", "--output", valueName: "PAGE", help: "the HTML file to write (required)")
    static let maxInline = OptionDeclaration.value("--max-inline", valueName: "BYTES", help: """
        inline assets up to this size (default 4MiB; units as for
        --max-asset-size: 500kB, 2MiB); larger ones get a placeholder with their size
        """)
    static let overwrite = OptionDeclaration.flag("--force", help: "overwrite the page if it exists")
    static let noEmbed = OptionDeclaration.flag("--no-embed", help: """
        write images, fonts and clips to PAGE-assets/ beside the page (one file
        per content, named by its hash) and the artboards' pictures to
        PAGE-assets/STEM-N/ (named after the artboards), and link them, instead
        of inlining them
        """)
    enum Option: CommandOption {
        case output, maxInline, overwrite, noEmbed, json
        var declaration: OptionDeclaration {
            switch self {
            case .output: ReportCommand.output
            case .maxInline: ReportCommand.maxInline
            case .overwrite: ReportCommand.overwrite
            case .noEmbed: ReportCommand.noEmbed
            case .json: SharedOptions.json
            }
        }
    }
    static let help = HelpText.render(usage: "riv-assets report FILE... -o PAGE.html [--max-inline BYTES] [--no-embed] [--force] [--json]", description: """
        Writes one HTML page, readable offline and safe to attach to a ticket: per
        file its version, file id and size, a bar of where the bytes go (object
        stream and each asset, largest first), its problems, a picture of every
        artboard as `render` draws it at its default scene (with what it leaves
        out; at most 64 a file and 32 MiB in all), a thumbnail of every
        embedded image (with its pixel size beside the stored one), a line of text
        in every embedded font (with its family and style), a player for every
        embedded clip (with its duration), and the other assets; for several files
        a summary across them, at its top: what costs the most (as `list --largest`
        ranks it), bytes per type, assets in several files, the same bytes under
        several names.
        """, options: options, notes: """
        The page has no JavaScript and loads nothing: everything is inline (with
        --no-embed, only the files beside it), and every name or URL from a file
        is escaped, so a hostile file can only be shown, never run. Over many
        files an inline page grows with every asset (693 files made 254 MB):
        --no-embed keeps it to the text. Exit status: 0 when the page was written and every file
        read, 1 otherwise, 64 for a usage error.
        """)

    static func run(_ arguments: ParsedArguments<Option>, console: Console) throws(UsageError) -> Int32 {
        guard let page = arguments.value(.output) else { throw UsageError("say where the page goes: -o PAGE.html") }
        let limit = try arguments.byteCount(.maxInline) ?? ReportRequest.defaultMaxInlineBytes
        var request = ReportRequest(inputs: try SharedOptions.requestInputs(arguments), output: page, maxInlineBytes: limit,
                                    overwrite: arguments.isSet(.overwrite))
        request.embeds = !arguments.isSet(.noEmbed)
        let summary = try perform { () throws(RequestError) in try AssetOperations.report(request) }
        if arguments.isSet(.json) {
            console.printJSON(summary)
        } else if let written = summary.output {
            console.print("\(TerminalText.escaped(written)): \(CountedNoun.text(summary.files, "file")), "
                + "\(CountedNoun.text(summary.inlined, "asset")) inline, \(CountedNoun.text(summary.pictures, "artboard picture"))"
                + (summary.picturesLeftOut > 0 ? " (\(summary.picturesLeftOut) left out)" : "") + ", \(ByteCountText.binary(summary.bytes))"
                + (summary.assetFolder.map { ", \(summary.linked) linked in \(TerminalText.escaped($0))" } ?? ""))
        }
        console.printOutcomes(summary)
        return ExitStatus.of(summary)
    }
}
