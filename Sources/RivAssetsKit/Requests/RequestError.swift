/// A request that cannot be carried out as given (no inputs, two inputs that would
/// write one output, an output folder that cannot be created, a replacement file
/// that cannot be read). It is thrown before any input is read or any output
/// written; the command-line tool reports it as a usage error (exit status 64).
///
/// Switch on ``code`` to tell the kinds apart; ``message`` is the sentence for a
/// person, and ``underlying`` the typed error it came from, when there was one.
/// New codes may be added in later versions, so a `switch` over codes needs a
/// `default`.
public struct RequestError: Error, Sendable, Equatable, CustomStringConvertible {
    /// What kind of request error it is.
    public struct Code: Hashable, Sendable, CustomStringConvertible {
        /// The code's name, as ``description`` prints it.
        public let name: String

        private init(_ name: String) {
            self.name = name
        }

        /// No input file was given.
        public static let noInputs = Code("noInputs")
        /// One input was given twice, or two inputs would write one output.
        public static let inputGivenTwice = Code("inputGivenTwice")
        /// The destination cannot take the outputs: standard input in place,
        /// several inputs into one file, an output that is an input, outputs
        /// inside a folder being watched.
        public static let destinationUnusable = Code("destinationUnusable")
        /// An output folder cannot be created or written.
        public static let outputFolderUnusable = Code("outputFolderUnusable")
        /// No replacement was given to a command that needs one.
        public static let noReplacements = Code("noReplacements")
        /// A replacement file or folder cannot be used (unreadable, empty, too
        /// large, a format that does not suit it).
        public static let replacementUnusable = Code("replacementUnusable")
        /// The image to place is not one Rive draws.
        public static let imageUnusable = Code("imageUnusable")
        /// The base URL cannot be stored on hosted assets.
        public static let baseURLRefused = Code("baseURLRefused")
        /// The upload folder or its manifest cannot be used.
        public static let uploadFolderUnusable = Code("uploadFolderUnusable")
        /// An option's value, or a combination of options, the operation cannot take.
        public static let invalidOption = Code("invalidOption")

        /// The code's name.
        public var description: String { name }
    }

    /// What kind of error it is.
    public let code: Code
    /// One sentence saying what is wrong with the request.
    public let message: String
    /// The typed error the request error was made from, if any (a
    /// `RivEditError`, an `AssetFolder.Problem`, a decoding error).
    public let underlying: (any Error)?

    /// A request error of `code` saying `message`, made from `underlying` when given.
    public init(_ code: Code, _ message: String, underlying: (any Error)? = nil) {
        self.code = code
        self.message = message
        self.underlying = underlying
    }

    /// Equal when the code and the message are; the underlying errors are not compared.
    public static func == (left: RequestError, right: RequestError) -> Bool {
        left.code == right.code && left.message == right.message
    }

    /// The message.
    public var description: String { message }
}
