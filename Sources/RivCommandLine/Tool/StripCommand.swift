import Foundation
import RivAssetsKit
import RivSupport

/// `riv-assets strip`: moves embedded assets out of files, leaving them referenced.
enum StripCommand: Command {
    static let name = "strip"
    static let summary = "move embedded assets out to files, leaving the .riv small"
    static let assetsOut = OptionDeclaration.value("--assets-out", valueName: "DIR", help: "where the asset files go (created if needed)")
    static let types = OptionDeclaration.value("--type", valueName: "TYPES", words: SharedOptions.typeWords, help: """
        comma-separated: image, font, audio, script, other, all
        (default: image,font,audio, the kinds apps can supply)
        """)
    static let overwrite = OptionDeclaration.flag("--force", help: """
        overwrite asset files and output files of earlier runs (a file that
        already holds an asset's bytes is never in the way)
        """)
    static let prefer = OptionDeclaration.value("--prefer", valueName: "WHICH",
                                                words: AssetConflictPolicy.allCases.filter { $0 != .refuse }.map(\.rawValue), help: """
        when inputs hold copies of one unique name with other bytes (Rive's
        editor stores a cut-down font per file): `merge` merges the font
        copies into one font mapping every character any copy maps (copies
        that are not one font are written per file); `largest` writes the
        font copy whose character map covers every character the others
        map, for all; `per-file` writes each as `uniqueName@INPUT.ext`
        (INPUT: the file's name without .riv). Without it such inputs fail.
        """)
    static let subsetFonts = OptionDeclaration.flag("--subset-fonts", help: """
        subset each TrueType font written to the characters of every file
        whose font it serves, plus those kept with --keep, --keep-characters
        and --keep-file (what the app may set at run time)
        """)
    static let fontSource = OptionDeclaration.repeatable("--font-source", valueName: "FONT", help: """
        an original font file (or a folder of .ttf/.otf files; NAME=FILE for
        one unique name) written instead of the embedded copies of the font
        with its family and style names, subset exactly with --subset-fonts
        """)
    static let dedupe = OptionDeclaration.flag("--dedupe", help: """
        one asset file per content: names with the same bytes share the first
        one's file, and DIR/riv-assets-manifest.json lists the names each serves
        """)
    enum Option: RewriteOption, TypeFilterOption, LayoutOption, KeepOption {
        case assetsOut, types, outputFile, inPlace, prefer, dedupe, subsetFonts, keepRanges, keepCharacters, keepFile, fontSource, layout, kotlinMap, kotlinPackage,
             overwrite, skipChecks, dryRun, json
        var declaration: OptionDeclaration {
            switch self {
            case .assetsOut: StripCommand.assetsOut
            case .types: StripCommand.types
            case .outputFile: SharedOptions.outputFile
            case .inPlace: SharedOptions.inPlace
            case .prefer: StripCommand.prefer
            case .dedupe: StripCommand.dedupe
            case .subsetFonts: StripCommand.subsetFonts
            case .fontSource: StripCommand.fontSource
            case .keepRanges, .keepCharacters, .keepFile: KeepOptions.declaration(of: self)
            case .layout, .kotlinMap, .kotlinPackage: LayoutOptions.declaration(of: self)
            case .overwrite: StripCommand.overwrite
            case .skipChecks: SharedOptions.skipChecks
            case .dryRun: SharedOptions.dryRun
            case .json: SharedOptions.json
            }
        }
    }
    static let help = HelpText.render(usage: """
        riv-assets strip FILE... --assets-out DIR (-o OUT | --in-place)
                                [--type TYPES] [--prefer merge|largest|per-file] [--dedupe]
                                [--subset-fonts [--keep RANGES] [--keep-characters TEXT] [--keep-file FILE]]
                                [--font-source FONT]
                                [--layout ios|android|web|flutter [--kotlin-map FILE]]
                                [--force] [--skip-checks] [--json]
        """, description: """
        Removes the embedded bytes of the chosen assets and writes them to DIR under
        the names Rive runtimes look referenced assets up by (`uniqueName.png`,
        `.ttf`, `.wav`, ...), so an app can ship them beside the animation and load
        them itself. Each stripped asset becomes referenced (or CDN-hosted, if it
        has a CDN uuid). `extract` names its files by the format of their bytes
        instead (a JPEG in an image asset as `.jpg`), for looking at them; strip's
        names are the runtime's, whatever the bytes (`extract --runtime-names`
        gives these).
        """, options: options, notes: SharedHelp.fileNames + "\n" + """
        Asset files are written first, each through a temporary file; the stripped
        .riv is written last, so an interruption never loses bytes. An input with
        nothing to strip is left alone (a note says so); DIR is created only when
        an asset is written. Within one run no asset file is written twice with
        other bytes, with or without --force: copies of one name with other bytes
        fail every input holding one unless --prefer settles them: every input is
        read once more first, to see every copy before anything is written;
        the text and --json say which copy was kept (and why) or which file each
        input's copy went to, and, with --dedupe, which names each file serves.
        With --subset-fonts, a font several files share keeps the characters of
        all of them; a font a data-bound run or a text input uses is subset only
        when characters are kept, and one no text run uses is written whole;
        the text and --json give each font file's size against the copies it
        stands for and the kept characters no copy maps. --font-source gives
        the whole font the copies were cut from (what a team has from its
        foundry): it is written for every copy of the font with its names
        (refused when it lacks a character a file draws), which is exact.
        Exit status: 0 when every file was handled, 1 when any failed, 64 for a usage error.
        """)

    static func run(_ arguments: ParsedArguments<Option>, console: Console) throws(UsageError) -> Int32 {
        let types = try SharedOptions.typeFilter(arguments, default: .appSupplied)
        guard let folder = arguments.value(.assetsOut) else { throw UsageError("--assets-out DIR is required") }
        let conflicts = try arguments.choice(.prefer, among: AssetConflictPolicy.allCases.filter { $0 != .refuse }) ?? .refuse
        let layout = try LayoutOptions.read(arguments)
        let kept = try KeepOptions.read(arguments)
        if !arguments.isSet(.subsetFonts), !kept.isEmpty || !arguments.values(.keepFile).isEmpty {
            throw UsageError("--keep, --keep-characters and --keep-file apply with --subset-fonts only")
        }
        let request = StripRequest(try SharedOptions.rewrite(arguments), assetsFolder: folder, types: types,
                                   skipChecks: arguments.isSet(.skipChecks), conflicts: conflicts, dedupe: arguments.isSet(.dedupe),
                                   layout: layout.layout, kotlinMap: layout.kotlinMap, kotlinPackage: layout.kotlinPackage,
                                   subsetsFonts: arguments.isSet(.subsetFonts), keptCharacters: kept,
                                   fontSources: arguments.values(.fontSource).map(Self.fontSource))
        let result = try perform { () throws(RequestError) in try AssetOperations.strip(request) }
        let verb = result.dryRun ? "would be stripped" : "stripped"
        console.printFiles(result, json: arguments.isSet(.json), dryRun: result.dryRun) { "\(CountedNoun.text($0.stripped.count, "asset")) \(verb)" } lines: { detail in
            detail.stripped.map { "\(TerminalText.escaped($0.asset)) -> \(TerminalText.escaped($0.file))" }
        }
        if !arguments.isSet(.json) { printSettled(result, on: console) }
        if let error = result.manifestError { console.failure(path: result.manifest ?? AssetManifest.fileName, message: error) }
        if let error = result.kotlinMapError { console.failure(path: result.kotlinMap ?? "--kotlin-map", message: error) }
        return ExitStatus.of(result)
    }

    /// `FILE`, `DIR` or `NAME=FILE` (a path holding `=` is a path when it exists).
    private static func fontSource(_ value: String) -> FontSourceFile {
        guard !FileManager.default.fileExists(atPath: value), let equals = value.firstIndex(of: "="), equals != value.startIndex else {
            return FontSourceFile(path: value)
        }
        return FontSourceFile(path: String(value[value.index(after: equals)...]), uniqueName: String(value[..<equals]))
    }

    /// The conflicts the run settled and the files --dedupe shares, after the per-input lines.
    private static func printSettled(_ result: StripResult, on console: Console) {
        for conflict in result.conflicts where conflict.settled {
            let name = TerminalText.escaped(conflict.asset)
            if conflict.policy == .merge, conflict.copies.allSatisfy({ $0.file == conflict.copies.first?.file }) {
                console.print("\(name): \(TerminalText.escaped(conflict.reason))")
            } else if let kept = conflict.kept {
                console.print("\(name): kept the copy of \(TerminalText.escaped(kept)) for all \(conflict.copies.count) inputs: \(TerminalText.escaped(conflict.reason))")
            } else {
                console.print("\(name): \(conflict.copies.count) copies with other bytes, one file per input:")
                for copy in conflict.copies {
                    console.print("  \(TerminalText.escaped(copy.input)) -> \(copy.file.map(TerminalText.escaped) ?? "(failed)")")
                }
            }
        }
        for font in result.fonts {
            let size = "\(ByteCountText.binary(font.bytesAfter)) for \(ByteCountText.binary(font.bytesBefore)) embedded"
                + (font.characterCount.map { ", \($0) characters" } ?? "")
            console.print("\(TerminalText.escaped(font.file)): \(size)" + (font.note.map { " (\(TerminalText.escaped($0)))" } ?? ""))
            if !font.keptNotMapped.isEmpty {
                console.print("  kept characters no copy maps (give the original font to keep them): \(TerminalText.escaped(TerminalText.cut(font.keptNotMapped, limit: 80)))")
            }
        }
        let shared = result.manifestFiles.filter { $0.assets.count > 1 }
        guard let manifest = result.manifest else { return }
        for entry in shared {
            console.print("\(TerminalText.escaped(entry.file)) serves \(entry.assets.map(TerminalText.escaped).joined(separator: ", "))")
        }
        console.print("\(CountedNoun.text(result.manifestFiles.count, "asset file")) for \(CountedNoun.text(Set(result.manifestFiles.flatMap(\.assets)).count, "unique name")); "
              + "\(result.dryRun ? "would write" : "manifest:") \(TerminalText.escaped(manifest))")
        if let map = result.kotlinMap { console.print("Kotlin map: \(TerminalText.escaped(map))") }
    }
}
