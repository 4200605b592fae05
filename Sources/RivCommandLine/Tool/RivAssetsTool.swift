import RivAssetsKit

/// The top level of the tool: picks the command, parses its declared options,
/// runs it, and maps the outcome to an exit status.
package enum RivAssetsTool {
    static let version = "0.2.0"

    static var commands: [any Command.Type] {
        [ListCommand.self, ExtractCommand.self, ReplaceCommand.self, StripCommand.self, ReportCommand.self, InspectCommand.self,
         PruneCommand.self, ShrinkCommand.self, SwapCommand.self, PlaceCommand.self, FetchCommand.self, EmbedCommand.self, HostCommand.self, VerifyCommand.self,
         CodegenCommand.self, DiffCommand.self, RenderCommand.self, CompletionsCommand.self]
    }

    static var help: String {
        var text = """
        riv-assets \(version): see, pull out, swap, embed and strip the images, fonts and audio inside Rive .riv files.

        USAGE: riv-assets <command> [options] FILE...

        COMMANDS:

        """
        let width = (commands.map { $0.name.count }.max() ?? 0) + 2
        for command in commands {
            text += "  " + command.name.padding(toLength: width, withPad: " ", startingAt: 0) + command.summary + "\n"
        }
        text += """

        Run `riv-assets <command> --help` (or `riv-assets help <command>`) for a command's options.
        Exit status: 0 when every file was handled, 1 when any file failed, 64 for a usage error.
        """
        return text
    }

    /// Whether the command `arguments` run may write files (see ``Command/writesFiles``);
    /// false for help, the version and an unknown command.
    package static func writesFiles(_ arguments: [String]) -> Bool {
        commands.first { $0.name == arguments.first }?.writesFiles ?? false
    }

    /// Runs the tool with `arguments` (without the program name), writing to
    /// `console`, and returns its exit status. A command's asynchronous work is
    /// awaited, never waited for by blocking a thread. It runs on the caller's
    /// executor (the main thread, from `main.swift`): a command with no
    /// asynchronous work starts no thread of the concurrency pool.
    package nonisolated(nonsending) static func run(arguments: [String], console: Console) async -> Int32 {
        guard let first = arguments.first else {
            console.error(help)
            return ExitStatus.usage
        }
        switch first {
        case "--help", "-h":
            console.print(help)
            return ExitStatus.success
        case "help":
            guard let name = arguments.dropFirst().first else {
                console.print(help)
                return ExitStatus.success
            }
            guard let command = commands.first(where: { $0.name == name }) else { return unknownCommand(name, console) }
            console.print(command.help)
            return ExitStatus.success
        case "--version":
            console.print("riv-assets \(version)")
            return ExitStatus.success
        default:
            break
        }
        guard let command = commands.first(where: { $0.name == first }) else { return unknownCommand(first, console) }
        let rest = Array(arguments.dropFirst())
        if command.asksForHelp(rest) {
            console.print(command.help)
            return ExitStatus.success
        }
        do {
            return try await command.parseAndRun(rest, console: console)
        } catch {
            console.error("riv-assets \(command.name): \(TerminalText.escaped(error.message))")
            return ExitStatus.usage
        }
    }

    /// The options the tool takes before a command.
    private static let toolOptions = ["--help", "-h", "--version"]

    private static func unknownCommand(_ name: String, _ console: Console) -> Int32 {
        let known = name.hasPrefix("-") ? toolOptions : commands.map { $0.name }
        if let nearest = NearestName.suggestion(for: name, among: known) {
            let what = name.hasPrefix("-") ? "option" : "command"
            console.error("riv-assets: unknown \(what) '\(TerminalText.escaped(name))'; did you mean `riv-assets \(nearest)`?")
        } else {
            console.error("riv-assets: unknown command '\(TerminalText.escaped(name))'; run `riv-assets --help` for the list")
        }
        return ExitStatus.usage
    }
}

/// Exit statuses shared by every command.
package enum ExitStatus {
    static let success: Int32 = 0
    package static let failure: Int32 = 1
    static let usage: Int32 = 64

    /// `success` when the request did what was asked (``InputOutcomes/succeeded``),
    /// `failure` otherwise: every command that works on inputs ends this way.
    static func of(_ outcomes: some InputOutcomes) -> Int32 { outcomes.succeeded ? success : failure }

    /// `failure` when a verdict failed (verify's checks, diff's breaking
    /// changes, a watch that could not go on), `success` otherwise.
    static func of(verdictFailed failed: Bool) -> Int32 { failed ? failure : success }
}

/// One subcommand of the tool: its declared options and how it turns them into
/// an operation's request and the operation's result into output.
protocol Command {
    /// The word that selects the command.
    static var name: String { get }
    /// One line for the tool's help.
    static var summary: String { get }
    /// The options it accepts, one case each; parsing and help both come from these.
    associatedtype Option: CommandOption
    /// Whether it may write files, so that an interrupt must undo the writes in
    /// progress (``InterruptCleanup``). A command that only reads leaves the
    /// signals as they are and so starts no thread to watch them.
    static var writesFiles: Bool { get }
    /// The full help.
    static var help: String { get }
    /// Does the work for parsed arguments and returns the exit status (a command
    /// with no asynchronous work implements it synchronously).
    nonisolated(nonsending) static func run(_ arguments: ParsedArguments<Option>, console: Console) async throws(UsageError) -> Int32
}

extension Command {
    static var writesFiles: Bool { true }

    /// The declarations of its options, in the order help lists them.
    static var options: [OptionDeclaration] { Option.declarations }

    /// Whether `arguments` ask for the help: `--help` or `-h` among the options.
    static func asksForHelp(_ arguments: [String]) -> Bool {
        ParsedArguments<Option>.optionArguments(of: arguments).contains { $0 == "--help" || $0 == "-h" }
    }

    /// Parses `arguments` against its options and runs.
    nonisolated(nonsending) static func parseAndRun(_ arguments: [String], console: Console) async throws(UsageError) -> Int32 {
        try await run(ParsedArguments<Option>(arguments), console: console)
    }

    /// Runs an operation, turning a request it refuses into a usage error.
    static func perform<Value>(_ operation: () throws(RequestError) -> Value) throws(UsageError) -> Value {
        do {
            return try operation()
        } catch {
            throw UsageError(error.message)
        }
    }

    /// Awaits an asynchronous operation, turning a request it refuses into a usage error.
    nonisolated(nonsending) static func perform<Value>(_ operation: nonisolated(nonsending) () async throws(RequestError) -> Value) async throws(UsageError) -> Value {
        do {
            return try await operation()
        } catch {
            throw UsageError(error.message)
        }
    }
}
