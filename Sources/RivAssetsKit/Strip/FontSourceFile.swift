import Foundation
import RivFormat

/// An original font file given to ``AssetOperations/strip(_:)``
/// (`--font-source`): the whole font the files' cut-down copies were made
/// from, written (subset with ``StripRequest/subsetsFonts``) for every copy it
/// stands for instead of them, which is exact where merging copies is not.
public struct FontSourceFile: Sendable, Hashable {
    /// The font file, or a folder whose `.ttf`, `.otf` and `.ttc` files are each a source.
    public var path: String
    /// The unique name it stands for (`NAME=FILE`); nil to match it to every
    /// embedded font whose family and style names (the `name` table) are its own.
    public var uniqueName: String?

    /// A source at `path`, for `uniqueName` or matched by its names.
    public init(path: String, uniqueName: String? = nil) {
        self.path = path
        self.uniqueName = uniqueName
    }

    /// The largest font file read as a source.
    static let byteLimit = 64 << 20

    /// One source font, read.
    struct Loaded {
        var path: String
        var uniqueName: String?
        var names: FontNames?
        var bytes: [UInt8]
    }

    /// Every source font of `sources` read, folders expanded (in name order);
    /// throws when a file cannot be read or is no font, or when two files
    /// without a unique name have one family and style (which stands for it is unclear).
    static func load(_ sources: [FontSourceFile]) throws(RequestError) -> [Loaded] {
        var loaded: [Loaded] = []
        for source in sources {
            var isFolder: ObjCBool = false
            guard FileManager.default.fileExists(atPath: source.path, isDirectory: &isFolder) else {
                throw RequestError(.replacementUnusable, "\(RequestField.fontSources) \(source.path): no such file or folder")
            }
            let files = isFolder.boolValue
                ? ((try? FileManager.default.contentsOfDirectory(atPath: source.path)) ?? [])
                    .filter { ["ttf", "otf", "ttc"].contains(URL(fileURLWithPath: $0).pathExtension.lowercased()) }.sorted()
                    .map { URL(fileURLWithPath: source.path).appendingPathComponent($0).path }
                : [source.path]
            if isFolder.boolValue, files.isEmpty {
                throw RequestError(.replacementUnusable, "\(RequestField.fontSources) \(source.path): the folder holds no .ttf, .otf or .ttc file")
            }
            for file in files {
                let size = (try? FileManager.default.attributesOfItem(atPath: file)[.size] as? Int) ?? nil
                guard let size, size <= byteLimit, let data = FileManager.default.contents(atPath: file) else {
                    throw RequestError(.replacementUnusable, "\(RequestField.fontSources) \(file): cannot be read (or is over \(byteLimit >> 20) MiB)")
                }
                let bytes = [UInt8](data)
                let names = FontNames(fontFile: bytes)
                guard source.uniqueName != nil || names != nil else {
                    throw RequestError(.replacementUnusable, "\(RequestField.fontSources) \(file): no font with family and style names (give \(RequestField.fontSourceName) to name its asset)")
                }
                if source.uniqueName == nil, let twin = loaded.first(where: { $0.uniqueName == nil && $0.names == names }) {
                    throw RequestError(.replacementUnusable, "\(RequestField.fontSources): \(twin.path) and \(file) are both \(names!); "
                        + "give one, or \(RequestField.fontSourceName) to say which asset each stands for")
                }
                loaded.append(Loaded(path: file, uniqueName: source.uniqueName, names: names, bytes: bytes))
            }
        }
        return loaded
    }
}
