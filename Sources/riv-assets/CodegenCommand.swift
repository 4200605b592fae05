import RivAssetsKit
import RivCommandLine

/// `riv-assets codegen`: writes Swift constants for the assets of `.riv` files.
enum CodegenCommand: Command {
    static let name = "codegen"
    static let summary = "write Swift constants naming the assets of .riv files"
    static let output = OptionDeclaration.value("-o", "--output", valueName: "FILE", help: "the Swift file to write (default: standard output)")
    static let access = OptionDeclaration.value("--access", valueName: "public|internal", help: "the access level of the generated code (default: internal)")
    static let namespace = OptionDeclaration.value("--namespace", valueName: "NAME", help: "the enum that holds every file's names (default: RiveAssets)")
    static let options = [output, access, namespace, SharedOptions.json]
    static let help = HelpText.render(usage: """
        riv-assets codegen FILE... [-o Generated.swift] [--access public|internal] [--namespace NAME] [--json]
        """, description: """
        Writes one enum per file (`RiveAssets.Hero` for hero.riv) with one constant per
        asset (`RiveAssets.Hero.logo`) holding its name, unique name, type, file
        extension, location and CDN uuid, and `all`, every asset of the file.
        Identifiers are made valid and distinct whatever the names hold (spaces,
        leading digits, Swift keywords, other scripts, duplicates); the output is the
        same on every run, so it can be committed and diffed. The file is rewritten
        only when its contents change.
        """, options: options, notes: """
        Exit status: 0 when every file was read, 1 when any failed (its names are left out), 64 for a usage error.
        """)

    static func run(_ arguments: ParsedArguments, console: Console) throws(UsageError) -> Int32 {
        let level = arguments.value(access) ?? "internal"
        guard let accessLevel = CodegenRequest.Access(rawValue: level) else {
            throw UsageError("--access takes public or internal, not '\(level)'")
        }
        let request = CodegenRequest(inputs: try SharedOptions.inputs(arguments), outputPath: arguments.value(output),
                                     access: accessLevel, namespace: arguments.value(namespace) ?? "RiveAssets")
        let report = try perform { () throws(RequestError) in try AssetOperations.codegen(request) }
        if arguments.isSet(SharedOptions.json) {
            console.printJSON(report)
        } else if request.outputPath == nil {
            console.write(report.source)
        }
        console.printOutcomes(report)
        return ExitStatus.of(failed: !report.failures.isEmpty)
    }
}
