import Foundation
import RivAssetsKit
import RivSupport

/// `riv-assets shrink`: makes files smaller without changing what they show.
enum ShrinkCommand: Command {
    static let name = "shrink"
    static let summary = "make files smaller: fonts subset to their text, PNGs recompressed losslessly"
    static let overwrite = SharedOptions.overwrite
    enum Option: RewriteOption, TypeFilterOption, KeepOption {
        case outputFile, inPlace, types, overwrite, keepCharacters, keepFile, keepRanges, dryRun, json
        var declaration: OptionDeclaration {
            switch self {
            case .outputFile: SharedOptions.outputFile
            case .inPlace: SharedOptions.inPlace
            case .types: SharedOptions.types
            case .overwrite: ShrinkCommand.overwrite
            case .keepCharacters, .keepFile, .keepRanges: KeepOptions.declaration(of: self)
            case .dryRun: SharedOptions.dryRun
            case .json: SharedOptions.json
            }
        }
    }
    static let help = HelpText.render(usage: """
        riv-assets shrink FILE... (-o OUT | --in-place) [--type TYPES] [--keep-characters TEXT]
                                  [--keep-file FILE] [--keep RANGES] [--dry-run] [--force] [--json]
        """, description: """
        Rewrites only asset contents, every other record byte for byte: each
        embedded TrueType font keeps the glyphs the characters of the text runs
        that use it reach (through ligatures, alternates and composite glyphs;
        kerning, positioning and variations kept), and each embedded PNG is
        recompressed losslessly (the same pixels). No asset grows; JPEG, WebP
        and audio are left as they are.
        """, options: options, notes: """
        A text run bound to view model data, a text input (what the user types)
        and a style whose font data binding can change may show any character, so
        a font they use is left whole unless characters are kept with
        --keep-characters, --keep-file or --keep (its stored text is always kept);
        the runs an app can set by name are listed. --type font or --type image
        shrinks only fonts or only images. A font
        or image that cannot be rewritten safely is left as it was, with a note.
        Exit status: 0 when every file was handled, 1 when any failed, 64 for a usage error.
        """)

    static func run(_ arguments: ParsedArguments<Option>, console: Console) throws(UsageError) -> Int32 {
        let kept = try KeepOptions.read(arguments)
        let request = ShrinkRequest(try SharedOptions.rewrite(arguments), keptCharacters: kept,
                                    types: try SharedOptions.typeFilter(arguments, default: .all))
        let result = try perform { () throws(RequestError) in try AssetOperations.shrink(request) }
        let verb = result.dryRun ? "would shrink" : "shrunk"
        let json = arguments.isSet(.json)
        console.printFiles(result, json: json, dryRun: result.dryRun) { detail in
            "\(CountedNoun.text(detail.assets.filter { $0.action == .shrunk }.count, "asset")) \(verb)"
        } lines: { detail in
            detail.assets.flatMap { asset in
                let change = asset.action == .shrunk
                    ? "\(ByteCountText.binary(asset.bytesBefore)) -> \(ByteCountText.binary(asset.bytesAfter))"
                        + (asset.characterCount.map { ", \($0) characters" } ?? "")
                    : "unchanged (\(ByteCountText.binary(asset.bytesBefore)))"
                return ["\(TerminalText.escaped(asset.asset)) (\(asset.type)): \(change)"] + (asset.note.map { ["  " + TerminalText.escaped($0)] } ?? [])
            }
        }
        let written = result.written
        if !json && written.count > 1 {
            console.print("\(result.dryRun ? "would save" : "saved") \(ByteCountText.binary(result.bytesSaved)) over \(written.count) files")
        }
        return ExitStatus.of(result)
    }
}
