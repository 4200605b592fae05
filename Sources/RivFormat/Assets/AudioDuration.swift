import RivSupport

/// How long an embedded clip plays, where its header says: WAV (the data chunk's
/// size over the format chunk's byte rate) and FLAC (STREAMINFO's total samples
/// over its sample rate). MP3 and Ogg do not say without reading the stream.
enum AudioDuration {
    /// At most this many RIFF chunks are walked looking for `fmt ` and `data`.
    private static let chunkLimit = 64

    /// The duration in seconds of a clip of `format`, or nil when its header does not tell it.
    static func read(_ reader: EmbeddedBytesReader, format: ContentFormat) -> Double? {
        switch format {
        case .wav: wav(reader)
        case .flac: flac(reader)
        default: nil
        }
    }

    private static func wav(_ reader: EmbeddedBytesReader) -> Double? {
        var offset = 12
        var byteRate: Int?
        for _ in 0..<chunkLimit {
            guard let header = reader.bytes(at: offset, count: 8) else { return nil }
            let id = String(decoding: header[0..<4], as: UTF8.self)
            let size = header.littleEndian(at: 4, width: 4)
            if id == "fmt ", let format = reader.bytes(at: offset + 8, count: 12) {
                byteRate = format.littleEndian(at: 8, width: 4)
            } else if id == "data" {
                guard let byteRate, byteRate > 0 else { return nil }
                return Double(min(size, reader.count - offset - 8)) / Double(byteRate)
            }
            offset += 8 + size + (size & 1)
        }
        return nil
    }

    /// STREAMINFO is the first metadata block: sample rate (20 bits) and total
    /// samples (36 bits) at bytes 18 to 25 of the file.
    private static func flac(_ reader: EmbeddedBytesReader) -> Double? {
        guard let info = reader.bytes(at: 4, count: 22), info[0] & 0x7F == 0 else { return nil }
        let sampleRate = Int(info[14]) << 12 | Int(info[15]) << 4 | Int(info[16]) >> 4
        let total = (Int(info[17]) & 0x0F) << 32 | info.bigEndian(at: 18, width: 4)
        guard sampleRate > 0, total > 0 else { return nil }
        return Double(total) / Double(sampleRate)
    }
}
