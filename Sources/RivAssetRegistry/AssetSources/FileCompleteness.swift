import Foundation
import RivFormat
import RivSupport

/// Whether a replacement file's bytes are whole, for formats that say where they
/// end: a file still being copied into a watched folder is not used until it is.
enum FileCompleteness {
    /// True when the end `format` gives its files has arrived in `bytes` (bytes
    /// after it, such as a motion photo's video after a JPEG, are allowed); nil
    /// for a format that does not say (MP3, FLAC, Ogg), which counts as whole once
    /// it stops changing.
    static func isComplete(_ bytes: Data, format: ContentFormat) -> Bool? {
        switch format {
        case .png:
            // The IEND chunk lies entirely inside the bytes.
            return PNGChunkWalk.endOfImage(in: bytes) != nil
        case .jpeg:
            // The end-of-image marker, outside every segment, after the scans.
            return JPEGEndOfImage.offset(in: bytes) != nil
        case .webp, .wav:
            // A RIFF file gives its size after the first 8 bytes.
            return bytes.count >= 12 && bytes.count >= bytes.littleEndian(at: 4, width: 4) + 8
        case .ttf, .otf:
            // Every table of the directory lies inside the file.
            let data = [UInt8](bytes)
            guard let header = SfntTableDirectory.header(data),
                  data.count >= SfntTableDirectory.recordOffset(header.tableCount) else { return false }
            return (0..<header.tableCount).allSatisfy { index in
                SfntTableDirectory.Record(data[SfntTableDirectory.recordOffset(index)...]).map { $0.offset + $0.length <= data.count } ?? false
            }
        default:
            return nil
        }
    }

    /// Why bytes that ``isComplete(_:format:)`` finds not whole are not, in words.
    static func missingEnd(format: ContentFormat) -> String {
        switch format {
        case .png: "its chunks do not reach an IEND chunk (it is cut, or a chunk's length runs past its end)"
        case .jpeg: "it has no end-of-image marker (FF D9) after its segments and scan data"
        case .webp, .wav: "it is shorter than the size its RIFF header gives"
        default: "a table of its directory lies past its end"
        }
    }
}
