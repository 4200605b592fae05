import RivFormat
import RivSupport

/// An input (or an output of it) that could not be handled, and why.
public struct InputFailure: Codable, Sendable, Equatable {
    /// What the request could have said to get past the failure.
    ///
    /// In `--json` output a remedy is written by its raw value (`overwrite`,
    /// `forceFormat`, `forceSigned`, `forceRemoval`), names scripts already read.
    public enum Remedy: String, Codable, Sendable, Equatable {
        /// Allow replacing a file that already exists (`overwrite` / `--force`).
        case overwrite
        /// Embed bytes whose format does not suit the asset (`skipChecks` / `--skip-checks`).
        case skipFormatCheck = "forceFormat"
        /// Change contents covered by a signature (`skipChecks` / `--skip-checks`).
        case skipSignatureCheck = "forceSigned"
        /// Remove unused assets from a file whose scripts or data binding could reach them (`skipChecks` / `--skip-checks`).
        case skipRemovalCheck = "forceRemoval"
        /// Settle copies of one unique name with other bytes (``StripRequest/conflicts`` / `--prefer`).
        case settleConflict
        /// Write the outputs although a named replacement matches nothing
        /// (``ReplaceRequest/allowsUnmatched`` / `--allow-unmatched`).
        case allowUnmatched
    }

    /// The path the failure concerns: the input, or the output or asset file that could not be written.
    public var path: String
    /// One sentence saying what went wrong.
    public var message: String
    /// What would have let it through, when something would.
    @NullEncoded public var remedy: Remedy?

    /// A failure of `path`.
    public init(path: String, message: String, remedy: Remedy? = nil) {
        self.path = path
        self.message = message
        self.remedy = remedy
    }

    /// A failure of `path` from an edit or write the library refused.
    init(path: String, prefix: String = "", _ error: RivEditError) {
        let remedy: Remedy? = switch error.code {
        case .unsupportedFormat: .skipFormatCheck
        case .signedContents: .skipSignatureCheck
        case .assetsReachableAtRunTime: .skipRemovalCheck
        case .destinationExists: .overwrite
        default: nil
        }
        self.init(path: path, message: prefix + error.description, remedy: remedy)
    }

    /// This failure of an output as the failure of the input it was written
    /// for: the output's path leads the message, `suffix` ends it.
    func ofInput(_ input: String, adding suffix: String = "") -> InputFailure {
        InputFailure(path: input, message: path + ": " + message + suffix, remedy: remedy)
    }

    /// A failure of `path` from a write the package's writer refused.
    init(path: String, _ error: FileWriteError) {
        self.init(path: path, RivEditError(error))
    }
}

extension InputFailure: PropertiesDescribed {}
