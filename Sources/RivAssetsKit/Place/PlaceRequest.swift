import Foundation
import RivFormat

/// What to place: see ``AssetOperations/place(_:)``.
public struct PlaceRequest: Sendable, Hashable {
    /// The `.riv` file.
    public var input: String
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
    /// Where the result goes.
    public var destination: OutputDestination
    /// Replace an output file that exists.
    public var overwrite: Bool
    /// Report what would be added without writing anything.
    public var dryRun: Bool

    /// A request to place `image` on `input`.
    public init(input: String, image: Image, name: String? = nil, placement: ImagePlacement,
                destination: OutputDestination, overwrite: Bool = false, dryRun: Bool = false) {
        self.input = input
        self.image = image
        self.name = name
        self.placement = placement
        self.destination = destination
        self.overwrite = overwrite
        self.dryRun = dryRun
    }
}
