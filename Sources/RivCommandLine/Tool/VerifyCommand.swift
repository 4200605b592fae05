import Foundation
import RivAssetsKit
import RivFormat
import RivHostedAssets
import RivSupport

/// `riv-assets verify`: checks that files would load in Rive's runtime and that their assets are in place.
enum VerifyCommand: Command {
    static let name = "verify"
    static let writesFiles = false
    static let summary = "check that files would load in Rive's runtime and their assets are in place"
    static let assets = OptionDeclaration.value("--assets", valueName: "DIR", help: """
        every referenced asset must have a file here: its unique name
        (verbatim, or encoded as `strip` writes names a file system cannot
        hold) with the runtime's extension or that of any format its type
        accepts
        """)
    static let types = OptionDeclaration.value("--type", valueName: "TYPES", words: SharedOptions.typeWords, help: """
        with --assets: the types of referenced asset the folder supplies
        (comma-separated: image, font, audio, script, other, all; default all);
        referenced assets of other types, which the app supplies from
        elsewhere, are counted as not checked
        """)
    static let offline = OptionDeclaration.flag("--offline", help: "every hosted asset must be in the hosted-asset cache that `fetch` fills")
    static let cacheDir = HostedOptions.cacheDir
    static let uploadDir = OptionDeclaration.value("--upload-dir", valueName: "DIR", help: """
        every hosted asset must have its file here, as `host` writes it:
        named by its CDN uuid, with the bytes the folder's manifest (and a
        content uuid) records, of a format its type decodes
        """)
    static let maxFileSize = OptionDeclaration.value("--max-file-size", valueName: "BYTES", help: "fail files larger than this (2000000, 2MB, 2MiB, 2M)")
    static let maxAssetSize = OptionDeclaration.value("--max-asset-size", valueName: "BYTES", help: "fail embedded assets larger than this (500kB, 1MiB)")
    static let allow = OptionDeclaration.value("--allow", valueName: "LOCATIONS", help: """
        comma-separated: embedded, referenced, hosted (default: all), each
        optionally with the only types allowed there (LOCATION:TYPE, TYPE
        one of image, font, audio, script, other; repeat the location for
        more: embedded:script,embedded:font,referenced); an asset anywhere
        else is a finding
        """)
    static let runtimeOnly = OptionDeclaration.flag("--runtime-only", help: """
        fail a file only when Rive's runtime would refuse it or crash on it;
        every other finding is printed as a note
        """)
    enum Option: TypeFilterOption {
        case assets, types, offline, cacheDir, uploadDir, maxFileSize, maxAssetSize, allow, runtimeOnly, json
        var declaration: OptionDeclaration {
            switch self {
            case .assets: VerifyCommand.assets
            case .types: VerifyCommand.types
            case .offline: VerifyCommand.offline
            case .cacheDir: VerifyCommand.cacheDir
            case .uploadDir: VerifyCommand.uploadDir
            case .maxFileSize: VerifyCommand.maxFileSize
            case .maxAssetSize: VerifyCommand.maxAssetSize
            case .allow: VerifyCommand.allow
            case .runtimeOnly: VerifyCommand.runtimeOnly
            case .json: SharedOptions.json
            }
        }
    }
    static let help = HelpText.render(usage: """
        riv-assets verify FILE... [--assets DIR [--type TYPES]] [--offline [--cache-dir DIR]] [--upload-dir DIR]
                                  [--max-file-size BYTES] [--max-asset-size BYTES]
                                  [--allow LOCATIONS] [--runtime-only] [--json]
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
        PATH: CODE: at byte N: MESSAGE. Notes (what the runtime skips and still
        loads; under --runtime-only, every finding but the runtime's verdict) go
        to standard output as PATH: note: CODE: at byte N: MESSAGE and fail nothing.
        """, options: options, notes: """
        The asset-folder, cache, upload-folder and budget checks run only when their options are given;
        the ok line says which assets were left unchecked.
        Exit status: 0 when every file passed, 1 when any has a finding, 64 for a usage error.
        """)

    static func run(_ arguments: ParsedArguments<Option>, console: Console) throws(UsageError) -> Int32 {
        var hostedAssets: HostedAssetFetcher?
        if arguments.isSet(.offline) {
            // The cache `fetch` fills, unless another is named; opened only to read it.
            let folder: URL
            if let named = arguments.value(.cacheDir) {
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
        } else if arguments.value(.cacheDir) != nil {
            throw UsageError("--cache-dir names the cache --offline checks: add --offline")
        }
        let (allowedLocations, allowedTypes) = try allowance(arguments)
        if arguments.value(.types) != nil, arguments.value(.assets) == nil { throw UsageError("--type says what --assets DIR supplies: add --assets") }
        let request = VerifyRequest(inputs: try SharedOptions.requestInputs(arguments), assetsFolder: arguments.value(.assets),
                                    assetsFolderTypes: try SharedOptions.typeFilter(arguments, default: .all),
                                    hostedAssets: hostedAssets, uploadFolder: arguments.value(.uploadDir), maxFileSize: try arguments.byteCount(.maxFileSize),
                                    maxAssetSize: try arguments.byteCount(.maxAssetSize),
                                    allowedLocations: allowedLocations, allowedTypes: allowedTypes,
                                    runtimeOnly: arguments.isSet(.runtimeOnly))
        let result = try perform { () throws(RequestError) in try AssetOperations.verify(request) }
        if arguments.isSet(.json) {
            console.printJSON(result)
        } else {
            for file in result.files {
                let path = TerminalText.escaped(file.input)
                if file.passed {
                    let unchecked = file.uncheckedAssets.phrases.map { "; " + $0 }.joined()
                    console.print("\(path): ok (Rive's runtime: \(file.runtimeResult.rawValue))\(unchecked)")
                }
                for note in file.notes { console.print("\(path): note: \(line(note))") }
            }
        }
        for file in result.files {
            for finding in file.findings {
                console.error("\(TerminalText.escaped(file.input)): \(line(finding))")
            }
        }
        for finding in result.uploadFolder?.findings ?? [] {
            console.error("\(TerminalText.escaped(result.uploadFolder?.manifest ?? "")): \(finding.code): \(TerminalText.escaped(finding.message))")
        }
        return ExitStatus.of(verdictFailed: !result.passed)
    }

    /// `CODE: at byte N: MESSAGE`.
    private static func line(_ finding: VerifyFinding) -> String {
        let at = finding.offset.map { "at byte \($0): " } ?? ""
        return "\(finding.code): \(at)\(TerminalText.escaped(finding.message))"
    }

    /// `--allow`: the locations, and for those given as LOCATION:TYPE the types allowed there.
    private static func allowance(_ arguments: ParsedArguments<Option>) throws(UsageError) -> (Set<AssetLocation>, [AssetLocation: AssetTypeFilter]) {
        guard let text = arguments.value(.allow) else { return ([.embedded, .referenced, .hosted], [:]) }
        var locations: Set<AssetLocation> = []
        var anyType: Set<AssetLocation> = []
        var types: [AssetLocation: Set<AssetTypeFilter.Category>] = [:]
        let items = CommaList.items(text)
        guard !items.isEmpty else { throw UsageError("--allow: give at least one of embedded, referenced, hosted") }
        for item in items {
            let parts = item.split(separator: ":", maxSplits: 1, omittingEmptySubsequences: false)
            guard let location = AssetLocation(rawValue: String(parts[0])) else {
                throw UsageError("--allow: '\(parts[0])' is not one of embedded, referenced, hosted")
            }
            locations.insert(location)
            guard parts.count == 2 else {
                anyType.insert(location)
                continue
            }
            do {
                types[location, default: []].formUnion(try AssetTypeFilter(parsing: String(parts[1])).categories)
            } catch {
                throw UsageError("--allow \(item): \(error.message)")
            }
        }
        // A location also named without a type takes every type.
        let filters = types.filter { !anyType.contains($0.key) }.mapValues { AssetTypeFilter(categories: $0) }
        return (locations, filters)
    }
}
