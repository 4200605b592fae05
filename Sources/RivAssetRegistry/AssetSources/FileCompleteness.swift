import Foundation
import RivFormat
import RivSupport

/// Whether a replacement file's bytes are whole, for formats that say where they
/// end: a file still being copied into a watched folder is not used until it is.
enum FileCompleteness {
    /// True when `bytes` end where `format` says they should; nil for a format that
    /// does not say (MP3, FLAC, Ogg), which counts as whole once it stops changing.
    static func isComplete(_ bytes: Data, format: ContentFormat) -> Bool? {
        let data = [UInt8](bytes)
        switch format {
        case .png:
            // The IEND chunk: zero length, type, and its fixed CRC.
            return data.count >= 20 && Array(data.suffix(8)) == [0x49, 0x45, 0x4E, 0x44, 0xAE, 0x42, 0x60, 0x82]
        case .jpeg:
            // The end-of-image marker.
            return data.count >= 4 && data[data.count - 2] == 0xFF && data[data.count - 1] == 0xD9
        case .webp, .wav:
            // A RIFF file gives its size after the first 8 bytes.
            return data.count >= 12 && data.count >= data.littleEndian(at: 4, width: 4) + 8
        case .ttf, .otf:
            // Every table of the directory lies inside the file.
            guard let header = SfntTableDirectory.header(data),
                  data.count >= SfntTableDirectory.recordOffset(header.tableCount) else { return false }
            return (0..<header.tableCount).allSatisfy { index in
                SfntTableDirectory.Record(data[SfntTableDirectory.recordOffset(index)...]).map { $0.offset + $0.length <= data.count } ?? false
            }
        default:
            return nil
        }
    }
}
