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

/// The `.riv` files among a target's source files, sorted by path: those listed one by
/// one (`.process` or `.copy` of a file) and those inside a folder resource
/// (`.copy("Animations")`, which SwiftPM lists as the folder itself), at any depth.
private func rivFiles(among files: [URL]) -> [URL] {
    files.flatMap { url -> [URL] in
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: url.path, isDirectory: &isFolder), isFolder.boolValue else {
            return url.pathExtension.lowercased() == "riv" ? [url] : []
        }
        let inside = FileManager.default.enumerator(at: url, includingPropertiesForKeys: nil)?.allObjects as? [URL] ?? []
        return inside.filter { $0.pathExtension.lowercased() == "riv" }
    }.sorted { $0.path < $1.path }
}
