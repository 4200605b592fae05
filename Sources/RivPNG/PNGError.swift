/// Why a PNG could not be read: what was wrong, in which chunk, at which byte.
///
/// The optimiser throws this for damaged input and never rewrites such a file;
/// the caller keeps the original bytes.
public struct PNGError: Error, Equatable, Sendable, CustomStringConvertible {
    /// What kind of damage was found.
    public enum Kind: Equatable, Sendable {
        /// The first eight bytes are not the PNG signature.
        case notPNG
        /// The bytes end inside a chunk (its length, type, data or CRC).
        case truncated
        /// A chunk's CRC-32 does not match its type and data.
        case badCRC
        /// A chunk that must come once, first or in order does not (IHDR first, PLTE before IDAT, ...).
        case badChunkOrder
        /// A chunk required for this image is absent (IHDR, IDAT, IEND, or PLTE for a palette image).
        case missingChunk
        /// A chunk's contents break the PNG rules (bad IHDR values, a PLTE or tRNS of the wrong size, ...).
        case badChunk
        /// The image's raw data would be larger than the decoder allows.
        case tooLarge
        /// The zlib stream inside the IDAT chunks is damaged.
        case badCompressedData
        /// The decompressed data is longer or shorter than the header says it must be.
        case wrongDataLength
        /// A scanline starts with a filter type other than 0-4.
        case badFilterType
        /// A critical chunk this decoder does not know, so the image cannot be understood.
        case unknownCriticalChunk
    }

    /// What kind of damage was found.
    public let kind: Kind
    /// The four-letter type of the chunk where it was found (empty for the signature).
    public let chunk: String
    /// The byte offset in the PNG where the problem was found (for compressed-data problems, the
    /// offset of the first IDAT chunk's data).
    public let offset: Int
    /// What was read, in words.
    public let detail: String

    /// A typed PNG error.
    public init(_ kind: Kind, chunk: String, offset: Int, _ detail: String) {
        self.kind = kind
        self.chunk = chunk
        self.offset = offset
        self.detail = detail
    }

    /// One line: the chunk, the offset and what was wrong.
    public var description: String {
        chunk.isEmpty ? "PNG at byte \(offset): \(detail)" : "PNG chunk \(chunk) at byte \(offset): \(detail)"
    }
}
