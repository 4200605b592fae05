import Foundation
import RivFormat

/// The replacement files of one ``ReplaceRequest``, by type and unique name: a
/// folder's files first, then the named ones, which win. Only the first bytes of
/// each file are read here (to learn a folder file's type and to check that every
/// file can be read); the bytes themselves are streamed into each output when it
/// is written, so a replacement of any size costs no memory.
struct ReplacementSet: Sendable {
    /// What one replacement is for.
    struct Key: Hashable, Sendable {
        let type: AssetType
        let name: String
    }

    private(set) var files: [Key: URL] = [:]

    init(_ request: ReplaceRequest) throws(RequestError) {
        if let folder = request.replacementFolder { try addFolder(folder) }
        for replacement in request.replacements {
            _ = try Self.head(of: replacement.path)
            files[Key(type: replacement.type, name: replacement.name)] = LiteralPath.url(replacement.path)
        }
    }

    /// The file replacing `asset`, if any. Only images, fonts and audio are replaced.
    func file(for asset: FileAsset) -> URL? {
        switch asset.type {
        case .image, .font, .audio: files[Key(type: asset.type, name: asset.uniqueName)]
        case .unknown: nil
        }
    }

    /// The replacements in `keys`' complement, as `type name`, sorted by type, then name.
    func unmatched(besides matched: Set<Key>) -> [String] {
        files.keys.filter { !matched.contains($0) }
            .sorted { ($0.type.description, $0.name) < ($1.type.description, $1.name) }
            .map { "\($0.type) \($0.name)" }
    }

    /// Adds every regular file of `folder` under its name without extension, in the
    /// namespace its content's format belongs to.
    private mutating func addFolder(_ folder: String) throws(RequestError) {
        let names: [String]
        do {
            names = try FileManager.default.contentsOfDirectory(atPath: folder).sorted()
        } catch {
            throw RequestError("cannot read the folder \(folder): \(error.localizedDescription)")
        }
        for name in names where !name.hasPrefix(".") {
            let url = LiteralPath.url(folder).appendingPathComponent(name)
            var isFolder: ObjCBool = false
            guard FileManager.default.fileExists(atPath: url.path, isDirectory: &isFolder), !isFolder.boolValue else { continue }
            let format = ContentFormat(sniffing: try Self.head(of: url.path))
            guard let type = [AssetType.image, .font, .audio].first(where: { $0.acceptedFormats?.contains(format) == true }) else {
                throw RequestError("\(url.path): not an image, font or audio file this tool recognises (PNG, JPEG, WebP, TTF, OTF, WAV, MP3, FLAC, Ogg)")
            }
            files[Key(type: type, name: url.deletingPathExtension().lastPathComponent)] = url
        }
    }

    /// The first 16 bytes of the file at `path` (enough to tell its format); an
    /// empty file, a folder, a pipe or device, a missing or unreadable file is refused.
    private static func head(of path: String) throws(RequestError) -> [UInt8] {
        switch POSIX.head(ofFileAt: path, count: 16) {
        case .success(let bytes):
            guard !bytes.isEmpty else { throw RequestError("cannot use \(path): it is empty") }
            return bytes
        case .failure(let problem):
            throw RequestError("cannot use \(path): \(problem)")
        }
    }
}
