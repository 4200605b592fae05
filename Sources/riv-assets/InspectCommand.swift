import RivAssetsKit
import RivCommandLine

/// `riv-assets inspect`: what a file holds for an app to wire up.
enum InspectCommand: Command {
    static let name = "inspect"
    static let summary = "show artboards, animations, state machines, text runs and who uses each asset"
    static let options = [SharedOptions.json]
    static let help = HelpText.render(usage: """
        riv-assets inspect FILE... [--json]
        """, description: """
        Shows what an app needs to wire a file in: each artboard (size, the default
        one) with its animations (length, fps, loop), state machines with their
        inputs (type, starting value) and layers, named text runs (with the font
        each is set in), nested artboards and events; the view models and their
        properties; and, for every asset, the objects that use it.
        """, options: options, notes: """
        --json prints one document with a schema version (SPEC.md section 16).
        Exit status: 0 when every file was read, 1 when any could not be, 64 for a usage error.
        """)

    static func run(_ arguments: ParsedArguments, console: Console) throws(UsageError) -> Int32 {
        let request = InspectRequest(inputs: try SharedOptions.inputs(arguments))
        let report = try perform { () throws(RequestError) in try AssetOperations.inspect(request) }
        if arguments.isSet(SharedOptions.json) {
            console.printJSON(report)
            for file in report.files { if let error = file.error { console.failure(path: file.path, message: error) } }
        } else {
            for file in report.files {
                if let error = file.error {
                    console.failure(path: file.path, message: error)
                } else {
                    console.print(InspectionText.lines(for: file).joined(separator: "\n"))
                }
            }
        }
        return ExitStatus.of(failed: report.hasFailures)
    }
}
