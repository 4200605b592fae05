import Foundation
import RivAssetsKit
import RivFormat
import RivAssetRegistry
import RivSupport

/// `riv-assets replace`: embeds new bytes for assets, by unique name, across many files.
enum ReplaceCommand: Command {
    static let name = "replace"
    static let summary = "swap embedded (or embed referenced) images, fonts and audio by unique name"
    static let folder = OptionDeclaration.value("--assets", valueName: "DIR", help: """
        every image, font or audio file in DIR, matched by its name without
        extension (`logo-12.png` replaces `logo-12`; `a%2Fb-3.png`, the encoded
        form `strip` writes, replaces `a/b-3`); its type comes from its
        content (PNG/JPEG/WebP image, TTF/OTF font, WAV/MP3/FLAC/Ogg audio);
        other files (a licence text, say) are skipped with a note
        """)
    static let image = OptionDeclaration.repeatable("--image", valueName: "NAME=PATH", help: """
        replace the image NAME with the file PATH (repeatable); NAME may be
        a shell pattern: --image 'logo-*=brand.png'
        """)
    static let font = OptionDeclaration.repeatable("--font", valueName: "NAME=PATH", help: "replace the font NAME (repeatable; patterns too)")
    static let audio = OptionDeclaration.repeatable("--audio", valueName: "NAME=PATH", help: "replace the audio NAME (repeatable; patterns too)")
    static let byName = OptionDeclaration.flag("--by-name", help: """
        match NAME against the asset's name without extension and id
        (`Inter` for Inter.ttf), the same in every file, not the unique name
        """)
    static let allowUnmatched = OptionDeclaration.flag("--allow-unmatched", help: "a NAME that matches no asset is a note, not an error")
    static let overwrite = SharedOptions.overwrite
    static let watch = OptionDeclaration.flag("--watch", help: """
        write every output at once (the input with DIR's replacements; an
        existing output only with --force), then keep them in step with DIR
        until stopped (Ctrl-C, SIGTERM; exit 1 if a write failed): each change
        rewrites the outputs whose replacements changed, one line per
        rewrite; a file removed from DIR
        puts the original asset back; a file still being copied waits
        """)
    static let maxAssetSize = OptionDeclaration.value("--max-asset-size", valueName: "BYTES", help: """
        refuse a replacement file larger than this, before reading it
        (default 256MiB; 500kB, 2MB, 1GiB)
        """)
    enum Option: RewriteOption {
        case folder, image, font, audio, byName, allowUnmatched, outputFile, inPlace, overwrite, skipChecks, watch, maxAssetSize, dryRun, json
        var declaration: OptionDeclaration {
            switch self {
            case .folder: ReplaceCommand.folder
            case .image: ReplaceCommand.image
            case .font: ReplaceCommand.font
            case .audio: ReplaceCommand.audio
            case .byName: ReplaceCommand.byName
            case .allowUnmatched: ReplaceCommand.allowUnmatched
            case .outputFile: SharedOptions.outputFile
            case .inPlace: SharedOptions.inPlace
            case .overwrite: ReplaceCommand.overwrite
            case .skipChecks: SharedOptions.skipChecks
            case .watch: ReplaceCommand.watch
            case .maxAssetSize: ReplaceCommand.maxAssetSize
            case .dryRun: SharedOptions.dryRun
            case .json: SharedOptions.json
            }
        }

        /// The option that names replacements of `kind`: `--image`, `--font`,
        /// `--audio`; none for the kinds an app does not replace.
        init?(replacing kind: AssetKind) {
            switch kind {
            case .image: self = .image
            case .font: self = .font
            case .audio: self = .audio
            case .script, .scriptModule, .shader, .blob, .manifest: return nil
            }
        }
    }
    static let help = HelpText.render(usage: """
        riv-assets replace FILE... (--assets DIR | --image NAME=PATH | --font NAME=PATH
                                  | --audio NAME=PATH ...) (-o OUT | --in-place) [--force] [--skip-checks] [--json]
        """, description: """
        Applies the replacements to every input file: an asset whose unique name
        (see `riv-assets list`) and type match a replacement gets its bytes; a
        referenced or CDN-hosted asset becomes embedded (its CDN uuid is then
        removed so runtimes stop fetching it). For one asset a NAME given with
        --image, --font or --audio wins over a file in --assets, an exact NAME
        over a pattern, and the first pattern given over later ones.
        """, options: options, notes: """
        A NAME that matches no asset in any input is an error (exit 1) with a
        suggestion ("did you mean logo-12?", "Inter-5 is a font, not an image"),
        and nothing is written or created, unless --allow-unmatched; files of
        --assets that match nothing are one note.
        An input no replacement matches is left untouched (skipped, not rewritten).
        An existing output file is refused without --force. Outputs are written to
        a temporary file and renamed; a failure leaves inputs and existing outputs
        unchanged. Notes and errors go to standard error.
        Exit status: 0 when every file was handled, 1 when any failed or a NAME
        matched nothing, 64 for a usage error.
        """)

    static func run(_ arguments: ParsedArguments<Option>, console: Console) throws(UsageError) -> Int32 {
        let inputs = try SharedOptions.inputs(arguments)
        var replacements: [ReplaceRequest.Replacement] = []
        for kind in AssetKind.allCases {
            guard let option = Option(replacing: kind) else { continue }
            let type = AssetType(kind)
            for pair in arguments.values(option) {
                guard let equals = pair.firstIndex(of: "="), equals != pair.startIndex else {
                    throw UsageError("expected NAME=PATH, got '\(pair)'")
                }
                replacements.append(.init(type: type, name: String(pair[..<equals]), path: String(pair[pair.index(after: equals)...])))
            }
        }
        guard arguments.value(.folder) != nil || !replacements.isEmpty else {
            throw UsageError("give replacements: --assets DIR, --image, --font or --audio NAME=PATH")
        }
        let request = ReplaceRequest(try SharedOptions.rewrite(arguments, inputs: inputs),
                                     replacementFolder: arguments.value(.folder), replacements: replacements,
                                     matchingByName: arguments.isSet(.byName), skipChecks: arguments.isSet(.skipChecks),
                                     allowsUnmatched: arguments.isSet(.allowUnmatched),
                                     maximumFileSize: try arguments.byteCount(.maxAssetSize) ?? AssetFolder.defaultMaximumFileSize)
        if arguments.isSet(.watch) {
            if arguments.isSet(.json) { throw UsageError("--watch prints lines as it goes; it has no --json result") }
            return try keepInStep(request, console: console)
        }
        let result = try perform { () throws(RequestError) in try AssetOperations.replace(request) }
        let verb = result.dryRun ? "would change" : "changed"
        console.printFiles(result, json: arguments.isSet(.json), dryRun: result.dryRun, sizes: false) { "\($0.changes.count) \(verb)" } lines: { detail in
            detail.changes.map(describe)
        }
        for note in result.notes { console.note(TerminalText.escaped(note)) }
        let allowed = arguments.isSet(.allowUnmatched)
        for use in result.unmatchedNamed {
            let sentence = "no \(use.type) matches '\(TerminalText.escaped(use.name))' in any input"
                + (use.suggestion.map { "; " + TerminalText.escaped($0) } ?? "")
            if allowed { console.note(sentence) } else { console.error("riv-assets replace: " + sentence) }
        }
        let folderUnmatched = result.unmatchedFolderFiles
        if !folderUnmatched.isEmpty {
            console.note(CountedNoun.text(folderUnmatched.count, "file") + " of --assets matched no asset: "
                + folderUnmatched.prefix(20).map(TerminalText.escaped).joined(separator: ", ") + (folderUnmatched.count > 20 ? ", ..." : ""))
        }
        return ExitStatus.of(result)
    }

    /// Writes the outputs, then follows the folder until SIGINT or SIGTERM stops it.
    private static func keepInStep(_ request: ReplaceRequest, console: Console) throws(UsageError) -> Int32 {
        let watching = try perform { () throws(RequestError) in
            try ReplaceWatch.start(request) { event in
                switch event {
                case .written(let input, let output, let changes, let warnings, let isRewrite):
                    let what = changes.isEmpty ? "original assets" : changes.map { TerminalText.escaped($0.asset) }.joined(separator: ", ")
                    console.print("\(isRewrite ? "rewrote" : "wrote") \(TerminalText.escaped(output)) from \(TerminalText.escaped(input)): \(what)")
                    for warning in warnings { console.error("riv-assets: warning: " + TerminalText.escaped("\(input): \(warning)")) }
                case .failed(let failure):
                    console.printOutcomes([failure])
                case .folderFailed(let message):
                    console.error("riv-assets: \(TerminalText.escaped(message)); the outputs keep what they had")
                }
            }
        }
        // An output the watch may not write (one that exists, without --force) ends it at once.
        guard !watching.hasFailures else {
            watching.stop()
            return ExitStatus.failure
        }
        console.note("watching \(TerminalText.escaped(request.replacementFolder ?? "")); stop with Ctrl-C")
        InterruptCleanup.stopOnInterrupt {
            // A look at the folder in progress gives up; a rewrite under way gets a
            // few seconds to finish (its temporary file is removed if it does not).
            let stopped = DispatchSemaphore(value: 0)
            Thread.detachNewThread {
                watching.stop()
                stopped.signal()
            }
            guard stopped.wait(timeout: .now() + 5) == .success else { return ExitStatus.failure }
            return ExitStatus.of(verdictFailed: watching.hasFailures)
        }
        while true { Thread.sleep(forTimeInterval: 3600) }
    }

    /// `name: replaced N bytes`, as a line of the result.
    private static func describe(_ change: AssetChange) -> String {
        switch change.action {
        case .embeddedFromCDN:
            "\(TerminalText.escaped(change.asset)): embedded \(ByteCountText.binary(change.bytes)); CDN uuid and base URL removed"
        case .replaced:
            "\(TerminalText.escaped(change.asset)): replaced, \(ByteCountText.binary(change.bytesBefore)) -> \(ByteCountText.binary(change.bytes))"
        default:
            "\(TerminalText.escaped(change.asset)): \(change.action.rawValue) \(ByteCountText.binary(change.bytes))"
        }
    }
}
