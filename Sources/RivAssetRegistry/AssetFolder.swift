import Foundation
import RivFormat
import RivSupport

/// A folder of replacement files, as `riv-assets replace --assets DIR` and
/// ``AssetRegistry/addGlobalAssets(inFolder:maximumFileSize:)`` read it: every regular file whose
/// content is an image, font or audio format counts under its name without
/// extension (`logo-12.png` for the image `logo-12`), in the namespace of its
/// format, and replaces the asset whose unique name it spells verbatim or in the
/// encoded form of `AssetFileName` (`a%2Fb-3.png` for `a/b-3`). Subfolders are
/// ignored; other files are skipped, hidden ones (`.DS_Store`) and the manifest without a word.
///
/// A folder that `strip` or `extract` wrote with a manifest (``AssetManifest``:
/// `--dedupe`, `--prefer per-file`, `--layout android`) is read through it too: a
/// file also counts under every unique name its entry serves (`inter_102112.ttf`
/// for `Inter-102112`). A name served by several files, each for other inputs
/// (the `uniqueName@INPUT.ext` copies of `--prefer per-file`), is the file of
/// the inputs it lists only (``entry(for:type:input:)``), never a global one.
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
        /// The file names of the inputs whose copy it is, when the folder's
        /// manifest gives this name several files for other inputs; empty for a
        /// file that serves every input.
        public let inputs: [String]

        init(type: AssetType, name: String, url: URL, format: ContentFormat, inputs: [String] = []) {
            self.type = type
            self.name = name
            self.url = url
            self.format = format
            self.inputs = inputs
        }

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
        /// The folder's manifest (``AssetManifest``) cannot be used: what was read, and why.
        case badManifest(path: String, reason: String)

        /// One sentence.
        public var description: String {
            switch self {
            case .unreadable(let path, let reason): "cannot read the folder \(path): \(reason)"
            case .unreadableFile(let path, let reason): "cannot use \(path): \(reason)"
            case .twoFiles(let first, let second, let type, let name): "\(first) and \(second) would both replace the \(type) \(name); keep one"
            case .tooLarge(let path, let size, let limit):
                "\(path) holds \(size) bytes, over the limit of \(limit) bytes for one replacement file; remove it or raise the limit"
            case .badManifest(let path, let reason): "cannot use the manifest \(path): \(reason)"
            }
        }
    }

    /// The replacement files, sorted by file name, then the names the manifest
    /// gives them (a file may be listed under several names).
    public let entries: [Entry]
    /// The files the manifest gives for some inputs only (``Entry/inputs``).
    public let perInputEntries: [Entry]
    private let index: ReplacementIndex
    /// The positions in ``perInputEntries`` of each (type, name).
    private let perInputIndex: [AssetNameKey: [Int]]

    /// The file for the asset `uniqueName` of `type`: the one that spells it
    /// verbatim, else the one in the encoded form, else the one the manifest
    /// names for it; nil when there is none.
    public func entry(for uniqueName: String, type: AssetType) -> Entry? {
        index.best(uniqueName, type: type).map { entries[$0] }
    }

    /// The file for the asset `uniqueName` of `type` of the input at `input`:
    /// the file the manifest gives that input's copy (matched by the input's file
    /// name), else ``entry(for:type:)``.
    public func entry(for uniqueName: String, type: AssetType, input: String) -> Entry? {
        let inputName = URL(fileURLWithPath: input).lastPathComponent
        return perInputIndex[AssetNameKey(type: type, name: uniqueName)]?.lazy.map { perInputEntries[$0] }.first { $0.inputs.contains(inputName) }
            ?? entry(for: uniqueName, type: type)
    }
    /// The file for the asset `uniqueName` of `type` of the input at `input`
    /// (``entry(for:type:input:)``), else the file named by its Android spelling
    /// (`kenia_37286.ttf` for `Kenia-37286`, a folder of `strip --layout android`
    /// without its manifest) when no other name `spelling` asks for is spelled the same.
    package func entry(for uniqueName: String, type: AssetType, input: String, spelling: AndroidSpelling) -> Entry? {
        entry(for: uniqueName, type: type, input: input)
            ?? spelling.stem(of: uniqueName, type: type).flatMap { index.best($0, type: type) }.map { entries[$0] }
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
                if !file.name.hasPrefix("."), !AssetManifest.fileNames.contains(file.name) { skipped.append(file.name) }
                continue
            }
            guard file.status.size <= maximumFileSize else { throw .tooLarge(path: file.url.path, size: file.status.size, limit: maximumFileSize) }
            try slots.claim(type: type, name: file.stem, path: file.url.path)
            entries.append(Entry(type: type, name: file.stem, url: file.url, format: format))
        }
        let served = try Self.manifestNames(in: url)
        // By file name, so that a manifest of many entries costs one lookup each.
        let byFileName = Dictionary(entries.map { ($0.url.lastPathComponent, $0) }) { first, _ in first }
        var perInput: [Entry] = []
        for (fileName, names) in served.global {
            guard let file = byFileName[fileName] else { continue }
            for name in names where name != file.name {
                try slots.claim(type: file.type, name: name, path: file.url.path)
                entries.append(Entry(type: file.type, name: name, url: file.url, format: file.format))
            }
        }
        for copy in served.perInput {
            guard let file = byFileName[copy.file] else { continue }
            perInput.append(Entry(type: file.type, name: copy.name, url: file.url, format: file.format, inputs: copy.inputs))
        }
        self.entries = entries
        perInputEntries = perInput
        perInputIndex = Dictionary(grouping: perInput.indices) { AssetNameKey(type: perInput[$0].type, name: perInput[$0].name) }
        self.skipped = skipped
        index = ReplacementIndex(entries)
    }

    /// What the folder's manifests say: for each file, the unique names it
    /// serves for every input, and the names served by several files, each for
    /// the inputs it lists (file names). The one reading of a manifest for this
    /// type and ``FolderAssetSource``.
    package static func manifestNames(in url: URL) throws(Problem) -> (global: [(file: String, names: [String])],
                                                                      perInput: [(name: String, file: String, inputs: [String])]) {
        let entries = try AssetManifest.read(in: url).flatMap(\.manifest.files)
        var filesOfName: [String: Set<String>] = [:]
        for entry in entries {
            for name in entry.assets { filesOfName[name, default: []].insert(entry.file) }
        }
        var global: [(file: String, names: [String])] = []
        var perInput: [(name: String, file: String, inputs: [String])] = []
        for entry in entries {
            let (shared, scoped) = (entry.assets.filter { filesOfName[$0]!.count == 1 }, entry.assets.filter { filesOfName[$0]!.count > 1 })
            global.append((entry.file, shared))
            let inputs = entry.inputs.map { URL(fileURLWithPath: $0).lastPathComponent }
            perInput += scoped.map { (name: $0, file: entry.file, inputs: inputs) }
        }
        return (global, perInput)
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
