import RivAssetsKit
import RivSupport

/// `riv-assets host`: moves assets out of files onto a CDN of your own.
enum HostCommand: Command {
    static let name = "host"
    static let summary = "move assets to your own CDN: files that fetch them by URL"
    static let baseURL = OptionDeclaration.value("--base-url", valueName: "URL", help: """
        the CDN base URL stored on each hosted asset; runtimes fetch
        URL/<uuid> (http or https; no user info, query or fragment)
        """)
    static let uploadDir = OptionDeclaration.value("--upload-dir", valueName: "DIR", help: """
        where the bytes go, one file per uuid, with manifest.json (created
        if needed); upload its contents to URL
        """)
    static let types = OptionDeclaration.value("--type", valueName: "TYPES", words: SharedOptions.typeWords, help: """
        comma-separated: image, font, audio, script, other, all
        (default: image,font,audio)
        """)
    static let only = OptionDeclaration.repeatable("--only", valueName: "NAME", help: "host only the asset with this unique name (repeatable)")
    static let uuid = OptionDeclaration.value("--uuid", valueName: "content|random", help: """
        content (default): a uuid derived from the bytes, the same for the
        same bytes in every file and run (cache the URL as immutable);
        random: a new uuid, whose bytes you may later replace on the CDN
        """)
    static let assets = OptionDeclaration.value("--assets", valueName: "DIR", help: """
        also host referenced assets found here by unique name, as `embed
        --assets` reads them (`logo-12.png` for the image logo-12)
        """)
    static let deleteUnused = OptionDeclaration.flag("--delete-unused", help: """
        then delete from DIR (and its manifest) the uploads no hosted file
        uses any more; a dry run lists them
        """)
    static let overwrite = SharedOptions.overwrite
    enum Option: RewriteOption, TypeFilterOption {
        case baseURL, uploadDir, outputFile, inPlace, types, only, uuid, assets, deleteUnused, overwrite, skipChecks, dryRun, json
        var declaration: OptionDeclaration {
            switch self {
            case .baseURL: HostCommand.baseURL
            case .uploadDir: HostCommand.uploadDir
            case .outputFile: SharedOptions.outputFile
            case .inPlace: SharedOptions.inPlace
            case .types: HostCommand.types
            case .only: HostCommand.only
            case .uuid: HostCommand.uuid
            case .assets: HostCommand.assets
            case .deleteUnused: HostCommand.deleteUnused
            case .overwrite: HostCommand.overwrite
            case .skipChecks: SharedOptions.skipChecks
            case .dryRun: SharedOptions.dryRun
            case .json: SharedOptions.json
            }
        }
    }
    static let help = HelpText.render(usage: """
        riv-assets host FILE... --base-url URL --upload-dir DIR (-o OUT | --in-place)
                                [--type TYPES] [--only NAME]... [--uuid content|random]
                                [--assets DIR] [--delete-unused] [--force] [--skip-checks]
                                [--dry-run] [--json]
        """, description: """
        Moves embedded assets to a CDN you run: each chosen asset loses its embedded
        bytes and gains a CDN uuid and the base URL, and its bytes are written to
        DIR/<uuid>, the path Rive's runtimes request under the base URL. Everything
        else in each file is copied byte for byte. DIR/manifest.json says, for each
        uuid, its size, content hash, content type and the files that use it;
        an entry already there whose key names no uuid file of DIR, or whose
        content type is not one host writes, is dropped (with a warning).
        Uploading DIR is yours to do, e.g.
          aws s3 sync DIR s3://bucket/rive --exclude 'manifest.*' --no-follow-symlinks
        (README.md shows content types and cache headers for S3, GCS and rsync).
        `riv-assets embed` puts the bytes back.
        """, options: options, notes: """
        The same bytes get the same uuid in every file and every run, so shared
        assets are uploaded once and a rerun writes no new upload file. Upload
        files are never overwritten: one already there with other bytes fails the
        input. Upload files are written first, the .riv next, the manifest last.
        Runs into one DIR take turns (a lock on DIR/manifest.lock), each merging
        into the manifest the last one wrote.
        Exit status: 0 when every file was handled, 1 when any failed, 64 for a usage error.
        """)

    nonisolated(nonsending) static func run(_ arguments: ParsedArguments<Option>, console: Console) async throws(UsageError) -> Int32 {
        guard let base = arguments.value(.baseURL) else { throw UsageError("--base-url URL is required") }
        guard let folder = arguments.value(.uploadDir) else { throw UsageError("--upload-dir DIR is required") }
        let uuids = try arguments.choice(.uuid, among: HostRequest.UUIDChoice.allCases) ?? .content
        let request = HostRequest(try SharedOptions.rewrite(arguments), baseURL: base, uploadFolder: folder,
                                  types: try SharedOptions.typeFilter(arguments, default: .appSupplied),
                                  uniqueNames: arguments.values(.only), uuids: uuids, assetsFolder: arguments.value(.assets),
                                  skipChecks: arguments.isSet(.skipChecks))
        let deleteUnused = arguments.isSet(.deleteUnused)
        let result = try await perform { () async throws(RequestError) in
            do {
                return try await AssetOperations.host(request, uploadingThrough: nil, deletingUnused: deleteUnused)
            } catch let refused as RequestError {
                throw refused
            } catch {
                // Without a transport nothing awaits a network call: only a cancelled run gets here.
                throw RequestError(.uploadFolderUnusable, "\(request.uploadFolder): stopped: \(error)")
            }
        }
        let verb = result.dryRun ? "would be hosted" : "hosted"
        console.printFiles(result, json: arguments.isSet(.json), dryRun: result.dryRun) { "\(CountedNoun.text($0.hosted.count, "asset")) \(verb)" } lines: { detail in
            detail.hosted.map { "\(TerminalText.escaped($0.asset)) -> \(TerminalText.escaped($0.url))  \($0.upload.rawValue)" }
        }
        if !arguments.isSet(.json) {
            for uuid in result.deletedUploads { console.print("\(result.dryRun ? "would delete" : "deleted") unused upload \(uuid)") }
        }
        return ExitStatus.of(result)
    }
}
