import Foundation
import RivFormat
import RivAssetRegistry
import RivSupport

/// The replacements of one ``ReplaceRequest`` and the rule that picks the one for
/// an asset. Only the first bytes of each file are read here (to learn a folder
/// file's type and to check that every file can be read); the bytes themselves
/// are streamed into each output when it is written, so a replacement of any size
/// costs no memory.
struct ReplacementSet: Sendable {
    /// One replacement: where it came from, what it matches, and its file.
    struct Entry: Sendable, ReplacementRule {
        let type: AssetType
        let name: String
        let isPattern: Bool
        let file: URL
        let origin: ReplacementUse.Origin
    }

    /// Named replacements in the order given, then the folder's files by name.
    let entries: [Entry]
    /// The named entries (the first `namedCount`) and the folder's, each indexed
    /// by the one matching rule (`ReplacementIndex`).
    private let namedIndex: ReplacementIndex
    private let folderIndex: ReplacementIndex
    private let namedCount: Int
    /// What loading the folder noticed.
    let notes: [String]
    /// What of an asset the names are compared with.
    let matchKey: AssetMatchKey

    init(_ request: ReplaceRequest) throws(RequestError) {
        matchKey = request.matchingByName ? .nameWithoutExtension : .uniqueName
        let named = try Self.namedEntries(of: request)
        let (folder, notes) = try request.replacementFolder.map { folder throws(RequestError) in
            try Self.entries(ofFolder: folder, maximumFileSize: request.maximumFileSize)
        } ?? ([], [])
        entries = named + folder
        namedCount = named.count
        namedIndex = ReplacementIndex(named)
        folderIndex = ReplacementIndex(folder)
        self.notes = notes
    }

    /// The key an asset is matched on.
    func key(of asset: FileAsset) -> String {
        matchKey.key(of: asset)
    }

    /// The replacements that match `asset` (by index in ``entries``): the one that
    /// wins (an exact named one, else the first named pattern, else the folder's
    /// file, as `AssetRegistry` asks its registrations and sources) and the others.
    /// Nil when none matches; only images, fonts and audio are replaced. A
    /// unique name no file of the folder spells verbatim finds the file of its
    /// Android spelling, when `spelling` (the names of the asset's file) gives it alone.
    func match(for asset: FileAsset, spelling: AndroidSpelling) -> (winner: Int, others: [Int])? {
        guard asset.type.isReplaceable else { return nil }
        let key = key(of: asset)
        var folderMatches = folderIndex.matches(key, type: asset.type)
        if folderMatches.isEmpty, matchKey == .uniqueName, let stem = spelling.stem(of: key, type: asset.type) {
            folderMatches = folderIndex.matches(stem, type: asset.type)
        }
        let matching = namedIndex.matches(key, type: asset.type) + folderMatches.map { $0 + namedCount }
        guard let winner = matching.first else { return nil }
        return (winner, Array(matching.dropFirst()))
    }

    /// Every replacement file of `folder` (`AssetFolder`) and a note naming the
    /// files of no image, font or audio format, which are skipped; two files for
    /// one asset are an error naming both.
    private static func entries(ofFolder folder: String, maximumFileSize: Int) throws(RequestError) -> (entries: [Entry], notes: [String]) {
        let contents: AssetFolder
        do {
            contents = try AssetFolder(contentsOf: LiteralPath.url(folder), maximumFileSize: maximumFileSize)
        } catch {
            throw RequestError(.replacementUnusable, error.description, underlying: error)
        }
        let entries = contents.entries.map { Entry(type: $0.type, name: $0.name, isPattern: false, file: $0.url, origin: .folder) }
        let skipped = contents.skipped
        guard !skipped.isEmpty else { return (entries, []) }
        let note = "\(CountedNoun.text(skipped.count, "file")) of \(folder) \(CountedNoun.agreeing(skipped.count, "is", "are")) not an image, "
            + "font or audio file (PNG, JPEG, WebP, TTF, OTF, WAV, MP3, FLAC, Ogg) and replaced nothing: " + skipped.joined(separator: ", ")
        return (entries, [note])
    }

    /// The request's named replacements, each checked before anything is written
    /// (by `replace` and `replace --watch` alike): a file that can be read and is
    /// within the request's size limit. Whether its format suits an asset is
    /// checked when it is embedded into one (`ReplacementPlan`), so a replacement
    /// that matches nothing is reported as such, with a suggestion.
    static func namedEntries(of request: ReplaceRequest) throws(RequestError) -> [Entry] {
        var named: [Entry] = []
        for replacement in request.replacements {
            guard replacement.type.isReplaceable else { throw RequestError(.replacementUnusable, "only images, fonts and audio can be replaced") }
            _ = try head(of: replacement.path)
            try checkSize(of: replacement.path, limit: request.maximumFileSize)
            named.append(Entry(type: replacement.type, name: replacement.name, isPattern: replacement.isPattern,
                               file: LiteralPath.url(replacement.path), origin: .named))
        }
        return named
    }

    /// Refuses the replacement file at `path` when it holds more than `limit` bytes:
    /// the size of what a link names, as a folder's files are measured (a link's own
    /// size would let any file through).
    static func checkSize(of path: String, limit: Int) throws(RequestError) {
        if let size = POSIX.FileStatus(following: path)?.size, size > limit {
            throw RequestError(.replacementUnusable, AssetFolder.Problem.tooLarge(path: path, size: size, limit: limit).description)
        }
    }

    /// The first 16 bytes of the file at `path` (enough to tell its format); an
    /// empty file, a folder, a pipe or device, a missing or unreadable file is refused.
    static func head(of path: String) throws(RequestError) -> [UInt8] {
        do throws(RivEditError) {
            return try ReplacementHead.read(path)
        } catch {
            throw unusable(path, error)
        }
    }

    /// The request error for the replacement at `path` that `error` refused.
    private static func unusable(_ path: String, _ error: RivEditError) -> RequestError {
        let reason = error.code == .unreadableReplacement ? "cannot use \(path): \(error.reason ?? error.description)" : error.description
        return RequestError(.replacementUnusable, reason, underlying: error)
    }
}
