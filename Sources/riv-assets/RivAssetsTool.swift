/// The top level of the tool: picks the command and maps outcomes to exit codes.
enum RivAssetsTool {
    static let version = "0.1.0"

    static var commands: [any Command.Type] { [ListCommand.self, ExtractCommand.self, ReplaceCommand.self, StripCommand.self] }

    static var help: String {
        var text = """
        riv-assets \(version): see, pull out, swap, embed and strip the images, fonts and audio inside Rive .riv files.

        USAGE: riv-assets <command> [options] FILE...

        COMMANDS:

        """
        for command in commands {
            text += "  " + command.name.padding(toLength: 10, withPad: " ", startingAt: 0) + command.summary + "\n"
        }
        text += """

        Run `riv-assets <command> --help` for a command's options.
        Exit status: 0 when every file was handled, 1 when any file failed, 64 for a usage error.
        """
        return text
    }

    /// Runs the tool and returns its exit status.
    static func run(arguments: [String]) -> Int32 {
        guard let first = arguments.first else {
            Output.error(help)
            return ExitStatus.usage
        }
        switch first {
        case "--help", "-h", "help":
            Output.print(help)
            return ExitStatus.success
        case "--version":
            Output.print("riv-assets \(version)")
            return ExitStatus.success
        default:
            break
        }
        guard let command = commands.first(where: { $0.name == first }) else {
            Output.error("riv-assets: unknown command '\(first)'; run `riv-assets --help` for the list")
            return ExitStatus.usage
        }
        var parser = ArgumentParser(Array(arguments.dropFirst()))
        if parser.contains("--help") || parser.contains("-h") {
            Output.print(command.help)
            return ExitStatus.success
        }
        do {
            return try command.run(&parser)
        } catch {
            Output.error("riv-assets \(command.name): \(error.message)")
            return ExitStatus.usage
        }
    }
}

/// Exit statuses shared by every command.
enum ExitStatus {
    static let success: Int32 = 0
    static let failure: Int32 = 1
    static let usage: Int32 = 64
}

/// One subcommand of the tool.
protocol Command {
    /// The word that selects the command.
    static var name: String { get }
    /// One line for the tool's help.
    static var summary: String { get }
    /// The command's full help.
    static var help: String { get }
    /// Parses the remaining arguments and does the work; returns the exit status.
    static func run(_ arguments: inout ArgumentParser) throws(UsageError) -> Int32
}
