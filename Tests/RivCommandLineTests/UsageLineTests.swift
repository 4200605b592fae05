import Testing
@testable import RivCommandLine

/// Every command's `USAGE:` names every option it accepts: what a command writes
/// keeps its shape, the declarations fill in the rest.
@Suite("USAGE lines")
struct UsageLineTests {
    /// The `USAGE:` block of a help text: its first lines, up to the blank one.
    static func usageBlock(_ help: String) -> String {
        String(help.split(separator: "\n", omittingEmptySubsequences: false).prefix { !$0.isEmpty }.joined(separator: "\n"))
    }

    @Test("every option of every command appears in its USAGE, by a spelling or through [fetch options]")
    func everyOptionIsNamed() {
        for command in RivAssetsTool.commands {
            let usage = Self.usageBlock(command.help)
            let named = Set(UsageLine.words(of: usage))
            let grouped = UsageLine.groups.filter { usage.contains($0.phrase) }.flatMap(\.options)
            for option in command.options where !grouped.contains(option) {
                #expect(option.names.contains(where: named.contains), "riv-assets \(command.name): USAGE lacks \(option.name)")
            }
        }
    }

    @Test("a written usage keeps its shape; the options it leaves out follow it, wrapped under the operands, repeatable ones with ...")
    func completion() {
        let options: [OptionDeclaration] = [
            .value("-o", "--output", valueName: "DIR", help: "where"),
            .flag("--json", help: "json"),
            .repeatable("--image", valueName: "NAME=PATH", help: "images"),
            .counted("--largest", valueName: "N", help: "largest"),
            .value("--a-rather-long-option-name", valueName: "SOMETHING", help: "long"),
            .value("--another-rather-long-option", valueName: "SOMETHING-ELSE", help: "long"),
        ]
        let completed = UsageLine.complete("riv-assets tool FILE... (-o DIR | --in-place)", options: options)
        let lines = completed.split(separator: "\n").map(String.init)
        #expect(lines[0] == "riv-assets tool FILE... (-o DIR | --in-place) [--json] [--image NAME=PATH]... [--largest [N]]", "a line of exactly 100 columns")
        #expect(!completed.contains("[-o DIR]"), "an option the usage names is not added again")
        let indent = String(repeating: " ", count: "USAGE: riv-assets tool ".count)
        #expect(lines.count == 3 && lines.dropFirst().allSatisfy { $0.hasPrefix(indent + "[--") }, "\(lines)")
        #expect(lines.dropFirst().allSatisfy { $0.count <= UsageLine.width } && "USAGE: \(lines[0])".count <= UsageLine.width, "\(lines)")
        #expect(completed.contains("[--largest [N]]") && completed.contains("[--another-rather-long-option SOMETHING-ELSE]"))
        #expect(UsageLine.complete("riv-assets tool [--json]", options: [.flag("--json", help: "json")]) == "riv-assets tool [--json]")
        #expect(UsageLine.complete("riv-assets fetch FILE... [fetch options]", options: HostedOptions.all) == "riv-assets fetch FILE... [fetch options]")
    }
}
