import RivImage
import RivSupport

/// A frame header (SOF0, SOF1 or SOF2), its fields read by RivSupport's
/// `JPEGFrameHeaderFields`: the image's size and its components' sampling.
struct JPEGFrame {
    /// One colour component and its quantized coefficients, block by block.
    struct Component {
        /// The identifier scans name the component by.
        let id: UInt8
        /// Horizontal and vertical sampling factors (1-4).
        let horizontal: Int, vertical: Int
        /// Which quantization table (0-3) the component uses.
        let quantizationTable: Int
        /// Blocks in a row and rows of blocks, padded to whole MCUs.
        var blocksPerLine = 0, blockRows = 0
        /// The samples the component has across and down (before padding).
        var width = 0, height = 0
        /// 64 coefficients per block, in natural (row) order, blocks in row order.
        var coefficients: [Int16] = []
    }

    let progressive: Bool
    let width: Int, height: Int
    var components: [Component]
    let maxHorizontal: Int, maxVertical: Int
    /// MCUs across and down an interleaved scan.
    let mcusPerLine: Int, mcuRows: Int

    /// Parses the segment's data at `offset` (after its length).
    init(_ data: ArraySlice<UInt8>, offset: Int, progressive: Bool) throws(ImageDecodingError) {
        guard let fields = JPEGFrameHeaderFields(segmentData: data) else {
            throw ImageDecodingError(.jpeg, .malformed, offset: offset, "a frame header of \(data.count) bytes")
        }
        guard fields.precision == 8 else {
            throw ImageDecodingError(.jpeg, .unsupported, offset: offset, "\(fields.precision)-bit samples (only 8-bit JPEGs are decoded)")
        }
        height = fields.height
        width = fields.width
        let count = fields.componentCount
        guard width > 0 else { throw ImageDecodingError(.jpeg, .malformed, offset: offset + 3, "the frame is 0 pixels wide") }
        guard height > 0 else {
            throw ImageDecodingError(.jpeg, .unsupported, offset: offset + 1, "a height given later by a DNL marker")
        }
        guard count == 1 || count == 3 else {
            throw ImageDecodingError(.jpeg, .unsupported, offset: offset + 5, "\(count) components (only grey and three-component JPEGs are decoded\(count == 4 ? "; four is CMYK or YCCK" : ""))")
        }
        guard data.count == 6 + 3 * count else {
            throw ImageDecodingError(.jpeg, .malformed, offset: offset, "a frame header of \(data.count) bytes for \(count) components")
        }
        var components: [Component] = []
        for (k, listed) in fields.components.enumerated() {
            let (h, v, q) = (listed.horizontal, listed.vertical, listed.quantizationTable)
            guard (1...4).contains(h), (1...4).contains(v), q < 4 else {
                throw ImageDecodingError(.jpeg, .malformed, offset: offset + 6 + 3 * k, "component \(listed.id) has sampling \(h)x\(v) and quantization table \(q)")
            }
            guard !components.contains(where: { $0.id == listed.id }) else {
                throw ImageDecodingError(.jpeg, .malformed, offset: offset + 6 + 3 * k, "component \(listed.id) is listed twice")
            }
            components.append(Component(id: listed.id, horizontal: h, vertical: v, quantizationTable: q))
        }
        let maxH = components.map(\.horizontal).max()!, maxV = components.map(\.vertical).max()!
        for (k, c) in components.enumerated() where maxH % c.horizontal != 0 || maxV % c.vertical != 0 {
            throw ImageDecodingError(.jpeg, .unsupported, offset: offset + 6 + 3 * k, "component \(c.id)'s sampling \(c.horizontal)x\(c.vertical) is a fraction of the largest, \(maxH)x\(maxV)")
        }
        self.progressive = progressive
        self.maxHorizontal = maxH
        self.maxVertical = maxV
        let across = (width + 8 * maxH - 1) / (8 * maxH), down = (height + 8 * maxV - 1) / (8 * maxV)
        mcusPerLine = across
        mcuRows = down
        for k in components.indices {
            let (h, v) = (components[k].horizontal, components[k].vertical)
            components[k].blocksPerLine = across * h
            components[k].blockRows = down * v
            components[k].width = (width * h + maxH - 1) / maxH
            components[k].height = (height * v + maxV - 1) / maxV
        }
        self.components = components
    }

    /// The memory a decode holds at most: every component's coefficients (2 bytes each) and
    /// samples, and the RGBA output.
    var workingBytes: Int {
        let samples = components.reduce(0) { $0 + $1.blocksPerLine * $1.blockRows * 64 }
        return samples * 3 + width * height * 4
    }
}
