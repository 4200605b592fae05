import Foundation
import PackagePlugin

/// `swift package riv-assets verify|list [options] [--target NAME...]`: runs
/// `riv-assets` on every `.riv` file of the package's targets (or the named ones)
/// and fails when it does, so a CI step catches a file Rive's runtime would refuse.
@main
struct RivAssetsCommand: CommandPlugin {
    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    func performCommand(context: PluginContext, arguments: [String]) throws {
        var extractor = ArgumentExtractor(arguments)
        let targetNames = extractor.extractOption(named: "target")
        var rest = extractor.remainingArguments
        guard let subcommand = rest.first, ["verify", "list"].contains(subcommand) else {
            throw Failure(description: "usage: swift package riv-assets verify|list [riv-assets options] [--target NAME...]")
        }
        rest.removeFirst()
        let targets = try targetNames.isEmpty ? context.package.targets : context.package.targets(named: targetNames)
        let rivFiles = targets.compactMap { $0 as? SourceModuleTarget }
            .flatMap { $0.sourceFiles.map(\.url) }
            .filter { $0.pathExtension.lowercased() == "riv" }
            .map(\.path).sorted()
        guard !rivFiles.isEmpty else {
            print("riv-assets: no .riv files in \(targetNames.isEmpty ? "the package's targets" : targetNames.joined(separator: ", "))")
            return
        }
        let process = Process()
        process.executableURL = try context.tool(named: "riv-assets").url
        process.arguments = [subcommand] + rest + rivFiles
        try process.run()
        process.waitUntilExit()
        guard process.terminationReason == .exit, process.terminationStatus == 0 else {
            throw Failure(description: "riv-assets \(subcommand) failed (exit status \(process.terminationStatus)) on \(rivFiles.count) .riv file\(rivFiles.count == 1 ? "" : "s")")
        }
    }
}
