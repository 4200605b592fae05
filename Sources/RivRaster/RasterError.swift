/// Why the canvas refused a drawing request. Nothing is drawn by a refused request.
public enum RasterError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The canvas size is not 1 to ``Canvas/maximumSide`` pixels a side or more than
    /// ``Canvas/maximumPixels`` pixels in all.
    case canvasSize(width: Int, height: Int)
    /// A path holds more than ``Canvas/maximumPathPoints`` points.
    case tooManyPoints(Int)
    /// A point, transform, thickness, feather or gradient value is infinite or not a number.
    case notFinite(String)
    /// Image pixels do not hold `width * height * 4` bytes, or a side is not 1 to ``Canvas/maximumSide``.
    case imageSize(width: Int, height: Int, bytes: Int)
    /// A mesh's vertices, coordinates and indices do not agree (counts, or an index past the vertices).
    case badMesh(String)
    /// More clips are pushed than ``Canvas/maximumClipDepth``.
    case clipTooDeep
    /// ``Canvas/popClip()`` with no clip pushed.
    case noClipToPop
    /// The PNG encoder refused the pixels.
    case encoding(String)

    /// The error in words.
    public var description: String {
        switch self {
        case .canvasSize(let w, let h): "a canvas of \(w)x\(h) pixels is outside 1 to \(Canvas.maximumSide) a side and \(Canvas.maximumPixels) in all"
        case .tooManyPoints(let n): "a path of \(n) points exceeds the \(Canvas.maximumPathPoints) allowed"
        case .notFinite(let what): "the \(what) is not finite"
        case .imageSize(let w, let h, let bytes): "an image of \(w)x\(h) pixels cannot be \(bytes) bytes of RGBA (or its size is out of range)"
        case .badMesh(let detail): "bad image mesh: \(detail)"
        case .clipTooDeep: "more than \(Canvas.maximumClipDepth) clips are pushed"
        case .noClipToPop: "popClip() with no clip pushed"
        case .encoding(let detail): "PNG encoding failed: \(detail)"
        }
    }
}
