
/// `riv-assets completions bash|zsh|fish`: prints the shell's completion script,
/// generated from the options every command declares.
enum CompletionsCommand: Command {
    static let name = "completions"
    static let writesFiles = false
    static let summary = "print a completion script for bash, zsh or fish"
    typealias Option = NoOption
    static let help = HelpText.render(usage: """
        riv-assets completions bash|zsh|fish
        """, description: """
        Prints a script that completes commands, their options, option values
        (folders, paths, fixed words) and .riv files in the given shell.
        """, options: options, notes: """
        bash:  source <(riv-assets completions bash)              (in ~/.bashrc)
        zsh:   riv-assets completions zsh > "${fpath[1]}/_riv-assets"  (then restart zsh)
               or: source <(riv-assets completions zsh)            (after compinit, in ~/.zshrc)
        fish:  riv-assets completions fish > ~/.config/fish/completions/riv-assets.fish
        """)

    static func run(_ arguments: ParsedArguments<Option>, console: Console) throws(UsageError) -> Int32 {
        guard arguments.positionals.count == 1, let shell = CompletionScript.Shell(rawValue: arguments.positionals[0]) else {
            throw UsageError("give one shell: bash, zsh or fish")
        }
        let commands = RivAssetsTool.commands.map { CompletionScript.Command(name: $0.name, summary: $0.summary, options: $0.options) }
        console.write(CompletionScript.script(for: shell, program: "riv-assets", commands: commands, fileExtension: "riv"))
        return ExitStatus.success
    }
}
