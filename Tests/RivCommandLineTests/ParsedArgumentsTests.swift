@testable import RivCommandLine
import Testing

/// Options are read by the cases of the command's own enum: an option the enum
/// does not declare cannot be named in a read (it does not compile) and is an
/// unknown option on the command line.
@Suite("ParsedArguments")
struct ParsedArgumentsTests {
    enum Option: CommandOption {
        case output, json, image
        var declaration: OptionDeclaration {
            switch self {
            case .output: .value("-o", "--output", valueName: "OUT", help: "where")
            case .json: .flag("--json", help: "as JSON")
            case .image: .repeatable("--image", valueName: "NAME=PATH", help: "an image")
            }
        }
    }

    @Test("values, repeated values and flags are read by their case, under any spelling")
    func readsByCase() throws {
        let parsed = try ParsedArguments<Option>(["a.riv", "--output=x", "--image", "a=1", "--json", "--image", "b=2", "--", "--json"])
        #expect(parsed.value(.output) == "x")
        #expect(parsed.values(.image) == ["a=1", "b=2"])
        #expect(parsed.isSet(.json))
        #expect(parsed.positionals == ["a.riv", "--json"])
        let short = try ParsedArguments<Option>(["-o", "y"])
        #expect(short.value(.output) == "y" && !short.isSet(.json) && short.values(.image).isEmpty)
    }

    @Test("an option the enum does not declare is a usage error naming the nearest declared one")
    func undeclaredOption() {
        #expect(throws: UsageError("unknown option '--jsn'; did you mean --json?")) { try ParsedArguments<Option>(["--jsn"]) }
        #expect(throws: UsageError("unknown option '--json'")) { try ParsedArguments<NoOption>(["--json"]) }
    }

    @Test("every command declares its options once, as its enum's cases, and its help lists each in that order")
    func commandsDeclareTheirCases() {
        for command in RivAssetsTool.commands {
            let synopses = command.options.map(\.synopsis)
            #expect(Set(command.options.map(\.name)).count == synopses.count, "\(command.name) declares an option twice")
            let positions = synopses.map { command.help.range(of: "  " + $0)?.lowerBound }
            #expect(!positions.contains(nil), "\(command.name): \(synopses)")
            #expect(positions.compactMap { $0 } == positions.compactMap { $0 }.sorted(), "\(command.name): help out of order")
        }
    }
}
