import RivImage
import RivSupport

/// One decode in progress: the marker segments read so far, the tables they define and,
/// once the frame header is read, the frame's coefficients.
struct JPEGDecoding {
    let bytes: [UInt8]
    /// The next byte to read between segments.
    var position = 2
    /// Quantization tables 0-3, in natural order.
    var quantization = [[Int32]?](repeating: nil, count: 4)
    var dcTables = [JPEGHuffmanTable?](repeating: nil, count: 4)
    var acTables = [JPEGHuffmanTable?](repeating: nil, count: 4)
    /// MCUs between restart markers (0: none).
    var restartInterval = 0
    /// The colour transform of an Adobe APP14 segment (0: none, RGB; 1: YCbCr).
    var adobeTransform: UInt8?
    var sawJFIF = false
    var frame: JPEGFrame!
    var frameOffset = 0

    /// The most scans a frame may have: each one visits every block of its components, so a
    /// small file of many scans over a large image would otherwise take very long.
    static let maximumScans = 256

    init(_ bytes: [UInt8]) throws(ImageDecodingError) {
        guard bytes.count >= 2, bytes[0] == 0xFF, bytes[1] == 0xD8 else {
            throw ImageDecodingError(.jpeg, bytes.count < 2 ? .truncated : .notRecognized, offset: 0, "a JPEG starts with FF D8")
        }
        self.bytes = bytes
    }

    /// Reads segments up to and including the frame header.
    mutating func readUntilFrame() throws(ImageDecodingError) -> JPEGFrame {
        while true {
            let (marker, offset) = try nextMarker()
            switch marker {
            case 0xC0, 0xC1, 0xC2:
                let data = try segment(offset)
                frame = try JPEGFrame(data, offset: offset + 4, progressive: marker == 0xC2)
                frameOffset = offset
                return frame
            case let other where JPEGFrameHeaderFields.isFrame(other):
                throw ImageDecodingError(.jpeg, .unsupported, offset: offset, "a frame of type SOF\(other - 0xC0) (\(other >= 0xC9 ? "arithmetic coding" : other == 0xC3 ? "lossless" : "hierarchical"))")
            case 0xDA, 0xD9:
                throw ImageDecodingError(.jpeg, .malformed, offset: offset, "\(marker == 0xDA ? "a scan" : "the end of the image") before the frame header")
            default:
                try readTableOrMiscellany(marker, offset)
            }
        }
    }

    /// Reads the scans after the frame header up to the end-of-image marker and converts the result.
    mutating func decodeFrame() throws(ImageDecodingError) -> RGBAImage {
        for c in frame.components.indices {
            frame.components[c].coefficients = [Int16](repeating: 0, count: frame.components[c].blocksPerLine * frame.components[c].blockRows * 64)
        }
        var scans = 0
        while true {
            let (marker, offset) = try nextMarker()
            switch marker {
            case 0xDA:
                guard scans < Self.maximumScans else {
                    throw ImageDecodingError(.jpeg, .tooLarge, offset: offset, "more than \(Self.maximumScans) scans (a progressive JPEG has about ten)")
                }
                let data = try segment(offset)
                try decodeScan(data, offset: offset + 4)
                scans += 1
            case 0xD9:
                guard scans > 0 else { throw ImageDecodingError(.jpeg, .malformed, offset: offset, "the image ends before its first scan") }
                return try pixels()
            case let other where JPEGFrameHeaderFields.isFrame(other):
                throw ImageDecodingError(.jpeg, .malformed, offset: offset, "a second frame header")
            default:
                try readTableOrMiscellany(marker, offset)
            }
        }
    }

    /// The next marker and its offset. Bytes before it that start no marker are skipped, as
    /// libjpeg skips them (with a warning), and so are fill bytes (FF).
    mutating func nextMarker() throws(ImageDecodingError) -> (UInt8, Int) {
        while true {
            while position < bytes.count, bytes[position] != 0xFF { position += 1 }
            while position + 1 < bytes.count, bytes[position + 1] == 0xFF { position += 1 }
            guard position + 1 < bytes.count else {
                throw ImageDecodingError(.jpeg, .truncated, offset: min(position, bytes.count), "the data ends before the end-of-image marker")
            }
            let offset = position
            position += 2
            if bytes[offset + 1] != 0 { return (bytes[offset + 1], offset) }
        }
    }

    /// The data of the segment whose marker is at `offset` (after its two length bytes); moves past it.
    mutating func segment(_ offset: Int) throws(ImageDecodingError) -> ArraySlice<UInt8> {
        guard position + 2 <= bytes.count else { throw ImageDecodingError(.jpeg, .truncated, offset: position, "the data ends inside a segment's length") }
        let length = Int(bytes[position]) << 8 | Int(bytes[position + 1])
        guard length >= 2 else { throw ImageDecodingError(.jpeg, .malformed, offset: position, "a segment length of \(length)") }
        guard position + length <= bytes.count else {
            throw ImageDecodingError(.jpeg, .truncated, offset: offset, "a segment of \(length) bytes runs past the end of the data")
        }
        let data = bytes[position + 2..<position + length]
        position += length
        return data
    }

    /// Reads a DQT, DHT, DRI, APPn or COM segment (or skips another segment with a length).
    mutating func readTableOrMiscellany(_ marker: UInt8, _ offset: Int) throws(ImageDecodingError) {
        switch marker {
        case 0xD0...0xD7, 0x01:
            return  // a restart marker or TEM between segments carries no data
        case 0xD8:
            throw ImageDecodingError(.jpeg, .malformed, offset: offset, "a second start-of-image marker")
        case 0xDC:
            throw ImageDecodingError(.jpeg, .unsupported, offset: offset, "a DNL marker (the height given after the first scan)")
        default:
            break
        }
        let data = try segment(offset)
        let at = offset + 4
        switch marker {
        case 0xDB: try readQuantizationTables(data, offset: at)
        case 0xC4: try readHuffmanTables(data, offset: at)
        case 0xDD:
            guard data.count == 2 else { throw ImageDecodingError(.jpeg, .malformed, offset: at, "a restart interval of \(data.count) bytes") }
            restartInterval = Int(data[data.startIndex]) << 8 | Int(data[data.startIndex + 1])
        case 0xE0:
            if data.starts(with: Array("JFIF\0".utf8)) { sawJFIF = true }
        case 0xEE:
            if data.count >= 12, data.starts(with: Array("Adobe".utf8)) { adobeTransform = data[data.startIndex + 11] }
        default:
            break
        }
    }

    /// Reads the tables of a DQT segment into natural order.
    mutating func readQuantizationTables(_ data: ArraySlice<UInt8>, offset: Int) throws(ImageDecodingError) {
        var at = data.startIndex
        while at < data.endIndex {
            let precision = Int(data[at] >> 4), slot = Int(data[at] & 15)
            let size = 1 + 64 * (precision + 1)
            guard precision <= 1, slot < 4, at + size <= data.endIndex else {
                throw ImageDecodingError(.jpeg, .malformed, offset: offset + at - data.startIndex, "a quantization table of precision \(precision) in slot \(slot) with \(data.endIndex - at) bytes left")
            }
            var table = [Int32](repeating: 0, count: 64)
            for k in 0..<64 {
                table[JPEGZigzag.natural[k]] = precision == 0 ? Int32(data[at + 1 + k]) : Int32(data[at + 1 + 2 * k]) << 8 | Int32(data[at + 2 + 2 * k])
            }
            quantization[slot] = table
            at += size
        }
    }

    /// Reads the tables of a DHT segment.
    mutating func readHuffmanTables(_ data: ArraySlice<UInt8>, offset: Int) throws(ImageDecodingError) {
        var at = data.startIndex
        while at < data.endIndex {
            let tableOffset = offset + at - data.startIndex
            guard at + 17 <= data.endIndex else { throw ImageDecodingError(.jpeg, .malformed, offset: tableOffset, "a Huffman table's 16 counts run past its segment") }
            let tableClass = data[at] >> 4, slot = Int(data[at] & 15)
            let counts = (1...16).map { Int(data[at + $0]) }
            let total = counts.reduce(0, +)
            guard tableClass <= 1, slot < 4, total <= 256, at + 17 + total <= data.endIndex else {
                throw ImageDecodingError(.jpeg, .malformed, offset: tableOffset, "a Huffman table of class \(tableClass), slot \(slot), with \(total) codes")
            }
            guard let table = JPEGHuffmanTable(counts: counts, symbols: Array(data[at + 17..<at + 17 + total])) else {
                throw ImageDecodingError(.jpeg, .malformed, offset: tableOffset, "a Huffman table whose counts need more codes than their lengths hold")
            }
            if tableClass == 0 { dcTables[slot] = table } else { acTables[slot] = table }
            at += 17 + total
        }
    }
}

/// The zigzag order in which a block's coefficients are stored.
enum JPEGZigzag {
    /// `natural[k]`: the row-order index of the k-th coefficient in zigzag order.
    static let natural: [Int] = [
        0, 1, 8, 16, 9, 2, 3, 10, 17, 24, 32, 25, 18, 11, 4, 5,
        12, 19, 26, 33, 40, 48, 41, 34, 27, 20, 13, 6, 7, 14, 21, 28,
        35, 42, 49, 56, 57, 50, 43, 36, 29, 22, 15, 23, 30, 37, 44, 51,
        58, 59, 52, 45, 38, 31, 39, 46, 53, 60, 61, 54, 47, 55, 62, 63,
    ]
}
