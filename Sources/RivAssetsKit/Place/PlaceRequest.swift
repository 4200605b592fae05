import Foundation
import RivFormat

/// What to place: see ``AssetOperations/place(_:)``.
public struct PlaceRequest: Sendable, Hashable {
    /// The one `.riv` file, where the result goes, and how it is written.
    public var rewrite: RewriteOptions
    /// The PNG, JPEG or WebP image to put on it.
    public var image: Image
    /// The asset's name (the object takes it without extension); by default the
    /// image's file name, or `image.png` (`.jpg`, `.webp`) for bytes.
    public var name: String?

    /// Where the image to place is.
    public enum Image: Sendable, Hashable, CustomStringConvertible {
        /// The image file at this path.
        case file(String)
        /// The image's bytes, in memory (an image dropped on an app).
        case bytes(Data)

        /// The path, or `the image bytes` (what errors name).
        public var description: String {
            switch self {
            case .file(let path): path
            case .bytes(let bytes): "the image bytes (\(bytes.count) bytes)"
            }
        }
    }
    /// Where, how large, over or under, on which artboard.
    public var placement: ImagePlacement

    /// A request to place `image` on the one input of `rewrite`.
    public init(_ rewrite: RewriteOptions, image: Image, name: String? = nil, placement: ImagePlacement) {
        self.rewrite = rewrite
        self.image = image
        self.name = name
        self.placement = placement
    }

    /// A request to place `image` on `input`.
    public init(input: RequestInput, image: Image, name: String? = nil, placement: ImagePlacement,
                destination: OutputDestination, overwrite: Bool = false, dryRun: Bool = false) {
        self.init(RewriteOptions(inputs: [input], destination: destination, overwrite: overwrite, dryRun: dryRun),
                  image: image, name: name, placement: placement)
    }
}
