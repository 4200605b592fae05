/// Which points a path's contours enclose: Rive's fill rules (the raw values are their names,
/// as RivRender's JSON writes them).
public enum FillRule: String, Sendable, Equatable, Codable {
    /// Points around which the contours wind a nonzero number of times.
    case nonZero
    /// Points around which the contours wind an odd number of times.
    case evenOdd
    /// Points around which the contours wind clockwise (on screen, in the path's own
    /// coordinates) more often than counter-clockwise: Rive's `clockwise` rule.
    case clockwise
}
