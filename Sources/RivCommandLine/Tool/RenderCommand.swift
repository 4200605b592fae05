import RivAssetsKit

/// `riv-assets render`: one artboard's picture as Rive's runtime draws it.
enum RenderCommand: Command {
    static let name = "render"
    static let writesFiles = true
    static let summary = "draw an artboard as Rive's runtime does: an SVG or a PNG, or its draw calls as JSON"
    static let artboard = OptionDeclaration.value("--artboard", valueName: "NAME", help: "the artboard with this name (default: the first)")
    static let artboardIndex = OptionDeclaration.value("--artboard-index", valueName: "N", help: "the artboard at this index, from 0")
    static let scene = OptionDeclaration.value("--scene", valueName: "none", words: ["none"], help: """
        the scene applied: none, the setup pose (the only one drawn yet, and the default)
        """)
    static let json = OptionDeclaration.flag("--json", help: "write the draw calls as JSON lines instead of an SVG")
    static let width = OptionDeclaration.value("--width", valueName: "PX", help: """
        a PNG's width in pixels, its height keeping the artboard's aspect (default: the artboard's size)
        """)
    static let allArtboards = OptionDeclaration.flag("--all-artboards", help: """
        draw every artboard into the folder -o DIR/, one file each named after the artboard
        (with -INDEX where names repeat or are empty)
        """)
    static let format = OptionDeclaration.value("--format", valueName: "FORMAT", words: ["svg", "png"], help: """
        svg or png: the files --all-artboards writes (default svg); a single output's format comes from its extension
        """)
    enum Option: CommandOption {
        case output, artboard, artboardIndex, scene, json, overwrite, width, allArtboards, format
        var declaration: OptionDeclaration {
            switch self {
            case .output: SharedOptions.singleOutputFile
            case .artboard: RenderCommand.artboard
            case .artboardIndex: RenderCommand.artboardIndex
            case .scene: RenderCommand.scene
            case .json: RenderCommand.json
            case .overwrite: SharedOptions.overwrite
            case .width: RenderCommand.width
            case .allArtboards: RenderCommand.allArtboards
            case .format: RenderCommand.format
            }
        }
    }
    static let help = HelpText.render(usage: """
        riv-assets render FILE|- [--artboard NAME | --artboard-index N] [--scene none] [-o OUT.svg | -o OUT.png [--width PX] | --json [-o OUT.json]] [--force]
        riv-assets render FILE|- --all-artboards -o DIR/ [--format svg|png] [--width PX] [--force]
        """, description: """
        Draws one artboard as Rive's runtime draws it, in its setup pose: the
        components at rest, with their shapes, paths, fills, strokes, gradients,
        feathers, embedded images, nested artboards, clipping shapes, draw rules
        and blend modes, in the runtime's painter's order. Writes an SVG (its view
        box the artboard's bounds, images inline), a PNG when OUT ends in .png
        (drawn by riv-assets' own anti-aliased rasterizer, transparent where the
        artboard draws nothing, the embedded PNG, JPEG and WebP images decoded; the
        artboard's size, or --width pixels wide), or with --json the draw calls as
        JSON lines (each path in its own and the artboard's space, its paint,
        transform and clips; a header with the schema version), to OUT or to
        standard output. --all-artboards writes every artboard into DIR, each
        file named after its artboard as extract names assets. FILE - reads the
        file from standard input.
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
        var request = RenderRequest(input: inputs[0], format: try format(arguments), output: arguments.value(.output),
                                    overwrite: arguments.isSet(.overwrite), width: try arguments.wholeNumber(.width, minimum: 1))
        switch (arguments.value(.artboard), try arguments.wholeNumber(.artboardIndex, minimum: 0)) {
        case (.some, .some): throw UsageError("--artboard and --artboard-index cannot be used together")
        case (let name?, nil): request.artboard = .named(name)
        case (nil, let index?): request.artboard = .index(index)
        case (nil, nil): break
        }
        if arguments.isSet(.allArtboards) {
            guard request.artboard == .first else { throw UsageError("--all-artboards draws every artboard: leave out --artboard and --artboard-index") }
            guard request.output != nil else { throw UsageError("--all-artboards writes into a folder: give it with -o DIR/") }
            request.artboard = .all
        }
        if request.width != nil && request.format != .png { throw UsageError("--width sizes a PNG: write one with -o OUT.png or --format png") }
        if request.format == .png && request.output == nil { throw UsageError("a PNG is written to a file: give it with -o OUT.png") }
        let report = try perform { () throws(RequestError) in try AssetOperations.render(request) }
        if let document = report.document { console.write(document) }
        for note in report.notes { console.note("not drawn: \(TerminalText.escaped(note.feature)): \(TerminalText.escaped(note.message))") }
        if let output = report.output, let artboard = report.artboard {
            console.error("\(TerminalText.escaped(output)): artboard \"\(TerminalText.escaped(artboard))\" (index \(report.artboardIndex ?? 0)), "
                + "\(Console.counted(report.draws, "path")), \(Console.counted(report.clips, "clip"))" + size(report.width, report.height))
        }
        for picture in report.pictures where picture.written {
            console.error("\(TerminalText.escaped(picture.output)): artboard \"\(TerminalText.escaped(picture.artboard))\" (index \(picture.artboardIndex)), "
                + "\(Console.counted(picture.draws, "path")), \(Console.counted(picture.clips, "clip"))" + size(picture.width, picture.height))
            for note in picture.notes { console.note("\(TerminalText.escaped(picture.artboard)): not drawn: \(TerminalText.escaped(note.feature)): \(TerminalText.escaped(note.message))") }
        }
        console.printOutcomes(report)
        return ExitStatus.of(failed: !report.inputFailures.isEmpty)
    }

    /// The format asked for: JSON with --json; else --format; else PNG for an output ending in .png; else SVG.
    private static func format(_ arguments: ParsedArguments<Option>) throws(UsageError) -> RenderRequest.Format {
        let named = arguments.value(.format)
        if arguments.isSet(.json) {
            guard named == nil else { throw UsageError("--json and --format cannot be used together") }
            return .json
        }
        if let named {
            guard let format = RenderRequest.Format(rawValue: named), format != .json else { throw UsageError("--format: svg or png, got '\(named)'") }
            return format
        }
        return arguments.value(.output).flatMap { RenderRequest.Format(fileName: $0) } ?? .svg
    }

    /// ", W×H pixels" for a PNG, nothing otherwise.
    private static func size(_ width: Int?, _ height: Int?) -> String {
        guard let width, let height else { return "" }
        return ", \(width)x\(height) pixels"
    }
}
