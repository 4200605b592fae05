import Foundation
import RivAssetsKit
import RivFormat

/// `riv-assets place`: puts an image onto an artboard.
enum PlaceCommand: Command {
    static let name = "place"
    static let summary = "put an image onto an artboard (a new asset and an Image object)"
    static let image = OptionDeclaration.value("--image", valueName: "PATH", help: "the PNG, JPEG or WebP image to place")
    static let artboard = OptionDeclaration.value("--artboard", valueName: "NAME", help: "the artboard (default: the file's default, its first)")
    static let at = OptionDeclaration.value("--at", valueName: "X,Y", help: "where the image's origin goes, in artboard coordinates")
    static let scale = OptionDeclaration.value("--scale", valueName: "S|SX,SY", help: "draw it at its pixel size times S (default 1)")
    static let size = OptionDeclaration.value("--size", valueName: "WxH", help: "draw it this wide and high (the scale is worked out from its pixel size)")
    static let assetName = OptionDeclaration.value("--name", valueName: "NAME", help: "the new asset's name (default: the image's file name)")
    static let origin = OptionDeclaration.value("--origin", valueName: "OX,OY", help: """
        the point of the image placed at X,Y, as fractions of its size
        (default 0.5,0.5: its centre; 0,0: its top left corner)
        """)
    static let behind = OptionDeclaration.flag("--behind", help: "draw it under everything else in the artboard")
    static let inFront = OptionDeclaration.flag("--in-front", help: "draw it over everything else (the default)")
    static let reuse = OptionDeclaration.flag("--reuse", help: "use an image asset of the file that holds the same bytes instead of adding one")
    static let overwrite = OptionDeclaration.flag("--force", help: "overwrite the output file")
    enum Option: RewriteOption {
        case image, artboard, at, scale, size, assetName, origin, behind, inFront, reuse, outputFile, inPlace, overwrite, dryRun, json
        var declaration: OptionDeclaration {
            switch self {
            case .image: PlaceCommand.image
            case .artboard: PlaceCommand.artboard
            case .at: PlaceCommand.at
            case .scale: PlaceCommand.scale
            case .size: PlaceCommand.size
            case .assetName: PlaceCommand.assetName
            case .origin: PlaceCommand.origin
            case .behind: PlaceCommand.behind
            case .inFront: PlaceCommand.inFront
            case .reuse: PlaceCommand.reuse
            case .outputFile: SharedOptions.singleOutputFile
            case .inPlace: SharedOptions.inPlace
            case .overwrite: PlaceCommand.overwrite
            case .dryRun: SharedOptions.dryRun
            case .json: SharedOptions.json
            }
        }
    }
    static let help = HelpText.render(usage: """
        riv-assets place FILE --image PATH --at X,Y [--artboard NAME] [--scale S | --size WxH]
                         [--name NAME] [--origin OX,OY] [--behind | --in-front] [--reuse]
                         (-o OUT | --in-place) [--json]
        """, description: """
        Puts an image onto an artboard without the editor: adds an image asset that
        embeds it and an Image object showing it at X,Y. Nothing in the file moves:
        objects point at each other by position, so the new asset goes after the
        last asset and the new object after the artboard's last one. In front, a
        draw rule on the image places it over the artboard's topmost drawable.
        """, options: options, notes: """
        Example, one logo per partner:
          for p in partners/*.png; do
            riv-assets place hero.riv --image "$p" --at 40,40 --size 96x96 --origin 0,0 -o "out/$(basename "$p" .png).riv"
          done
        Exit status: 0 when the file was written, 1 when placing failed, 64 for a usage error.
        """)

    static func run(_ arguments: ParsedArguments<Option>, console: Console) throws(UsageError) -> Int32 {
        guard arguments.positionals.count == 1 else { throw UsageError("give one .riv file") }
        guard let imagePath = arguments.value(.image) else { throw UsageError("--image PATH is required") }
        guard let atText = arguments.value(.at) else { throw UsageError("--at X,Y is required") }
        let position = try numbers(atText, separator: ",", option: "--at", count: 2)
        var originPoint = [0.5, 0.5]
        if let text = arguments.value(.origin) { originPoint = try numbers(text, separator: ",", option: "--origin", count: 2) }
        if arguments.isSet(.behind) && arguments.isSet(.inFront) { throw UsageError("--behind and --in-front cannot be used together") }
        let sizing: ImagePlacement.Sizing
        switch (arguments.value(.scale), arguments.value(.size)) {
        case (.some, .some): throw UsageError("--scale and --size cannot be used together")
        case (.some(let text), nil):
            let factors = try numbers(text, separator: ",", option: "--scale", count: text.contains(",") ? 2 : 1)
            sizing = .scale(x: factors[0], y: factors.count == 2 ? factors[1] : factors[0])
        case (nil, .some(let text)):
            let sides = try numbers(text.lowercased(), separator: "x", option: "--size", count: 2)
            guard sides.allSatisfy({ $0 > 0 }) else { throw UsageError("--size: both sides must be more than 0") }
            sizing = .size(width: sides[0], height: sides[1])
        case (nil, nil): sizing = .natural
        }
        let placement = ImagePlacement(artboard: arguments.value(.artboard), x: position[0], y: position[1], sizing: sizing,
                                       originX: originPoint[0], originY: originPoint[1], drawOrder: arguments.isSet(.behind) ? .behind : .inFront,
                                       reuseIdenticalAsset: arguments.isSet(.reuse))
        let request = PlaceRequest(try SharedOptions.rewrite(arguments, inputs: [arguments.positionals[0]]), image: .file(imagePath),
                                   name: arguments.value(.assetName), placement: placement)
        let result = try perform { () throws(RequestError) in try AssetOperations.place(request) }
        console.printFiles(result, json: arguments.isSet(.json), dryRun: result.dryRun, sizes: false) { detail in
            let placed = detail.placed
            let scaleText = placed.scaleX == 1 && placed.scaleY == 1 ? "" : " at scale \(ByteCountText.number(placed.scaleX))×\(ByteCountText.number(placed.scaleY))"
            let order = placed.inFrontOfObjectIndex.map { " in front of object \($0)" } ?? ""
            return "\(result.dryRun ? "would place" : "placed") "
                + "\(TerminalText.escaped(placed.name)) (\(placed.pixelSize)\(scaleText)) on \"\(TerminalText.escaped(placed.artboard))\" as object \(placed.objectIndex)\(order), "
                + "showing \(TerminalText.escaped(placed.asset))\(placed.reusedAsset ? " (reused)" : "")"
        }
        return ExitStatus.of(result)
    }

    /// `count` numbers separated by `separator`, each one a finite 32-bit float can hold.
    private static func numbers(_ text: String, separator: Character, option: String, count: Int) throws(UsageError) -> [Double] {
        let parts = text.split(separator: separator, omittingEmptySubsequences: false).map { Double($0.trimmingCharacters(in: .whitespaces)) }
        guard parts.count == count, parts.allSatisfy({ $0?.isFinite == true }) else {
            throw UsageError("\(option): expected \(count == 1 ? "a number" : "\(count) numbers separated by '\(separator)'"), got '\(text)'")
        }
        guard parts.allSatisfy({ Float($0!).isFinite }) else {
            throw UsageError("\(option): '\(text)' does not fit a 32-bit float, the only numbers a Rive file holds (at most about 3.4e38)")
        }
        return parts.map { $0! }
    }
}
