import Foundation
import PackagePlugin

/// Gives a target that lists `.riv` files among its resources (one by one, or in a
/// folder resource such as `.copy("Animations")`) typed names for their assets:
/// `riv-assets codegen` writes `RiveAssets.swift` into the build, and runs again
/// whenever one of the `.riv` files changes.
@main
struct RivAssetsPlugin: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
        guard let module = target as? SourceModuleTarget else { return [] }
        let rivFiles = rivFiles(among: module.sourceFiles.map(\.url))
        guard !rivFiles.isEmpty else { return [] }
        let output = context.pluginWorkDirectoryURL.appendingPathComponent("RiveAssets.swift")
        return [.buildCommand(
            displayName: "Generating asset names for \(rivFiles.count) .riv file\(rivFiles.count == 1 ? "" : "s") of \(target.name)",
            executable: try context.tool(named: "riv-assets").url,
            arguments: ["codegen"] + rivFiles.map(\.path) + ["-o", output.path],
            inputFiles: rivFiles,
            outputFiles: [output])]
    }
}
