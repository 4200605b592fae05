import RivAssetsKit

/// `riv-assets render`: one artboard's picture as Rive's runtime draws it.
enum RenderCommand: Command {
    static let name = "render"
    static let writesFiles = true
    static let summary = "draw an artboard as Rive's runtime does: an SVG, or its draw calls as JSON"
    static let artboard = OptionDeclaration.value("--artboard", valueName: "NAME", help: "the artboard with this name (default: the first)")
    static let artboardIndex = OptionDeclaration.value("--artboard-index", valueName: "N", help: "the artboard at this index, from 0")
    static let scene = OptionDeclaration.value("--scene", valueName: "none", words: ["none"], help: """
        the scene applied: none, the setup pose (the only one drawn yet, and the default)
        """)
    static let json = OptionDeclaration.flag("--json", help: "write the draw calls as JSON lines instead of an SVG")
    enum Option: CommandOption {
        case output, artboard, artboardIndex, scene, json, overwrite
        var declaration: OptionDeclaration {
            switch self {
            case .output: SharedOptions.singleOutputFile
            case .artboard: RenderCommand.artboard
            case .artboardIndex: RenderCommand.artboardIndex
            case .scene: RenderCommand.scene
            case .json: RenderCommand.json
            case .overwrite: SharedOptions.overwrite
            }
        }
    }
    static let help = HelpText.render(usage: """
        riv-assets render FILE|- [--artboard NAME | --artboard-index N] [--scene none] [-o OUT.svg | --json [-o OUT.json]] [--force]
        """, description: """
        Draws one artboard as Rive's runtime draws it, in its setup pose: the
        components at rest, with their shapes, paths, fills, strokes, gradients,
        feathers, embedded images, nested artboards, clipping shapes, draw rules
        and blend modes, in the runtime's painter's order. Writes an SVG (its view
        box the artboard's bounds, images inline), or with --json the draw calls as
        JSON lines (each path in its own and the artboard's space, its paint,
        transform and clips; a header with the schema version), to OUT or to
        standard output. FILE - reads the file from standard input.
        """, options: options, notes: """
        What the artboard holds and the picture leaves out (animations, text,
        bones, constraints, trim and dash paths, meshes, data binding...) is listed on
        standard error, in the JSON header and as a comment in the SVG: never a
        silently wrong picture. Exit status: 0 when the picture was written, 1 when
        the file could not be read or the output written, 64 for a usage error.
        """)

    static func run(_ arguments: ParsedArguments<Option>, console: Console) throws(UsageError) -> Int32 {
        let inputs = try SharedOptions.inputs(arguments)
        guard inputs.count == 1 else { throw UsageError("render draws one file at a time") }
        if let scene = arguments.value(.scene), scene != "none" { throw UsageError("--scene: only none (the setup pose) is drawn yet, got '\(scene)'") }
        var request = RenderRequest(input: inputs[0], format: arguments.isSet(.json) ? .json : .svg, output: arguments.value(.output),
                                    overwrite: arguments.isSet(.overwrite))
        switch (arguments.value(.artboard), try arguments.wholeNumber(.artboardIndex, minimum: 0)) {
        case (.some, .some): throw UsageError("--artboard and --artboard-index cannot be used together")
        case (let name?, nil): request.artboard = .named(name)
        case (nil, let index?): request.artboard = .index(index)
        case (nil, nil): break
        }
        let report = try perform { () throws(RequestError) in try AssetOperations.render(request) }
        if let document = report.document { console.write(document) }
        for note in report.notes { console.note("not drawn: \(TerminalText.escaped(note.feature)): \(TerminalText.escaped(note.message))") }
        if let output = report.output, let artboard = report.artboard {
            console.error("\(TerminalText.escaped(output)): artboard \"\(TerminalText.escaped(artboard))\" (index \(report.artboardIndex ?? 0)), "
                + "\(Console.counted(report.draws, "path")), \(Console.counted(report.clips, "clip"))")
        }
        console.printOutcomes(report)
        return ExitStatus.of(failed: report.failure != nil)
    }
}
