/// Why a file could not be read, where, and while reading what.
///
/// Every failure of the reader is a `RivError`: it names the file (when the file
/// was opened from a path), the byte offset of the problem, and what was being
/// read there, e.g. `Ball.riv: at byte 1043: truncated inside property 212 (bytes)
/// of FileAssetContents at offset 1030`.
public struct RivError: Error, Sendable, Equatable, CustomStringConvertible {
    /// What went wrong.
    public enum Reason: Sendable, Equatable {
        /// The file holds no bytes at all.
        case emptyFile
        /// The file is a Git LFS pointer: the real `.riv` was never fetched (`git lfs pull`).
        case gitLFSPointer
        /// The file is JSON (for example a Lottie animation), not a binary Rive file.
        case jsonDocument
        /// The file does not start with the `RIVE` fingerprint.
        case notARiveFile
        /// The file is a Rive file of a major version this reader does not support (only 7 is).
        case unsupportedMajorVersion(UInt64)
        /// The file ends in the middle of a value.
        case truncated
        /// A LEB128 value runs past 10 bytes or overflows 64 bits.
        case varUIntTooLong
        /// A length prefix asks for more bytes than remain in the file.
        case lengthPastEnd(length: UInt64, available: Int)
        /// A type or property key is larger than 65535.
        case keyTooLarge(UInt64)
        /// A property key that neither the file's table of contents nor the built-in schema knows.
        case unknownPropertyKey(UInt16)
        /// The file could not be opened or read.
        case unreadable(reason: String)
    }

    /// What went wrong.
    public var reason: Reason
    /// The byte offset at which the problem was found.
    public var offset: Int
    /// What was being read at that offset, e.g. `the header` or `property 212 (bytes) of FileAssetContents at offset 1030`.
    public var reading: String
    /// The path of the file, when it was opened from one.
    public var path: String?

    /// Creates an error; the reader fills in `path` when it knows the file.
    public init(_ reason: Reason, offset: Int, reading: String, path: String? = nil) {
        self.reason = reason
        self.offset = offset
        self.reading = reading
        self.path = path
    }

    /// The message without the path: `at byte N: <what happened> <while reading what>`.
    public var message: String {
        switch reason {
        case .emptyFile:
            return "the file is empty"
        case .gitLFSPointer:
            return "this is a Git LFS pointer, not the .riv file itself (run `git lfs pull`)"
        case .jsonDocument:
            return "this is a JSON document (a Lottie animation?), not a binary .riv file"
        case .notARiveFile:
            return "not a Rive file: it does not start with the RIVE fingerprint"
        case .unsupportedMajorVersion(let major):
            return "unsupported Rive format major version \(major) (only version 7 files can be read)"
        case .truncated:
            return "at byte \(offset): the file ends inside \(reading)"
        case .varUIntTooLong:
            return "at byte \(offset): a variable-length integer runs past 64 bits in \(reading)"
        case .lengthPastEnd(let length, let available):
            return "at byte \(offset): length \(length) is past the end of the file (\(available) bytes remain) in \(reading)"
        case .keyTooLarge(let key):
            return "at byte \(offset): key \(key) is over 65535 in \(reading)"
        case .unknownPropertyKey(let key):
            return "at byte \(offset): property key \(key) is in neither the table of contents nor the schema, in \(reading)"
        case .unreadable(let why):
            return "cannot read the file: \(why)"
        }
    }

    /// `path: message`, or the message alone when the path is unknown.
    public var description: String {
        path.map { "\($0): \(message)" } ?? message
    }
}
