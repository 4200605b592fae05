/// How an open contour's ends are drawn: Rive's `StrokeCap` (raw values its names).
public enum StrokeCap: String, Sendable, Equatable, Codable {
    /// The stroke stops at the end point.
    case butt
    /// A half disc of the stroke's width around the end point.
    case round
    /// The stroke goes on half its width past the end point.
    case square
}

/// How a stroke turns at a corner: Rive's `StrokeJoin` (raw values its names).
public enum StrokeJoin: String, Sendable, Equatable, Codable {
    /// The outer edges are extended until they meet, or cut off (bevelled) when that point is
    /// farther than ``Stroker/miterLimit`` half-widths from the corner.
    case miter
    /// An arc of the stroke's half-width around the corner.
    case round
    /// The outer edges' ends joined by a straight line.
    case bevel
}
