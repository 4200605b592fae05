extension Payload {
    /// Just enough leading bytes of each format for its format check: not whole files.
    public enum Minimal {
        /// The PNG signature and the start of the IHDR chunk's length.
        public static let png: [UInt8] = Payload.pngSignature + [0x00, 0x00, 0x00, 0x0D]
        /// A JPEG start of image and a JFIF APP0 marker.
        public static let jpeg: [UInt8] = [0xFF, 0xD8, 0xFF, 0xE0, 0x00, 0x10, 0x4A, 0x46, 0x49, 0x46]
        /// A RIFF header of form type `WEBP` and a `VP8 ` chunk type.
        public static let webp: [UInt8] = Array("RIFF".utf8) + [0x1A, 0, 0, 0] + Array("WEBPVP8 ".utf8)
        /// A TrueType version, a table count of 4 and a search range of 128.
        public static let ttf: [UInt8] = Payload.trueTypeVersion + [0x00, 0x04, 0x00, 0x80]
        /// An OpenType (CFF) version, a table count of 4 and a search range of 128.
        public static let otf: [UInt8] = Array("OTTO".utf8) + [0x00, 0x04, 0x00, 0x80]
        /// A RIFF header of form type `WAVE` and a `fmt ` chunk type.
        public static let wav: [UInt8] = Array("RIFF".utf8) + [0x24, 0, 0, 0] + Array("WAVEfmt ".utf8)
        /// An ID3 tag header, as MP3 files start.
        public static let mp3: [UInt8] = Array("ID3".utf8) + [0x04, 0, 0, 0, 0, 0, 0]
        /// The FLAC marker and a STREAMINFO block header.
        public static let flac: [UInt8] = Array("fLaC".utf8) + [0x00, 0x00, 0x00, 0x22]
        /// An Ogg page header's capture pattern.
        public static let ogg: [UInt8] = Array("OggS".utf8) + [0x00, 0x02, 0, 0, 0, 0]
        /// A Lua script's source text.
        public static let script: [UInt8] = Array("return {}".utf8)
    }
}
