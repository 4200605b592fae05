import RivAssetsKit
import RivSupport

/// `riv-assets render`: one artboard's picture as Rive's runtime draws it.
enum RenderCommand: Command {
    static let name = "render"
    static let writesFiles = true
    static let summary = "draw an artboard as Rive's runtime does: an SVG or a PNG, or its draw calls as JSON"
    static let artboard = OptionDeclaration.value("--artboard", valueName: "NAME", help: "the artboard with this name (default: the first)")
    static let artboardIndex = OptionDeclaration.value("--artboard-index", valueName: "N", help: "the artboard at this index, from 0")
    static let scene = OptionDeclaration.value("--scene", valueName: "SCENE", words: ["default", "none"], help: """
        default, the runtime's default scene (the default), or none, the setup pose
        """)
    static let stateMachine = OptionDeclaration.value("--state-machine", valueName: "NAME", help: "play the state machine with this name")
    static let animation = OptionDeclaration.value("--animation", valueName: "NAME", help: "play the linear animation with this name")
    static let time = OptionDeclaration.repeatable("--time", valueName: "SECONDS", help: """
        advance the scene by SECONDS and apply it (repeatable: one step each; none is one step of 0)
        """)
    static let input = OptionDeclaration.repeatable("--input", valueName: "NAME=VALUE", help: """
        set a state machine input before the first step: true or false, a number, or fire for a trigger
        """)
    static let viewModelInstance = OptionDeclaration.value("--vm", valueName: "NAME", help: """
        bind the instance of the artboard's view model with this name (default: its default instance, as the runtime binds it; the setup pose binds none)
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
        case output, artboard, artboardIndex, scene, stateMachine, animation, time, input, viewModelInstance, json, overwrite, width, allArtboards, format
        var declaration: OptionDeclaration {
            switch self {
            case .output: SharedOptions.singleOutputFile
            case .artboard: RenderCommand.artboard
            case .artboardIndex: RenderCommand.artboardIndex
            case .scene: RenderCommand.scene
            case .stateMachine: RenderCommand.stateMachine
            case .animation: RenderCommand.animation
            case .time: RenderCommand.time
            case .input: RenderCommand.input
            case .viewModelInstance: RenderCommand.viewModelInstance
            case .json: RenderCommand.json
            case .overwrite: SharedOptions.overwrite
            case .width: RenderCommand.width
            case .allArtboards: RenderCommand.allArtboards
            case .format: RenderCommand.format
            }
        }
    }
    static let help = HelpText.render(usage: """
        riv-assets render FILE|- [--artboard NAME | --artboard-index N] [--state-machine NAME | --animation NAME | --scene SCENE]
            [--time SECONDS]... [--input NAME=VALUE]... [--vm NAME] [-o OUT.svg | -o OUT.png [--width PX] | --json [-o OUT.json]] [--force]
        riv-assets render FILE|- --all-artboards -o DIR/ [--format svg|png] [--width PX] [scene options] [--force]
        """, description: """
        Draws one artboard as Rive's runtime draws it, at the runtime's default
        scene (its default state machine, else its first state machine, else its
        first animation, after one advanceAndApply(0); each --time is one more step,
        as the runtime's frames are) or at the one named, or at its setup pose
        (--scene none): key frames, state machine layers, transitions on the
        inputs' values, blend states; then the components with their shapes, paths, fills, strokes, gradients,
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
        What the artboard holds and the picture leaves out (nested artboards' scenes, text,
        bones, constraints, trim and dash paths, meshes, data binding...) is listed on
        standard error, in the JSON header and as a comment in the SVG: never a
        silently wrong picture. Exit status: 0 when the picture was written, 1 when
        the file could not be read or the output written, 64 for a usage error.
        """)

    static func run(_ arguments: ParsedArguments<Option>, console: Console) throws(UsageError) -> Int32 {
        let inputs = try SharedOptions.inputs(arguments)
        guard inputs.count == 1 else { throw UsageError("render draws one file at a time") }
        var request = RenderRequest(input: RequestInput(inputs[0]), format: try format(arguments), output: arguments.value(.output),
                                    overwrite: arguments.isSet(.overwrite), width: try arguments.wholeNumber(.width, minimum: 1))
        request.scene = try scene(arguments)
        request.sceneOptions = SceneOptions(steps: try steps(arguments), inputs: try arguments.values(.input).map(input),
                                            viewModelInstance: arguments.value(.viewModelInstance))
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
        let result: RenderResult
        do {
            result = try AssetOperations.render(request)
        } catch {
            throw UsageError(error.message + suggestion(for: error.underlying as? RenderError))
        }
        if let document = result.document { console.write(document) }
        for note in result.notes { console.note("not drawn: \(TerminalText.escaped(note.feature)): \(TerminalText.escaped(note.message))") }
        if let output = result.output, let artboard = result.artboard {
            console.error("\(TerminalText.escaped(output)): artboard \"\(TerminalText.escaped(artboard))\" (index \(result.artboardIndex ?? 0)), "
                + "\(CountedNoun.text(result.draws, "path")), \(CountedNoun.text(result.clips, "clip"))" + size(result.width, result.height))
        }
        for picture in result.pictures where picture.written {
            console.error("\(TerminalText.escaped(picture.output)): artboard \"\(TerminalText.escaped(picture.artboard))\" (index \(picture.artboardIndex)), "
                + "\(CountedNoun.text(picture.draws, "path")), \(CountedNoun.text(picture.clips, "clip"))" + size(picture.width, picture.height))
            for note in picture.notes { console.note("\(TerminalText.escaped(picture.artboard)): not drawn: \(TerminalText.escaped(note.feature)): \(TerminalText.escaped(note.message))") }
        }
        console.printOutcomes(result)
        return ExitStatus.of(result)
    }

    /// The format asked for: JSON with --json; else --format; else PNG for an output ending in .png; else SVG.
    private static func format(_ arguments: ParsedArguments<Option>) throws(UsageError) -> RenderRequest.Format {
        let named = arguments.value(.format)
        if arguments.isSet(.json) {
            guard named == nil else { throw UsageError("--json and --format cannot be used together") }
            return .json
        }
        if let format = try arguments.choice(.format, among: [RenderRequest.Format.svg, .png]) { return format }
        return arguments.value(.output).flatMap { RenderRequest.Format(fileName: $0) } ?? .svg
    }

    /// ", W×H pixels" for a PNG, nothing otherwise.
    private static func size(_ width: Int?, _ height: Int?) -> String {
        guard let width, let height else { return "" }
        return ", \(width)x\(height) pixels"
    }

    /// The scene the options name: at most one of --scene, --state-machine, --animation.
    private static func scene(_ arguments: ParsedArguments<Option>) throws(UsageError) -> RenderScene {
        var named: [RenderScene] = []
        switch arguments.value(.scene) {
        case nil: break
        case "none": named.append(.none)
        case "default": named.append(.default)
        case let other?: throw UsageError("--scene: default or none, got '\(other)'")
        }
        if let name = arguments.value(.stateMachine) { named.append(.stateMachine(name)) }
        if let name = arguments.value(.animation) { named.append(.animation(name)) }
        guard named.count <= 1 else { throw UsageError("--scene, --state-machine and --animation cannot be used together") }
        return named.first ?? .default
    }

    /// The --time steps: finite numbers of seconds, at most ``SceneOptions/stepLimit``.
    private static func steps(_ arguments: ParsedArguments<Option>) throws(UsageError) -> [Double] {
        let values = arguments.values(.time)
        guard values.count <= SceneOptions.stepLimit else { throw UsageError("--time: at most \(SceneOptions.stepLimit) steps, got \(values.count)") }
        var steps: [Double] = []
        for value in values {
            guard let seconds = Double(value), seconds.isFinite else { throw UsageError("--time: a number of seconds, got '\(value)'") }
            steps.append(seconds)
        }
        return steps
    }

    /// One --input NAME=VALUE: true, false, fire or a number.
    private static func input(_ text: String) throws(UsageError) -> SceneInput {
        guard let equals = text.lastIndex(of: "="), equals != text.startIndex else { throw UsageError("--input: NAME=VALUE, got '\(text)'") }
        let name = String(text[..<equals]), value = String(text[text.index(after: equals)...])
        switch value {
        case "true": return SceneInput(name: name, value: .bool(true))
        case "false": return SceneInput(name: name, value: .bool(false))
        case "fire": return SceneInput(name: name, value: .fire)
        default:
            guard let number = Double(value), number.isFinite else { throw UsageError("--input \(name): true, false, fire or a number, got '\(value)'") }
            return SceneInput(name: name, value: .number(number))
        }
    }

    /// "; did you mean X?" for a scene or input name close to one the artboard has.
    private static func suggestion(for error: RenderError?) -> String {
        let typed: String, names: [String]
        switch error {
        case .noStateMachineNamed(let name, let available)?, .noAnimationNamed(let name, let available)?, .noArtboardNamed(let name, let available)?:
            (typed, names) = (name, available)
        case .noInputNamed(let name, _, let available)?, .noViewModelInstanceNamed(let name, let available)?:
            (typed, names) = (name, available)
        default:
            return ""
        }
        return NearestName.suggestion(for: typed, among: names).map { "; did you mean \"\($0)\"?" } ?? ""
    }
}
