import Foundation
import RivFormat
import RivAssetRegistry

/// The replacements of one ``ReplaceRequest`` and the rule that picks the one for
/// an asset. Only the first bytes of each file are read here (to learn a folder
/// file's type and to check that every file can be read); the bytes themselves
/// are streamed into each output when it is written, so a replacement of any size
/// costs no memory.
struct ReplacementSet: Sendable {
    /// One replacement: where it came from, what it matches, and its file.
    struct Entry: Sendable {
        let type: AssetType
        let name: String
        let isPattern: Bool
        let file: URL
        let origin: ReplacementUse.Origin
    }

    /// Named replacements in the order given, then the folder's files by name.
    private(set) var entries: [Entry] = []
    /// The named entries (the first ones) and the folder's, each indexed by the
    /// one matching rule (`ReplacementIndex`).
    private var namedIndex = ReplacementIndex([])
    private var folderIndex = ReplacementIndex([])
    private var namedCount = 0
    /// What loading the folder noticed.
    private(set) var notes: [String] = []
    /// What of an asset the names are compared with.
    let matchKey: AssetMatchKey

    init(_ request: ReplaceRequest) throws(RequestError) {
        matchKey = request.matchingByName ? .nameWithoutExtension : .uniqueName
        for replacement in request.replacements {
            _ = try Self.head(of: replacement.path)
            try Self.checkSize(of: replacement.path, limit: request.maximumFileSize)
            entries.append(Entry(type: replacement.type, name: replacement.name, isPattern: replacement.isPattern,
                                 file: LiteralPath.url(replacement.path), origin: .named))
        }
        namedCount = entries.count
        if let folder = request.replacementFolder { try addFolder(folder, maximumFileSize: request.maximumFileSize) }
        let rules = entries.map { ReplacementIndex.Rule(type: $0.type, name: $0.name, isPattern: $0.isPattern) }
        namedIndex = ReplacementIndex(rules[..<namedCount])
        folderIndex = ReplacementIndex(rules[namedCount...])
    }

    /// The key an asset is matched on.
    func key(of asset: FileAsset) -> String {
        matchKey.key(of: asset)
    }

    /// The replacements that match `asset` (by index in ``entries``): the one that
    /// wins (an exact named one, else the first named pattern, else the folder's
    /// file, as `AssetRegistry` asks its registrations and sources) and the others.
    /// Nil when none matches; only images, fonts and audio are replaced.
    func match(for asset: FileAsset) -> (winner: Int, others: [Int])? {
        guard asset.type.isReplaceable else { return nil }
        let key = key(of: asset)
        let matching = namedIndex.matches(key, type: asset.type) + folderIndex.matches(key, type: asset.type).map { $0 + namedCount }
        guard let winner = matching.first else { return nil }
        return (winner, Array(matching.dropFirst()))
    }

    /// Adds every replacement file of `folder` (`AssetFolder`); files of
    /// no image, font or audio format are skipped with a note, and two files for
    /// one asset are an error naming both.
    private mutating func addFolder(_ folder: String, maximumFileSize: Int) throws(RequestError) {
        let contents: AssetFolder
        do {
            contents = try AssetFolder(contentsOf: LiteralPath.url(folder), maximumFileSize: maximumFileSize)
        } catch {
            throw RequestError(error.description)
        }
        for entry in contents.entries {
            entries.append(Entry(type: entry.type, name: entry.name, isPattern: false, file: entry.url, origin: .folder))
        }
        let skipped = contents.skipped
        if !skipped.isEmpty {
            notes.append("\(skipped.count) file\(skipped.count == 1 ? "" : "s") of \(folder) \(skipped.count == 1 ? "is" : "are") not an image, "
                + "font or audio file (PNG, JPEG, WebP, TTF, OTF, WAV, MP3, FLAC, Ogg) and replaced nothing: " + skipped.joined(separator: ", "))
        }
    }

    /// Refuses the replacement file at `path` when it holds more than `limit` bytes.
    static func checkSize(of path: String, limit: Int) throws(RequestError) {
        if let size = (try? FileManager.default.attributesOfItem(atPath: path))?[.size] as? Int, size > limit {
            throw RequestError(AssetFolder.Problem.tooLarge(path: path, size: size, limit: limit).description)
        }
    }

    /// The first 16 bytes of the file at `path` (enough to tell its format); an
    /// empty file, a folder, a pipe or device, a missing or unreadable file is refused.
    static func head(of path: String) throws(RequestError) -> [UInt8] {
        switch POSIX.head(ofFileAt: path, count: 16) {
        case .success(let bytes):
            guard !bytes.isEmpty else { throw RequestError("cannot use \(path): it is empty") }
            return bytes
        case .failure(let problem):
            throw RequestError("cannot use \(path): \(problem)")
        }
    }
}
