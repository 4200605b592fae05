import RivAssetsKit

/// Options several commands take, declared once.
enum SharedOptions {
    static let json = OptionDeclaration.flag("--json", help: "print the result as JSON")
    static let outputFile = OptionDeclaration.value("-o", "--output", valueName: "OUT",
                                                    help: "the output file (one input) or folder (several inputs)")
    /// `-o` of the commands that take one input (the same option, read by ``destination(_:)``).
    static let singleOutputFile = OptionDeclaration.value("-o", "--output", valueName: "OUT", help: "the output file")
    static let inPlace = OptionDeclaration.flag("--in-place", help: """
        rewrite the inputs themselves, atomically (a new file renamed over
        the old; a symbolic link is followed to its file; other hard links
        keep the old bytes; permissions, owner and group are kept)
        """)
    static let dryRun = OptionDeclaration.flag("--dry-run", help: "report what would be done; write and create nothing")
    /// Overwriting only: every other check a command makes has its own option.
    static let overwrite = OptionDeclaration.flag("--force", help: "overwrite output files that exist")
    static let skipChecks = OptionDeclaration.flag("--skip-checks", help: """
        do what the checks refuse: embed bytes whose format does not suit the
        asset, change contents a signature covers, remove assets scripts or
        data binding may reach
        """)
    /// The words of `--type`: each category, and `all`.
    static let typeWords = AssetTypeFilter.Category.allCases.map(\.rawValue) + ["all"]
    static let types = OptionDeclaration.value("--type", valueName: "TYPES", words: SharedOptions.typeWords, help: """
        comma-separated: image, font, audio, script, other, all (script:
        ScriptAsset and ScriptModuleAsset, listed as type unknown, kind Script...)
        """)

    /// The inputs, which must not be empty.
    static func inputs(_ arguments: ParsedArguments<some CommandOption>) throws(UsageError) -> [String] {
        guard !arguments.positionals.isEmpty else { throw UsageError("give at least one .riv file") }
        return arguments.positionals
    }

    /// The inputs as a request takes them (`-` is standard input), which must not be empty.
    static func requestInputs(_ arguments: ParsedArguments<some CommandOption>) throws(UsageError) -> [RequestInput] {
        try inputs(arguments).map { RequestInput($0) }
    }

    /// The group every rewriting command fills one way: the inputs (the
    /// positionals, unless the command takes them apart itself), `-o OUT` or
    /// `--in-place`, `--force` and `--dry-run`.
    static func rewrite(_ arguments: ParsedArguments<some RewriteOption>, inputs: [String]? = nil) throws(UsageError) -> RewriteOptions {
        let given: [String]
        if let inputs { given = inputs } else { given = try Self.inputs(arguments) }
        return RewriteOptions(inputs: given.map { RequestInput($0) }, destination: try destination(arguments),
                              overwrite: arguments.isSet(.overwrite), dryRun: arguments.isSet(.dryRun))
    }

    /// `-o OUT` or `--in-place`, exactly one of them.
    private static func destination(_ arguments: ParsedArguments<some RewriteOption>) throws(UsageError) -> OutputDestination {
        switch (arguments.value(.outputFile), arguments.isSet(.inPlace)) {
        case (nil, false): throw UsageError("say where the output goes: -o OUT or --in-place")
        case (.some, true): throw UsageError("-o and --in-place cannot be used together")
        case (nil, true): return .inPlace
        case (.some(let path), false): return .path(path)
        }
    }

    /// The `--type` filter, or `fallback` when absent.
    static func typeFilter(_ arguments: ParsedArguments<some TypeFilterOption>, default fallback: AssetTypeFilter) throws(UsageError) -> AssetTypeFilter {
        guard let text = arguments.value(.types) else { return fallback }
        do {
            return try AssetTypeFilter(parsing: text)
        } catch {
            throw UsageError("--type: \(error.message)")
        }
    }
}

/// The options of a command that rewrites its inputs (``SharedOptions/rewrite(_:inputs:)``):
/// `-o OUT` or `--in-place`, `--force` (each command says what it overwrites) and `--dry-run`.
protocol RewriteOption: CommandOption {
    static var outputFile: Self { get }
    static var inPlace: Self { get }
    static var overwrite: Self { get }
    static var dryRun: Self { get }
}

/// The options of a command that takes `--type` (``SharedOptions/typeFilter(_:default:)``).
protocol TypeFilterOption: CommandOption {
    static var types: Self { get }
}

/// How a failure reads on standard error: the message and, when an option would
/// have let it through, that option.
enum FailureText {
    static func message(_ failure: InputFailure) -> String {
        failure.message + (failure.remedy.map { " (" + hint($0) + ")" } ?? "")
    }

    static func hint(_ remedy: InputFailure.Remedy) -> String {
        switch remedy {
        case .overwrite: "use --force to overwrite"
        case .skipFormatCheck: "use --skip-checks to embed them anyway"
        case .skipSignatureCheck: "use --skip-checks to do it anyway"
        case .skipRemovalCheck: "use --skip-checks to remove them anyway"
        case .settleConflict: "use --prefer merge to merge the font copies into one (with --subset-fonts to ship it small), "
            + "or --prefer per-file to name each copy after its input"
        case .allowUnmatched: "use --allow-unmatched to write them anyway"
        }
    }
}

/// Help text several commands share.
enum SharedHelp {
    /// How asset files are named on disk and found again (RivFormat's `AssetFileName`).
    static let fileNames = """
        File names: an asset's file is named exactly as Rive's runtime looks for
        it (uniqueName + extension: `-35321.ttf`, `.hidden-3.png`) unless a file
        system cannot hold that name (a `/` or NUL in it, over 255 bytes); only
        then is it encoded (`%`, `/`, NUL as %25, %2F, %00; a long name shortened
        around a hash), with a warning. Every command that reads a folder finds a
        file under either name, and nothing is written outside the folder.
        """
}
