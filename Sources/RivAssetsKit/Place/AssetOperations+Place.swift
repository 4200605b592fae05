import Foundation
import RivFormat

extension AssetOperations {
    /// Writes the input with an image put onto one of its artboards (see
    /// `RivEditor.placeImage(contentsOf:named:_:)` and `placeImage(_:named:_:)`):
    /// a new embedded asset and an `Image` object showing it, nothing existing
    /// moved. The image, a file or bytes, is checked (readable, PNG, JPEG or WebP)
    /// before the input is read; an unknown artboard fails the input with the
    /// file's artboards. The output is written to a temporary file and renamed.
    public static func place(_ request: PlaceRequest) throws(RequestError) -> PlaceResult {
        let head: [UInt8]
        switch request.image {
        case .file(let path): head = try ReplacementSet.head(of: path)
        case .bytes(let bytes): head = Array(bytes.prefix(ReplacementHead.byteCount))
        }
        let format = ContentFormat(sniffing: head)
        guard [.png, .jpeg, .webp].contains(format) else {
            throw RequestError(.imageUnusable, "cannot place \(request.image): it is \(format == .unknown ? "no image" : format.rawValue), and an image must be PNG, JPEG or WebP"
                                   + (format == .unknown ? " (it looks like \(ContentFormat.appearance(of: head)))" : ""))
        }
        try request.rewrite.requireOneInput()
        let outcomes = try RewriteStep.map(request.rewrite) { _, _, _, editor throws(RivEditError) -> RewriteStep.Decision<PlacedItems> in
            switch request.image {
            case .file(let path):
                return .write(PlacedItems(placed: try editor.placeImage(contentsOf: LiteralPath.url(path), named: request.name, request.placement)))
            case .bytes(let bytes):
                let name = request.name ?? "image." + format.fileExtension
                return .write(PlacedItems(placed: try editor.placeImage(bytes, named: name, request.placement)))
            }
        }
        return PlaceResult(files: outcomes, dryRun: request.rewrite.dryRun)
    }
}
