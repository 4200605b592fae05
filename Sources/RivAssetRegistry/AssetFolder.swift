import Foundation
import RivFormat
import RivSupport

/// A folder of replacement files, as `riv-assets replace --assets DIR` and
/// ``AssetRegistry/addGlobalAssets(inFolder:maximumFileSize:)`` read it: every regular file whose
/// content is an image, font or audio format counts under its name without
/// extension (`logo-12.png` for the image `logo-12`), in the namespace of its
/// format, and replaces the asset whose unique name it spells verbatim or in the
/// encoded form of `AssetFileName` (`a%2Fb-3.png` for `a/b-3`). Subfolders are
/// ignored; other files are skipped, hidden ones (`.DS_Store`) without a word.
public struct AssetFolder: Sendable {
    /// One replacement file.
    public struct Entry: Sendable, Hashable {
        /// The namespace its content belongs to: `.image`, `.font` or `.audio`.
        public let type: AssetType
        /// The file name without its extension: the unique name it replaces,
        /// verbatim or encoded (see ``replaces(_:)``).
        public let name: String
        /// The file.
        public let url: URL
        /// Its detected format.
        public let format: ContentFormat

        /// Whether this file is named for the asset `uniqueName`, verbatim or in
        /// the encoded form (`AssetFileName/stem(_:names:)`).
        public func replaces(_ uniqueName: String) -> Bool {
            ReplacementIndex.rule(self, serves: uniqueName, type: type)
        }
    }

    /// Why a folder cannot be used.
    public enum Problem: Error, Sendable, Equatable, CustomStringConvertible {
        /// The folder cannot be listed.
        case unreadable(path: String, reason: String)
        /// A file cannot be read (empty, unreadable, not a regular file).
        case unreadableFile(path: String, reason: String)
        /// Two files would replace one asset.
        case twoFiles(first: String, second: String, type: AssetType, name: String)
        /// A replacement file holds more bytes than the folder's limit allows.
        case tooLarge(path: String, size: Int, limit: Int)

        /// One sentence.
        public var description: String {
            switch self {
            case .unreadable(let path, let reason): "cannot read the folder \(path): \(reason)"
            case .unreadableFile(let path, let reason): "cannot use \(path): \(reason)"
            case .twoFiles(let first, let second, let type, let name): "\(first) and \(second) would both replace the \(type) \(name); keep one"
            case .tooLarge(let path, let size, let limit):
                "\(path) holds \(size) bytes, over the limit of \(limit) bytes for one replacement file; remove it or raise the limit"
            }
        }
    }

    /// The replacement files, sorted by file name.
    public let entries: [Entry]
    private let index: ReplacementIndex

    /// The file for the asset `uniqueName` of `type`: the one that spells it
    /// verbatim, else the one in the encoded form; nil when there is none.
    public func entry(for uniqueName: String, type: AssetType) -> Entry? {
        index.best(uniqueName, type: type).map { entries[$0] }
    }
    /// The names of files skipped because their content is no image, font or audio format.
    public let skipped: [String]

    /// The default largest replacement file: 256 MiB, far above any image, font
    /// or clip an animation ships, far below what would exhaust memory.
    public static let defaultMaximumFileSize = 256 << 20

    /// Reads the folder at `url` and the first bytes of each file in it. A
    /// replacement file over `maximumFileSize` bytes is a ``Problem/tooLarge(path:size:limit:)``.
    public init(contentsOf url: URL, maximumFileSize: Int = defaultMaximumFileSize) throws(Problem) {
        var entries: [Entry] = []
        var skipped: [String] = []
        var slots = OneFilePerAsset()
        for file in try Self.files(in: url) {
            let format: ContentFormat
            do throws(RivEditError) {
                format = try Self.format(ofFileAt: file.url)
            } catch {
                throw .unreadableFile(path: file.url.path, reason: error.description)
            }
            guard let type = AssetType(replacementFormat: format) else {
                if !file.name.hasPrefix(".") { skipped.append(file.name) }
                continue
            }
            guard file.status.size <= maximumFileSize else { throw .tooLarge(path: file.url.path, size: file.status.size, limit: maximumFileSize) }
            try slots.claim(type: type, name: file.stem, path: file.url.path)
            entries.append(Entry(type: type, name: file.stem, url: file.url, format: format))
        }
        self.entries = entries
        self.skipped = skipped
        index = ReplacementIndex(entries)
    }

    /// One file of a folder as listed: every entry but folders (a symbolic link
    /// counts as what it points to).
    package struct ListedFile {
        /// The file name.
        package let name: String
        /// The file.
        package let url: URL
        /// What `stat` said when it was listed.
        package let status: POSIX.FileStatus
        /// The name without its extension: the asset name it stands for.
        package var stem: String { AssetFileName.stem(ofFileNamed: name) }
    }

    /// The files of the folder at `url`, sorted by name: the one listing of a
    /// replacement folder, for this type and for ``FolderAssetSource``.
    package static func files(in url: URL) throws(Problem) -> [ListedFile] {
        let names: [String]
        do {
            names = try FileManager.default.contentsOfDirectory(atPath: url.path).sorted()
        } catch {
            throw .unreadable(path: url.path, reason: FileSystemErrorText.reason(error))
        }
        return names.compactMap { name in
            let file = url.appendingPathComponent(name)
            guard let status = POSIX.FileStatus(following: file.path), status.kind != .directory else { return nil }
            return ListedFile(name: name, url: file, status: status)
        }
    }

    /// The rule that one asset has one file: the first claim of a (type, name)
    /// holds, a second is ``Problem/twoFiles(first:second:type:name:)``.
    package struct OneFilePerAsset {
        private var claimed: [AssetNameKey: String] = [:]

        package init() {}

        /// Claims the asset `name` of `type` for the file at `path`.
        package mutating func claim(type: AssetType, name: String, path: String) throws(Problem) {
            if let earlier = claimed.updateValue(path, forKey: AssetNameKey(type: type, name: name)) {
                throw .twoFiles(first: earlier, second: path, type: type, name: name)
            }
        }
    }

    /// The format of the file at `url` from its first bytes; an empty file, a
    /// folder, a FIFO or device, a missing or unreadable file is an error saying which.
    public static func format(ofFileAt url: URL) throws(RivEditError) -> ContentFormat {
        ContentFormat(sniffing: try ReplacementHead.read(url.path))
    }

    /// The bytes of the replacement file at `url` for the asset `name` of `type`
    /// (mapped, not copied), refused when it cannot be read or, unless
    /// `skipChecks`, when its format is not one Rive's runtimes decode for the
    /// type: the check `RivEditor` makes when it embeds a file.
    public static func replacementBytes(at url: URL, type: AssetType, name: String, skipChecks: Bool = false) throws(RivEditError) -> Data {
        let format = try format(ofFileAt: url)
        guard skipChecks || type.acceptedFormats?.contains(format) == true else {
            throw .unsupportedFormat(uniqueName: name, type: type, detected: format, accepted: type.acceptedFormats ?? [])
        }
        do {
            return try Data(contentsOf: url, options: .alwaysMapped)
        } catch {
            throw .unreadableReplacement(path: url.path, reason: FileSystemErrorText.reason(error))
        }
    }
}

extension AssetFolder.Entry: ReplacementRule {
    /// Never: a file's name is one asset's name whatever characters it holds.
    package var isPattern: Bool { false }
}
