import Foundation
import PackagePlugin

/// `swift package riv-assets verify|list|diff [options] [--target NAME...]`: runs
/// `riv-assets` on every `.riv` file of the package's targets (or the named ones)
/// and fails when it does, so a CI step catches a file Rive's runtime would refuse,
/// or (`diff --against REV|DIR --breaking`) a change that breaks the names the app
/// uses, compared with a git revision or a folder holding the earlier files.
@main
struct RivAssetsCommand: CommandPlugin {
    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    static let usage = "usage: swift package riv-assets verify|list [riv-assets options] [--target NAME...]\n"
        + "       swift package riv-assets diff --against GIT-REVISION|FOLDER [--breaking] [--json] [--target NAME...]"

    func performCommand(context: PluginContext, arguments: [String]) throws {
        var extractor = ArgumentExtractor(arguments)
        let targetNames = extractor.extractOption(named: "target")
        let against = extractor.extractOption(named: "against")
        var rest = extractor.remainingArguments
        guard let subcommand = rest.first, ["verify", "list", "diff"].contains(subcommand),
              (subcommand == "diff") == (against.count == 1) else {
            throw Failure(description: Self.usage)
        }
        rest.removeFirst()
        let targets = try targetNames.isEmpty ? context.package.targets : context.package.targets(named: targetNames)
        let rivFiles = rivFiles(among: targets.compactMap { $0 as? SourceModuleTarget }.flatMap { $0.sourceFiles.map(\.url) }).map(\.path)
        guard !rivFiles.isEmpty else {
            print("riv-assets: no .riv files in \(targetNames.isEmpty ? "the package's targets" : targetNames.joined(separator: ", "))")
            return
        }
        var inputs = rivFiles
        if subcommand == "diff" {
            let earlier = try EarlierVersions(of: rivFiles, in: context.package.directoryURL, against: against[0],
                                              workFolder: context.pluginWorkDirectoryURL)
            for file in earlier.missing {
                print("riv-assets: \(file) is new since \(against[0]): nothing to compare")
            }
            guard !earlier.pairs.isEmpty else { return }
            inputs = earlier.pairs.flatMap { [$0.old, $0.new] }
        }
        let process = Process()
        process.executableURL = try context.tool(named: "riv-assets").url
        process.arguments = [subcommand] + rest + inputs
        try process.run()
        process.waitUntilExit()
        guard process.terminationReason == .exit, process.terminationStatus == 0 else {
            let what = subcommand == "diff" && process.terminationStatus == 1 && rest.contains("--breaking")
                ? "found changes that break the names the app uses" : "failed (exit status \(process.terminationStatus))"
            throw Failure(description: "riv-assets \(subcommand) \(what) on \(rivFiles.count) .riv file\(rivFiles.count == 1 ? "" : "s")")
        }
    }
}

/// The earlier version of each `.riv` file: the same path under a folder, or the
/// file at a git revision (`git show REV:./path`, written under the plugin's work
/// folder). A file the folder or revision lacks is new: it has nothing to compare.
struct EarlierVersions {
    /// Each file with an earlier version: (earlier, current).
    var pairs: [(old: String, new: String)] = []
    /// The files that have none, relative to the package.
    var missing: [String] = []

    init(of files: [String], in packageFolder: URL, against reference: String, workFolder: URL) throws {
        let root = packageFolder.standardizedFileURL.path
        // A folder is taken relative to the package; anything else is a git revision.
        let folder = reference.hasPrefix("/") ? URL(fileURLWithPath: reference) : packageFolder.appendingPathComponent(reference)
        var isFolder: ObjCBool = false
        let againstFolder = FileManager.default.fileExists(atPath: folder.path, isDirectory: &isFolder) && isFolder.boolValue
        let scratch = workFolder.appendingPathComponent("earlier")
        try? FileManager.default.removeItem(at: scratch)
        for file in files {
            let path = URL(fileURLWithPath: file).standardizedFileURL.path
            let relative = path.hasPrefix(root + "/") ? String(path.dropFirst(root.count + 1)) : URL(fileURLWithPath: path).lastPathComponent
            if againstFolder {
                let old = folder.appendingPathComponent(relative).path
                if FileManager.default.fileExists(atPath: old) { pairs.append((old, file)) } else { missing.append(relative) }
            } else if let bytes = try Self.gitShow(reference, relative, in: packageFolder) {
                let old = scratch.appendingPathComponent(relative)
                try FileManager.default.createDirectory(at: old.deletingLastPathComponent(), withIntermediateDirectories: true)
                try bytes.write(to: old)
                pairs.append((old.path, file))
            } else {
                missing.append(relative)
            }
        }
    }

    /// The bytes of `path` (relative to `folder`) at `revision`; nil when the
    /// revision has no such file. Throws when git cannot be run or the revision is unknown.
    static func gitShow(_ revision: String, _ path: String, in folder: URL) throws -> Data? {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["git", "-C", folder.path, "cat-file", "blob", "\(revision):./\(path)"]
        let output = Pipe(), errors = Pipe()
        process.standardOutput = output
        process.standardError = errors
        try process.run()
        let bytes = output.fileHandleForReading.readDataToEndOfFile()
        let message = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        if process.terminationStatus == 0 { return bytes }
        // git says "path '...' does not exist in '...'" (or "exists on disk, but not in") for a file the revision lacks.
        if message.contains("does not exist in") || message.contains("exists on disk, but not in") { return nil }
        throw RivAssetsCommand.Failure(description: "riv-assets: cannot read \(path) at \(revision): \(message.trimmingCharacters(in: .whitespacesAndNewlines))")
    }
}
