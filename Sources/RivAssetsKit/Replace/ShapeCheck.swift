import Foundation
import RivFormat
import RivAssetRegistry

/// Whether a new image has the shape of the one it replaces. Rive draws an image
/// into the bounds the design gave it, so a 1600×900 picture replaced by a
/// 320×200 one is stretched or letterboxed: allowed, but worth a warning.
enum ShapeCheck {
    /// Aspect ratios further apart than this fraction are different shapes.
    static let tolerance = 0.01

    /// A sentence when `asset` (its embedded image's size, or the size the file
    /// stores) and the image in `contents` differ in shape; nil when they agree or
    /// either size is unknown.
    static func warning(replacing asset: FileAsset, with contents: ReplacementPlan.Contents) -> String? {
        guard asset.type == .image else { return nil }
        switch contents {
        case .file(let url): return warning(replacing: asset, withImageOf: PixelSize(contentsOf: url))
        case .bytes(let bytes): return warning(replacing: asset, withImageOf: PixelSize(imageData: bytes))
        }
    }

    private static func warning(replacing asset: FileAsset, withImageOf size: PixelSize?) -> String? {
        guard let new = size, let newRatio = new.aspectRatio else { return nil }
        let old: String
        let oldRatio: Double
        if let size = asset.pixelSize, let ratio = size.aspectRatio {
            (old, oldRatio) = (size.description, ratio)
        } else if let width = asset.width, let height = asset.height, height > 0 {
            (old, oldRatio) = ("\(ByteCountText.number(width))×\(ByteCountText.number(height)) (stored)", width / height)
        } else {
            return nil
        }
        guard abs(newRatio - oldRatio) > tolerance * oldRatio else { return nil }
        return "\(asset.uniqueName): the new image is \(new), the old one \(old): another shape, so it will be stretched or letterboxed"
    }

}
