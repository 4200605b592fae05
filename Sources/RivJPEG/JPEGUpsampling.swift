/// Chroma upsampling as libjpeg-turbo does it by default: a triangle filter for components
/// at half the width, half the height or both (`h2v1`, `h1v2`, `h2v2` "fancy" upsampling),
/// each sample copied for any other integral ratio; rows and columns past the component's
/// samples repeat its last ones.
enum JPEGUpsampling {
    /// Writes image row `y` of `component` (its samples in `plane`) into `out`, `frame.width` samples.
    static func row(_ y: Int, of plane: [UInt8], _ component: JPEGFrame.Component, frame: JPEGFrame, into out: inout [UInt8]) {
        let across = frame.maxHorizontal / component.horizontal, down = frame.maxVertical / component.vertical
        let stride = component.blocksPerLine * 8, width = component.width
        let row = y / down
        let here = row * stride
        // The nearer neighbouring row: above for the upper output row of a pair, below for the lower.
        let upper = y % 2 == 0
        let neighbour = min(component.height - 1, max(0, upper ? row - 1 : row + 1)) * stride
        let fancy = width > 2
        switch (across, down) {
        case (1, 1):
            for x in 0..<frame.width { out[x] = plane[here + x] }
        case (2, 1) where fancy:
            out[0] = plane[here]
            out[1] = UInt8((Int(plane[here]) * 3 + Int(plane[here + 1]) + 2) >> 2)
            for x in 1..<width - 1 {
                let value = Int(plane[here + x]) * 3
                out[2 * x] = UInt8((value + Int(plane[here + x - 1]) + 1) >> 2)
                out[2 * x + 1] = UInt8((value + Int(plane[here + x + 1]) + 2) >> 2)
            }
            let last = width - 1
            out[2 * last] = UInt8((Int(plane[here + last]) * 3 + Int(plane[here + last - 1]) + 1) >> 2)
            out[2 * last + 1] = plane[here + last]
        case (1, 2):
            let bias = upper ? 1 : 2
            for x in 0..<frame.width {
                out[x] = UInt8((Int(plane[here + x]) * 3 + Int(plane[neighbour + x]) + bias) >> 2)
            }
        case (2, 2) where fancy:
            func sum(_ x: Int) -> Int { Int(plane[here + x]) * 3 + Int(plane[neighbour + x]) }
            var this = sum(0), next = sum(1), last = this
            out[0] = UInt8((this * 4 + 8) >> 4)
            out[1] = UInt8((this * 3 + next + 7) >> 4)
            for x in 1..<width - 1 {
                last = this; this = next; next = sum(x + 1)
                out[2 * x] = UInt8((this * 3 + last + 8) >> 4)
                out[2 * x + 1] = UInt8((this * 3 + next + 7) >> 4)
            }
            last = this; this = next
            let end = 2 * (width - 1)
            out[end] = UInt8((this * 3 + last + 8) >> 4)
            out[end + 1] = UInt8((this * 4 + 7) >> 4)
        default:
            for x in 0..<frame.width { out[x] = plane[here + x / across] }
        }
    }
}
