import RivAssetsKit

/// `riv-assets codegen`: writes typed names for everything an app addresses in `.riv` files.
enum CodegenCommand: Command {
    static let name = "codegen"
    static let summary = "write typed names of artboards, inputs, events, view models and assets (Swift, Kotlin, TypeScript)"
    static let output = OptionDeclaration.value("-o", "--output", valueName: "FILE", help: "the source file to write (default: standard output)")
    static let language = OptionDeclaration.value("--language", valueName: "swift|kotlin|typescript", help: "the language of the code (default: swift)")
    static let access = OptionDeclaration.value("--access", valueName: "public|internal",
                                                help: "the access level of the generated code, Swift and Kotlin (default: internal)")
    static let namespace = OptionDeclaration.value("--namespace", valueName: "NAME", help: "the enum or object that holds every file's names (default: RiveAssets)")
    static let package = OptionDeclaration.value("--package", valueName: "NAME", help: "the Kotlin package of the file, e.g. com.example.app (default: none)")
    enum Option: CommandOption {
        case output, language, access, namespace, package, overwrite, json
        var declaration: OptionDeclaration {
            switch self {
            case .output: CodegenCommand.output
            case .language: CodegenCommand.language
            case .access: CodegenCommand.access
            case .namespace: CodegenCommand.namespace
            case .package: CodegenCommand.package
            case .overwrite: SharedOptions.overwrite
            case .json: SharedOptions.json
            }
        }
    }
    static let help = HelpText.render(usage: """
        riv-assets codegen FILE... [-o FILE] [--language swift|kotlin|typescript] [--access public|internal]
                           [--namespace NAME] [--package NAME] [--force] [--json]
        """, description: """
        Writes, inside one namespace (RiveAssets), one type per file (RiveAssets.Hero for
        hero.riv) naming everything an app addresses in it, each constant holding the
        runtime's exact string:
          - fileName, and one constant per asset with its name, unique name, type, file
            extension, location and CDN uuid, and all, every asset of the file;
          - one type per artboard with its name, and in it one type per state machine
            with its name and one constant per input, typed by kind (BoolInput,
            NumberInput with their defaults, TriggerInput), and the groups Animations,
            TextRuns, Events (Event, OpenURLEvent, AudioEvent) and NestedArtboards;
          - ViewModels: one type per view model with a typed constant per property
            (StringProperty, NumberProperty, ...) and its Instances.
        So RiveAssets.Hero.Main.Flow.level is input level of state machine Flow of
        artboard Main of hero.riv. Languages:
          swift       enums and structs (RiveAssets.Hero.Main.Flow.level.name)
          kotlin      objects and data classes, constants in SCREAMING_SNAKE_CASE
                      (RiveAssets.Hero.Main.Flow.LEVEL.name), for Rive's Android runtime
          typescript  one `as const` object and an interface per kind, each value with
                      its kind (RiveAssets.Hero.Main.Flow.level.name), for Rive's web runtime
        Identifiers are made valid and distinct whatever the names hold (spaces,
        leading digits, keywords, other scripts, emoji, duplicates): a repeated name
        gets a numeric suffix (Blinko_2), and a file's type so numbered gets a
        comment naming the file's path. The output is the same on every run, so it
        can be committed and diffed; the file is rewritten only when its contents
        change. A file at -o that no earlier codegen wrote (hand-written code) is
        refused unless --force is given.
        """, options: options, notes: """
        Exit status: 0 when every file was read, 1 when any failed (its names are left out), 64 for a usage error.
        """)

    static func run(_ arguments: ParsedArguments<Option>, console: Console) throws(UsageError) -> Int32 {
        let codeLanguage = try arguments.choice(.language, among: CodegenRequest.Language.allCases) ?? .swift
        let level = try arguments.choice(.access, among: CodegenRequest.Access.allCases)
        if level != nil, codeLanguage == .typescript {
            throw UsageError("--access applies to swift and kotlin; TypeScript exports every name")
        }
        let accessLevel = level ?? .internal
        let request = CodegenRequest(inputs: try SharedOptions.requestInputs(arguments), outputPath: arguments.value(.output), language: codeLanguage,
                                     access: accessLevel, namespace: arguments.value(.namespace) ?? "RiveAssets",
                                     packageName: arguments.value(.package), overwrite: arguments.isSet(.overwrite))
        let result = try perform { () throws(RequestError) in try AssetOperations.codegen(request) }
        if arguments.isSet(.json) {
            console.printJSON(result)
        } else if request.outputPath == nil {
            console.write(result.source)
        }
        console.printOutcomes(result)
        return ExitStatus.of(result)
    }
}
