import Foundation
import RivAssetsKit
import RivCommandLine
import RivFormat
import RivHostedAssets

/// `riv-assets verify`: checks that files would load in Rive's runtime and that their assets are in place.
enum VerifyCommand: Command {
    static let name = "verify"
    static let summary = "check that files would load in Rive's runtime and their assets are in place"
    static let assets = OptionDeclaration.value("--assets", valueName: "DIR", help: """
        every referenced asset must have a file here: its unique name
        (verbatim, or encoded as `strip` writes names a file system cannot
        hold) with the runtime's extension or that of any format its type
        accepts
        """)
    static let offline = OptionDeclaration.flag("--offline", help: "every hosted asset must be in the hosted-asset cache that `fetch` fills")
    static let cacheDir = HostedOptions.cacheDir
    static let uploadDir = OptionDeclaration.value("--upload-dir", valueName: "DIR", help: """
        every hosted asset must have its file here, as `host` writes it:
        named by its CDN uuid, with the bytes the folder's manifest (and a
        content uuid) records, of a format its type decodes
        """)
    static let maxFileSize = OptionDeclaration.value("--max-file-size", valueName: "BYTES", help: "fail files larger than this (2000000, 2MB, 2MiB)")
    static let maxAssetSize = OptionDeclaration.value("--max-asset-size", valueName: "BYTES", help: "fail embedded assets larger than this (500kB, 1MiB)")
    static let allow = OptionDeclaration.value("--allow", valueName: "LOCATIONS", help: """
        comma-separated: embedded, referenced, hosted (default: all); an
        asset anywhere else is a finding
        """)
    static let options = [assets, offline, cacheDir, uploadDir, maxFileSize, maxAssetSize, allow, SharedOptions.json]
    static let help = HelpText.render(usage: """
        riv-assets verify FILE... [--assets DIR] [--offline [--cache-dir DIR]] [--upload-dir DIR]
                                  [--max-file-size BYTES] [--max-asset-size BYTES]
                                  [--allow LOCATIONS] [--json]
        """, description: """
        Says whether Rive's runtime would load each file (its verdict predicted from
        the runtime's own import rules: success, unsupportedVersion or malformed),
        whether it would crash or hang the runtime, whether the file is damaged
        where the runtime would still load it, and whether its assets are where an
        app needs them. Each finding has a stable code (crash-...: the runtime would
        crash or hang; runtime-...: it refuses the file, or reads part of it out of
        step; structure-...: the file is damaged; non-finite-transform: a position,
        rotation or scale is infinite or NaN; asset-..., file-..., signature-...:
        assets, budgets and signatures) and goes to standard error as one line:
        PATH: CODE: at byte N: MESSAGE.
        """, options: options, notes: """
        The asset-folder, cache, upload-folder and budget checks run only when their options are given.
        Exit status: 0 when every file passed, 1 when any has a finding, 64 for a usage error.
        """)

    static func run(_ arguments: ParsedArguments, console: Console) throws(UsageError) -> Int32 {
        var hostedAssets: HostedAssetFetcher?
        if arguments.isSet(offline) {
            // The cache `fetch` fills, unless another is named; opened only to read it.
            let folder: URL
            if let named = arguments.value(cacheDir) {
                folder = URL(fileURLWithPath: named)
            } else {
                do throws(HostedAssetCacheError) {
                    folder = try HostedAssetCache.defaultDirectory()
                } catch {
                    throw UsageError(error.description)
                }
            }
            hostedAssets = HostedAssetFetcher(transport: URLSessionTransport(), cache: HostedAssetCache(readingFrom: folder),
                                              configuration: .init(offline: true))
        } else if arguments.value(cacheDir) != nil {
            throw UsageError("--cache-dir names the cache --offline checks: add --offline")
        }
        let request = VerifyRequest(inputs: try SharedOptions.inputs(arguments), assetsFolder: arguments.value(assets),
                                    hostedAssets: hostedAssets, uploadFolder: arguments.value(uploadDir), maxFileSize: try arguments.byteCount(maxFileSize),
                                    maxAssetSize: try arguments.byteCount(maxAssetSize),
                                    allowedLocations: try locations(arguments))
        let report = try perform { () throws(RequestError) in try AssetOperations.verify(request) }
        if arguments.isSet(SharedOptions.json) {
            console.printJSON(report)
        } else {
            for file in report.files where file.passed {
                console.print("\(TerminalText.escaped(file.path)): ok (Rive's runtime: \(file.runtimeResult.rawValue))")
            }
        }
        for file in report.files {
            for finding in file.findings {
                let at = finding.offset.map { "at byte \($0): " } ?? ""
                console.error("\(TerminalText.escaped(file.path)): \(finding.code): \(at)\(TerminalText.escaped(finding.message))")
            }
        }
        for finding in report.uploadFolder?.findings ?? [] {
            console.error("\(TerminalText.escaped(report.uploadFolder?.manifest ?? "")): \(finding.code): \(TerminalText.escaped(finding.message))")
        }
        return ExitStatus.of(failed: !report.passed)
    }

    private static func locations(_ arguments: ParsedArguments) throws(UsageError) -> Set<AssetLocation> {
        guard let text = arguments.value(allow) else { return [.embedded, .referenced, .hosted] }
        var allowed: Set<AssetLocation> = []
        for word in text.split(separator: ",", omittingEmptySubsequences: false) {
            guard let location = AssetLocation(rawValue: String(word)) else {
                throw UsageError("--allow: '\(word)' is not one of embedded, referenced, hosted")
            }
            allowed.insert(location)
        }
        return allowed
    }
}
