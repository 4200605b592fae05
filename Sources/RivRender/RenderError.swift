import RivRaster

/// Why an artboard cannot be rendered.
public enum RenderError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The file has no artboard at this index.
    case noArtboardAtIndex(Int, count: Int)
    /// The file has no artboard with this name.
    case noArtboardNamed(String, available: [String])
    /// The artboard has no area to draw in pixels (a side of zero, negative or not finite).
    case emptyArtboard(width: Double, height: Double)
    /// A picture of this many pixels is past the rasterizer's bounds (16 384 a side, 2^25 in all).
    case pictureTooLarge(width: Int, height: Int)
    /// The PNG encoder refused the picture.
    case encoding(String)

    /// The error in a sentence.
    public var description: String {
        switch self {
        case .noArtboardAtIndex(let index, let count):
            "the file has no artboard at index \(index) (it has \(count): 0 to \(max(count - 1, 0)))"
        case .noArtboardNamed(let name, let available):
            "the file has no artboard named \"\(name)\" (it has: \(available.map { "\"\($0)\"" }.joined(separator: ", ")))"
        case .emptyArtboard(let width, let height):
            "the artboard is \(width) by \(height): it has no area to draw in pixels"
        case .pictureTooLarge(let width, let height):
            "a picture of \(width)x\(height) pixels is larger than the rasterizer draws (\(Canvas.maximumSide) a side, \(Canvas.maximumPixels) pixels in all): ask for a narrower one"
        case .encoding(let detail):
            "the picture could not be encoded: \(detail)"
        }
    }
}
