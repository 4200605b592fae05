/// Why an image file could not be decoded: its format, what was wrong, and at which byte.
public struct ImageDecodingError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The format the bytes were decoded as.
    public enum Format: String, Equatable, Sendable {
        /// A JPEG file (`JPEGDecoder`).
        case jpeg = "JPEG"
        /// A WebP file (`WebPDecoder`).
        case webp = "WebP"
    }

    /// What kind of problem was found.
    public enum Kind: Equatable, Sendable {
        /// The bytes do not start as the format's files start.
        case notRecognized
        /// The bytes end inside a header, a segment or a chunk, or inside the compressed data.
        case truncated
        /// A header, segment or chunk breaks the format's rules (a bad size, table, order, ...).
        case malformed
        /// The compressed data is damaged: a code its table does not define, a coefficient
        /// past its block, a copy from before the start, a restart marker out of sequence.
        case badData
        /// A form of the format this decoder does not read (named in the detail).
        case unsupported
        /// The decoded image would need more memory or work than the decoder allows.
        case tooLarge
    }

    /// The format the bytes were decoded as.
    public let format: Format
    /// What kind of problem was found.
    public let kind: Kind
    /// The byte offset in the file where it was found.
    public let offset: Int
    /// What was read, in words.
    public let detail: String

    /// A typed decoding error.
    public init(_ format: Format, _ kind: Kind, offset: Int, _ detail: String) {
        self.format = format
        self.kind = kind
        self.offset = offset
        self.detail = detail
    }

    /// One line: the format, the offset and what was wrong.
    public var description: String { "\(format.rawValue) at byte \(offset): \(detail)" }
}
