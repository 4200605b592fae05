import RivAssetsKit
import RivFormat

/// `riv-assets inspect`: what a file holds for an app to wire up.
enum InspectCommand: Command {
    static let name = "inspect"
    static let writesFiles = false
    static let summary = "show artboards, animations, state machines, text runs and who uses each asset"
    static let text = OptionDeclaration.flag("--text", help: """
        stable text for git's textconv: every list sorted by name, no counts,
        indices or offsets that move when another part of the file changes
        """)
    enum Option: CommandOption {
        case text, json
        var declaration: OptionDeclaration {
            switch self {
            case .text: InspectCommand.text
            case .json: SharedOptions.json
            }
        }
    }
    static let help = HelpText.render(usage: """
        riv-assets inspect FILE... [--json | --text]
        """, description: """
        Shows what an app needs to wire a file in: each artboard (size, the default
        one) with its animations (length, fps, loop), state machines with their
        inputs (type, starting value) and layers, named text runs (with the font
        each is set in), nested artboards and events; the view models and their
        properties; and, for every asset, the objects that use it.
        """, options: options, notes: """
        --json prints one document with a schema version (the format is described in the
        project's SPEC.md, section 16, and in the RivFormat documentation of RivInspection).
        As git's textconv: git config diff.riv.textconv 'riv-assets inspect --text --'
        (the -- keeps a file name that starts with - a name).
        Exit status: 0 when every file was read, 1 when any could not be, 64 for a
        usage error; with --text always 0 (a file that cannot be read is one line
        saying why, so that git goes on to the next file).
        """)

    static func run(_ arguments: ParsedArguments<Option>, console: Console) throws(UsageError) -> Int32 {
        if arguments.isSet(.text) {
            guard !arguments.isSet(.json) else { throw UsageError("--text and --json cannot be used together") }
            // As git's textconv, a file that cannot be read (truncated, half merged, an LFS
            // pointer) is said in the text and exits 0: a non-zero exit would stop git's whole diff.
            for path in try SharedOptions.inputs(arguments) {
                do throws(RivError) {
                    console.print(TextConversion.lines(for: try RivFile(path: path)).joined(separator: "\n"))
                } catch {
                    console.print(TextConversion.unreadableLine(error.message))
                }
            }
            return ExitStatus.success
        }
        let request = InspectRequest(inputs: try SharedOptions.requestInputs(arguments))
        let result = try perform { () throws(RequestError) in try AssetOperations.inspect(request) }
        if arguments.isSet(.json) {
            console.printJSON(result)
        } else {
            for file in result.files where file.error == nil {
                console.print(InspectionText.lines(for: file).joined(separator: "\n"))
            }
        }
        console.printOutcomes(result)
        return ExitStatus.of(result)
    }
}
