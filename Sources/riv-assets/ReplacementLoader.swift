import Foundation
import RivFormat

/// Reads replacement files into an ``AssetRegistry``.
enum ReplacementLoader {
    /// Registers every regular file of `folder` under its name without extension,
    /// in the namespace its content belongs to.
    static func loadFolder(_ folder: String, into registry: AssetRegistry) throws(UsageError) {
        let names: [String]
        do {
            names = try FileManager.default.contentsOfDirectory(atPath: folder).sorted()
        } catch {
            throw UsageError("cannot read the folder \(folder): \(error.localizedDescription)")
        }
        for name in names where !name.hasPrefix(".") {
            let url = URL(fileURLWithPath: folder).appendingPathComponent(name)
            var isFolder: ObjCBool = false
            guard FileManager.default.fileExists(atPath: url.path, isDirectory: &isFolder), !isFolder.boolValue else { continue }
            let bytes = try read(url.path)
            guard let type = type(of: bytes) else {
                throw UsageError("\(url.path): not an image, font or audio file this tool recognises (PNG, JPEG, WebP, TTF, OTF, WAV, MP3, FLAC, Ogg)")
            }
            register(bytes, name: url.deletingPathExtension().lastPathComponent, type: type, in: registry)
        }
    }

    /// Registers `NAME=PATH` as a replacement of the given type.
    static func load(_ pair: String, as type: AssetType, into registry: AssetRegistry) throws(UsageError) {
        guard let equals = pair.firstIndex(of: "="), equals != pair.startIndex else {
            throw UsageError("expected NAME=PATH, got '\(pair)'")
        }
        let path = String(pair[pair.index(after: equals)...])
        register(try read(path), name: String(pair[..<equals]), type: type, in: registry)
    }

    private static func register(_ bytes: Data, name: String, type: AssetType, in registry: AssetRegistry) {
        switch type {
        case .image: registry.addGlobalImageAsset(bytes, name: name)
        case .font: registry.addGlobalFontAsset(bytes, name: name)
        case .audio: registry.addGlobalAudioAsset(bytes, name: name)
        case .unknown: break
        }
    }

    private static func type(of bytes: Data) -> AssetType? {
        let format = ContentFormat(sniffing: bytes)
        return [AssetType.image, .font, .audio].first { $0.acceptedFormats?.contains(format) == true }
    }

    private static func read(_ path: String) throws(UsageError) -> Data {
        do {
            return try Data(contentsOf: URL(fileURLWithPath: path), options: .alwaysMapped)
        } catch {
            throw UsageError("cannot read \(path): \(error.localizedDescription)")
        }
    }
}
