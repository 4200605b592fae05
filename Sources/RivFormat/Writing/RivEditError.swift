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
public enum RivEditError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The asset does not belong to the file being edited (an asset from another
    /// read of the same file on disk is accepted when its record is the same).
    case assetNotInFile(uniqueName: String)
    /// The new bytes are not a format Rive renders for this asset type (pass `skipChecks` to override).
    case unsupportedFormat(uniqueName: String, type: AssetType, detected: ContentFormat, accepted: [ContentFormat])
    /// The asset's contents are covered by a signature (signed scripts); pass `skipChecks` to change them anyway.
    case signedContents(uniqueName: String)
    /// Stripping needs embedded bytes, and the asset has none.
    case notEmbedded(uniqueName: String)
    /// The file's table of contents declares a contents key (212 bytes, 911 signature)
    /// with another field type, so a contents record written the standard way would not read back.
    case conflictingTableOfContents(key: UInt16, declared: FieldType)
    /// The file holding the new bytes could not be read.
    case unreadableReplacement(path: String, reason: String)
    /// Writing the output failed; the input and any existing output are unchanged.
    case writeFailed(path: String, reason: String)
    /// The asset was already swapped or removed by this editor; it takes no other edit.
    case assetAlreadyEdited(uniqueName: String)
    /// Two assets can swap contents only when they have the same type.
    case typeMismatch(first: String, second: String)
    /// The referencer at this offset points at no asset of the file (its index is
    /// past the asset list), or no object that uses an asset starts there.
    case noAssetAtReferencer(offset: Int)
    /// Removing assets was refused because something in the file can reach an asset
    /// at run time without an object that refers to it (scripts, data binding);
    /// pass `skipChecks` to remove them anyway.
    case assetsReachableAtRunTime(reasons: [String])
    /// The file has no artboard to place an image on.
    case noArtboard
    /// No artboard has this name; `artboards` lists the file's.
    case unknownArtboard(name: String, artboards: [String])
    /// The file has no Backboard (and no asset) to put a new asset after.
    case noBackboard
    /// The file to place is not a PNG, JPEG or WebP image whose size can be read.
    case notAnImage(path: String, detected: ContentFormat)
    /// The image to place has no pixels (a width or height of 0).
    case imageWithoutPixels(path: String, width: Int, height: Int)
    /// A placement value (`x`, a scale, an origin) that no finite 32-bit float can hold.
    case valueOutOfRange(name: String, value: Double)
    /// The destination exists and the write was asked not to replace it.
    case destinationExists(path: String)
    /// The file being rewritten or extracted from was modified in place after it was
    /// read, so the ranges found then no longer describe it; read it again.
    case sourceChanged(path: String)

    /// One sentence saying what went wrong and how to proceed.
    public var description: String {
        switch self {
        case .assetNotInFile(let name):
            return "\(name) is not an asset of this file"
        case .unsupportedFormat(let name, let type, let detected, let accepted):
            let list = accepted.map(\.rawValue).joined(separator: ", ")
            return "\(name): the new bytes look like \(detected.rawValue), but a Rive \(type) must be \(list)"
        case .signedContents(let name):
            return "\(name): its contents are covered by the file's signature; changing them would break it"
        case .notEmbedded(let name):
            return "\(name) has no embedded bytes to strip"
        case .conflictingTableOfContents(let key, let declared):
            return "the file's table of contents declares property \(key) as \(declared) rather than bytes; embedding into it would make the file unreadable"
        case .unreadableReplacement(let path, let reason):
            return "\(path): cannot read the new bytes: \(reason)"
        case .assetAlreadyEdited(let name):
            return "\(name): already swapped or removed in this edit; it takes no other change"
        case .typeMismatch(let first, let second):
            return "\(first) and \(second) are assets of different types; only assets of one type can swap"
        case .noAssetAtReferencer(let offset):
            return "the object at offset \(offset) does not use an asset of this file"
        case .assetsReachableAtRunTime(let reasons):
            return "unused assets were kept, because " + reasons.joined(separator: " and ")
        case .noArtboard:
            return "the file has no artboard to place an image on"
        case .unknownArtboard(let name, let artboards):
            return "no artboard is named '\(name)'; the file's artboards: " + artboards.map { "'\($0)'" }.joined(separator: ", ")
        case .noBackboard:
            return "the file has no Backboard to add an asset after"
        case .imageWithoutPixels(let path, let width, let height):
            return "\(path): the image has no pixels (\(width)×\(height))"
        case .valueOutOfRange(let name, let value):
            return "\(name) \(value) does not fit a finite 32-bit float, the only numbers a Rive file holds (at most about 3.4e38)"
        case .notAnImage(let path, let detected):
            return "\(path): not a PNG, JPEG or WebP image with a readable size (it looks like \(detected.rawValue))"
        case .destinationExists(let path):
            return FileWriteError.destinationExists(path: path).description
        case .writeFailed(let path, let reason):
            return FileWriteError.writeFailed(path: path, reason: reason).description
        case .sourceChanged(let path):
            return FileWriteError.sourceChanged(path: path).description
        }
    }
}
