import RivSupport

/// Why an edit was refused or a rewritten file could not be written.
///
/// There are two error types on purpose: a ``RivError`` is about a file's bytes
/// (where in the file, what was being read there) and is thrown only while reading;
/// a `RivEditError` is about what was asked of a file that read fine (an edit the
/// format or a signature forbids, a destination that cannot be written) and has
/// no offset. Code that reads and writes in one go catches both, typed:
/// `do throws(RivError) { ... }` around reading, `do throws(RivEditError)` around
/// editing and writing.
///
/// Switch on ``code`` (a struct of constants, so a new kind of refusal is a new
/// constant, not a breaking change); the properties beside it hold what the
/// refusal names (the asset, the file, the formats), nil or empty when it names
/// none; ``description`` is the sentence for people.
public struct RivEditError: Error, Sendable, Equatable, CustomStringConvertible {
    /// What kind of refusal an error is: compare with the constants
    /// (`error.code == .destinationExists`) or switch over them (with a `default`).
    public struct Code: Hashable, Sendable, CustomStringConvertible {
        /// The constant's name, as written here (`destinationExists`).
        public let description: String

        private init(_ name: String) {
            description = name
        }

        /// The asset does not belong to the file being edited (an asset from another read of the same file on disk is accepted when its record is the same).
        public static let assetNotInFile = Code("assetNotInFile")
        /// The new bytes are not a format Rive renders for this asset type (pass `skipChecks` to override).
        public static let unsupportedFormat = Code("unsupportedFormat")
        /// The asset's contents are covered by a signature (signed scripts); pass `skipChecks` to change them anyway.
        public static let signedContents = Code("signedContents")
        /// Stripping needs embedded bytes, and the asset has none.
        public static let notEmbedded = Code("notEmbedded")
        /// The file holding the new bytes could not be read; `reason` says why.
        public static let unreadableReplacement = Code("unreadableReplacement")
        /// Writing the output failed; the input and any existing output are unchanged.
        public static let writeFailed = Code("writeFailed")
        /// The asset was already swapped or removed by this editor; it takes no other edit.
        public static let assetAlreadyEdited = Code("assetAlreadyEdited")
        /// Two assets can swap contents only when they have the same type.
        public static let typeMismatch = Code("typeMismatch")
        /// The referencer at this offset points at no asset of the file (its index is past the asset list), or no object that uses an asset starts there.
        public static let noAssetAtReferencer = Code("noAssetAtReferencer")
        /// Removing assets was refused because something in the file can reach an asset at run time without an object that refers to it (scripts, data binding); pass `skipChecks` to remove them anyway.
        public static let assetsReachableAtRunTime = Code("assetsReachableAtRunTime")
        /// The file has no artboard to place an image on.
        public static let noArtboard = Code("noArtboard")
        /// No artboard has this name; `artboards` lists the file's.
        public static let unknownArtboard = Code("unknownArtboard")
        /// The file has no Backboard (and no asset) to put a new asset after.
        public static let noBackboard = Code("noBackboard")
        /// The file to place is not a PNG, JPEG or WebP image whose size can be read.
        public static let notAnImage = Code("notAnImage")
        /// The image to place has no pixels (a width or height of 0).
        public static let imageWithoutPixels = Code("imageWithoutPixels")
        /// A placement value (`x`, a scale, an origin) that no finite 32-bit float can hold.
        public static let valueOutOfRange = Code("valueOutOfRange")
        /// The destination exists and the write was asked not to replace it.
        public static let destinationExists = Code("destinationExists")
        /// The file being rewritten or extracted from was modified in place after it was read, so the ranges found then no longer describe it; read it again.
        public static let sourceChanged = Code("sourceChanged")
    }

    /// What kind of refusal this is.
    public let code: Code
    /// One sentence saying what went wrong and how to proceed.
    public let description: String
    /// The asset the refusal concerns (the first of two that cannot swap).
    public var uniqueName: String?
    /// The other asset of two that cannot swap.
    public var otherUniqueName: String?
    /// The file the refusal concerns: the new bytes, the image, the destination.
    public var path: String?
    /// Why that file could not be read or written, as the system said it.
    public var reason: String?
    /// The asset's type, when its format was refused.
    public var assetType: AssetType?
    /// The format found in the new bytes or the image.
    public var detectedFormat: ContentFormat?
    /// The formats the asset's type takes, when its format was refused.
    public var acceptedFormats: [ContentFormat] = []
    /// What in the file can reach assets at run time, when removing them was refused.
    public var reasons: [String] = []
    /// The file's artboards, when none has the name asked for.
    public var artboards: [String] = []
    /// The artboard or placement value asked for.
    public var name: String?
    /// The placement value that does not fit a 32-bit float.
    public var value: Double?
    /// The offset of the object asked about.
    public var offset: Int?
    /// Where refused bytes came from, when the caller said so: the registration
    /// or source that provided them (`registered as font "Inter-*"`).
    public var origin: String?

    private init(_ code: Code, _ description: String, uniqueName: String? = nil, otherUniqueName: String? = nil, path: String? = nil,
                 reason: String? = nil, assetType: AssetType? = nil, detectedFormat: ContentFormat? = nil,
                 acceptedFormats: [ContentFormat] = [], reasons: [String] = [], artboards: [String] = [], name: String? = nil,
                 value: Double? = nil, offset: Int? = nil) {
        self.code = code
        self.description = description
        self.uniqueName = uniqueName
        self.otherUniqueName = otherUniqueName
        self.path = path
        self.reason = reason
        self.assetType = assetType
        self.detectedFormat = detectedFormat
        self.acceptedFormats = acceptedFormats
        self.reasons = reasons
        self.artboards = artboards
        self.name = name
        self.value = value
        self.offset = offset
    }

    /// This refusal with where its bytes came from: ``origin`` set and said at the
    /// end of the sentence, for callers that embed bytes of several origins (a
    /// registry's registrations and sources).
    package func withOrigin(_ origin: String) -> RivEditError {
        var copy = RivEditError(code, "\(description) (the bytes were \(origin))", uniqueName: uniqueName, otherUniqueName: otherUniqueName,
                                path: path, reason: reason, assetType: assetType, detectedFormat: detectedFormat,
                                acceptedFormats: acceptedFormats, reasons: reasons, artboards: artboards, name: name, value: value, offset: offset)
        copy.origin = origin
        return copy
    }

    /// The asset does not belong to the file being edited (an asset from another read of the same file on disk is accepted when its record is the same).
    public static func assetNotInFile(uniqueName: String) -> RivEditError {
        RivEditError(.assetNotInFile, "\(uniqueName) is not an asset of this file", uniqueName: uniqueName)
    }

    /// The new bytes are not a format Rive renders for this asset type (pass `skipChecks` to override).
    /// `looksLike` says in words what bytes of no known format seem to be ("HTML (a web page)"); nil names the detected format.
    public static func unsupportedFormat(uniqueName: String, type: AssetType, detected: ContentFormat, accepted: [ContentFormat],
                                         looksLike: String? = nil) -> RivEditError {
        RivEditError(.unsupportedFormat, "\(uniqueName): the new bytes look like \(looksLike ?? detected.rawValue), but a Rive \(type) must be \(accepted.map(\.rawValue).joined(separator: ", "))", uniqueName: uniqueName, assetType: type, detectedFormat: detected, acceptedFormats: accepted)
    }

    /// The asset's contents are covered by a signature (signed scripts); pass `skipChecks` to change them anyway.
    public static func signedContents(uniqueName: String) -> RivEditError {
        RivEditError(.signedContents, "\(uniqueName): its contents are covered by the file's signature; changing them would break it", uniqueName: uniqueName)
    }

    /// Stripping needs embedded bytes, and the asset has none.
    public static func notEmbedded(uniqueName: String) -> RivEditError {
        RivEditError(.notEmbedded, "\(uniqueName) has no embedded bytes to strip", uniqueName: uniqueName)
    }

    /// The file holding the new bytes could not be read; `reason` says why.
    public static func unreadableReplacement(path: String, reason: String) -> RivEditError {
        RivEditError(.unreadableReplacement, "\(path): cannot read the new bytes: \(reason)", path: path, reason: reason)
    }

    /// Writing the output failed; the input and any existing output are unchanged.
    public static func writeFailed(path: String, reason: String) -> RivEditError {
        RivEditError(.writeFailed, FileWriteError.writeFailed(path: path, reason: reason).description, path: path, reason: reason)
    }

    /// The asset was already swapped or removed by this editor; it takes no other edit.
    public static func assetAlreadyEdited(uniqueName: String) -> RivEditError {
        RivEditError(.assetAlreadyEdited, "\(uniqueName): already swapped or removed in this edit; it takes no other change", uniqueName: uniqueName)
    }

    /// Two assets can swap contents only when they have the same type.
    public static func typeMismatch(first: String, second: String) -> RivEditError {
        RivEditError(.typeMismatch, "\(first) and \(second) are assets of different types; only assets of one type can swap", uniqueName: first, otherUniqueName: second)
    }

    /// The referencer at this offset points at no asset of the file (its index is past the asset list), or no object that uses an asset starts there.
    public static func noAssetAtReferencer(offset: Int) -> RivEditError {
        RivEditError(.noAssetAtReferencer, "the object at offset \(offset) does not use an asset of this file", offset: offset)
    }

    /// Removing assets was refused because something in the file can reach an asset at run time without an object that refers to it (scripts, data binding); pass `skipChecks` to remove them anyway.
    public static func assetsReachableAtRunTime(reasons: [String]) -> RivEditError {
        RivEditError(.assetsReachableAtRunTime, "unused assets were kept, because " + reasons.joined(separator: " and "), reasons: reasons)
    }

    /// The file has no artboard to place an image on.
    public static var noArtboard: RivEditError { RivEditError(.noArtboard, "the file has no artboard to place an image on") }

    /// No artboard has this name; `artboards` lists the file's.
    public static func unknownArtboard(name: String, artboards: [String]) -> RivEditError {
        RivEditError(.unknownArtboard, "no artboard is named \(TerminalText.quoted(name, limit: 60)); the file's artboards: "
            + ShortList.text(artboards, limit: 12) { TerminalText.quoted($0, limit: 60) }, artboards: artboards, name: name)
    }

    /// The file has no Backboard (and no asset) to put a new asset after.
    public static var noBackboard: RivEditError { RivEditError(.noBackboard, "the file has no Backboard to add an asset after") }

    /// The file to place is not a PNG, JPEG or WebP image whose size can be read.
    public static func notAnImage(path: String, detected: ContentFormat) -> RivEditError {
        RivEditError(.notAnImage, "\(path): not a PNG, JPEG or WebP image with a readable size (it looks like \(detected.rawValue))", path: path, detectedFormat: detected)
    }

    /// The image to place has no pixels (a width or height of 0).
    public static func imageWithoutPixels(path: String, width: Int, height: Int) -> RivEditError {
        RivEditError(.imageWithoutPixels, "\(path): the image has no pixels (\(width)×\(height))", path: path)
    }

    /// A placement value (`x`, a scale, an origin) that no finite 32-bit float can hold.
    public static func valueOutOfRange(name: String, value: Double) -> RivEditError {
        RivEditError(.valueOutOfRange, "\(name) \(value) does not fit a finite 32-bit float, the only numbers a Rive file holds (at most about 3.4e38)", name: name, value: value)
    }

    /// The destination exists and the write was asked not to replace it.
    public static func destinationExists(path: String) -> RivEditError {
        RivEditError(.destinationExists, FileWriteError.destinationExists(path: path).description, path: path)
    }

    /// The file being rewritten or extracted from was modified in place after it was read, so the ranges found then no longer describe it; read it again.
    public static func sourceChanged(path: String) -> RivEditError {
        RivEditError(.sourceChanged, FileWriteError.sourceChanged(path: path).description, path: path)
    }
}
