import Foundation
import RivFormat

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
            guard data.count >= 12 else { return false }
            let tables = data.bigEndian(at: 4, width: 2)
            guard data.count >= 12 + 16 * tables else { return false }
            return (0..<tables).allSatisfy { index in
                let entry = 12 + 16 * index
                return data.bigEndian(at: entry + 8, width: 4) + data.bigEndian(at: entry + 12, width: 4) <= data.count
            }
        default:
            return nil
        }
    }
}
