/// A tiny, valid WAV file: a RIFF/WAVE container with a PCM `fmt ` chunk and a
/// `data` chunk of 8-bit mono samples.
enum WAVAudio {
    /// A triangle wave of `sampleCount` unsigned 8-bit samples at `sampleRate` Hz.
    static func triangle(sampleCount: Int, sampleRate: UInt32) -> [UInt8] {
        let samples = (0..<sampleCount).map { index -> UInt8 in
            let phase = index % 16
            return UInt8(0x80 + (phase < 8 ? phase : 16 - phase) * 12 - 48)
        }
        var format: [UInt8] = []
        format.appendLittleEndian(UInt16(1))  // PCM
        format.appendLittleEndian(UInt16(1))  // channels
        format.appendLittleEndian(sampleRate)
        format.appendLittleEndian(sampleRate)  // byte rate: one byte per sample
        format.appendLittleEndian(UInt16(1))  // block align
        format.appendLittleEndian(UInt16(8))  // bits per sample
        var body: [UInt8] = []
        body.appendASCII("WAVE")
        body += chunk("fmt ", format) + chunk("data", samples)
        return chunk("RIFF", body)
    }

    /// A RIFF chunk: four-character id, little-endian size, data, a pad byte when the size is odd.
    private static func chunk(_ id: String, _ data: [UInt8]) -> [UInt8] {
        var bytes: [UInt8] = []
        bytes.appendASCII(id)
        bytes.appendLittleEndian(UInt32(data.count))
        bytes += data
        if data.count % 2 == 1 { bytes.append(0) }
        return bytes
    }
}
