import RivAssetsKit

/// `riv-assets diff`: what changed between two versions of a file in the names an app uses.
enum DiffCommand: Command {
    static let name = "diff"
    static let writesFiles = true
    static let summary = "show what changed between two versions of .riv files, and whether it breaks an app"
    static let breaking = OptionDeclaration.flag("--breaking", help: """
        exit 1 when a name an app uses was removed, renamed or moved, changed
        kind, or an asset's unique name changed
        """)
    static let git = OptionDeclaration.mode("--git", help: """
        take the arguments git gives a diff driver, every one a path or a value
        even when it starts with `-`: PATH OLD-FILE OLD-HEX OLD-MODE NEW-FILE
        NEW-HEX NEW-MODE, then NEW-PATH HEADER for a rename or copy, or PATH
        alone for an unmerged path; shows PATH (OLD → NEW for a rename or copy)
        """)
    static let pictures = OptionDeclaration.value("--pictures", valueName: "DIR", help: """
        draw each artboard both versions hold (default scene, 512 px wide) into DIR:
        NAME.old.png, NAME.new.png and NAME.diff.png (the differing pixels red), and
        say which artboards draw differently
        """)
    enum Option: CommandOption {
        case breaking, git, json, pictures, overwrite
        var declaration: OptionDeclaration {
            switch self {
            case .breaking: DiffCommand.breaking
            case .git: DiffCommand.git
            case .json: SharedOptions.json
            case .pictures: DiffCommand.pictures
            case .overwrite: SharedOptions.overwrite
            }
        }
    }
    static let help = HelpText.render(usage: """
        riv-assets diff OLD NEW [OLD NEW]... [--breaking] [--json] [--pictures DIR [--force]]
        riv-assets diff [--breaking] [--json] --git PATH OLD-FILE OLD-HEX OLD-MODE
                        NEW-FILE NEW-HEX NEW-MODE [NEW-PATH HEADER]
        """, description: """
        Compares each old file with its new version, or each old folder with the new
        one (its .riv files at any depth, matched by path), in the names an app uses:
        artboards and their sizes; state machines, their inputs (kind, default);
        animations (duration, fps, loop, speed); text runs; events (kind, moves
        between artboards); nested artboards; view models, their properties (type)
        and instances; and assets (added, removed, bytes with size and hash,
        location, a unique name that changed for the same name and type). Changes
        that break an app written against the old version are marked `!`.
        As a git diff driver: git config diff.riv.command 'riv-assets diff --git'
        (and `git log -p --ext-diff`); --git comes last, after any other option.
        """, options: options, notes: """
        --json prints one document with a schema version: every change with its
        artboard, subject, owner, name, change, field, old and new values and
        whether it breaks.
        Exit status: 0, or 1 with --breaking when a change breaks an app; 1 when a
        file could not be read, except with --git, which says so in its output and
        exits 0 so that git goes on to the next file; 64 for a usage error.
        """)

    static func run(_ arguments: ParsedArguments<Option>, console: Console) throws(UsageError) -> Int32 {
        let positionals = arguments.positionals
        var driven: GitDriverArguments?
        var result: DiffResult
        if arguments.isSet(.git) {
            let given = try GitDriverArguments(positionals)
            driven = given
            if let versions = given.versions {
                result = try perform { () throws(RequestError) in try AssetOperations.diff(DiffRequest(pairs: [DiffRequest.Pair(old: versions.old, new: versions.new)])) }
                for index in result.files.indices {
                    if result.files[index].old != nil { result.files[index].old = given.path }
                    if result.files[index].new != nil { result.files[index].new = given.newPath }
                }
            } else {
                result = DiffResult.unmerged(given.path)
            }
        } else {
            guard !positionals.isEmpty, positionals.count % 2 == 0 else {
                throw UsageError("give an old and a new file or folder, or several such pairs")
            }
            let pairs = stride(from: 0, to: positionals.count, by: 2).map { DiffRequest.Pair(old: positionals[$0], new: positionals[$0 + 1]) }
            var request = DiffRequest(pairs: pairs, pictures: arguments.value(.pictures))
            request.overwrite = arguments.isSet(.overwrite)
            result = try perform { () throws(RequestError) in try AssetOperations.diff(request) }
        }
        if arguments.isSet(.json) {
            console.printJSON(result)
        } else {
            for file in result.files {
                var lines = DiffText.lines(for: file)
                lines.insert(contentsOf: (driven?.header ?? []).map { "  " + TerminalText.escaped($0) }, at: 1)
                console.print(lines.joined(separator: "\n"))
            }
        }
        console.printOutcomes(result)
        // As git's diff driver a file that cannot be read (truncated, half merged, an
        // LFS pointer) is said in the output: a non-zero exit would stop git's whole diff.
        if result.hasFailures && driven == nil { return ExitStatus.failure }
        return ExitStatus.of(verdictFailed: arguments.isSet(.breaking) && result.isBreaking)
    }
}
