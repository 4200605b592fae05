/// The start of a FLAC stream: the `fLaC` marker and a STREAMINFO metadata
/// block marked last, describing a stream with no audio frames. Decoders read
/// it as an empty stream.
enum FLACHeader {
    /// The header for 16-bit mono audio at `sampleRate` Hz.
    static func streamInfoOnly(sampleRate: UInt32) -> [UInt8] {
        var info: [UInt8] = []
        info.appendBigEndian(UInt16(4096))  // minimum block size, in samples
        info.appendBigEndian(UInt16(4096))  // maximum block size
        info += [0, 0, 0, 0, 0, 0]  // minimum and maximum frame sizes (24 bits each): unknown
        let channels: UInt64 = 1
        let bitsPerSample: UInt64 = 16
        let totalSamples: UInt64 = 0  // unknown
        info.appendBigEndian(UInt64(sampleRate) << 44 | (channels - 1) << 41 | (bitsPerSample - 1) << 36 | totalSamples)
        info += [UInt8](repeating: 0, count: 16)  // MD5 of the audio: not computed
        var bytes: [UInt8] = []
        bytes.appendASCII("fLaC")
        bytes.append(0x80)  // last metadata block, type 0 (STREAMINFO)
        bytes += [0, 0, UInt8(info.count)]  // 24-bit length: 34
        return bytes + info
    }
}
