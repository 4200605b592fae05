import Foundation
import RivFormat

/// Reads replacement files into an ``RivFormat/AssetRegistry``.
enum ReplacementLoader {
    /// Registers every regular file of `folder` under its name without extension,
    /// in the namespace its content belongs to.
    static func loadFolder(_ folder: String, into registry: AssetRegistry) throws(RequestError) {
        let names: [String]
        do {
            names = try FileManager.default.contentsOfDirectory(atPath: folder).sorted()
        } catch {
            throw RequestError("cannot read the folder \(folder): \(error.localizedDescription)")
        }
        for name in names where !name.hasPrefix(".") {
            let url = URL(fileURLWithPath: folder).appendingPathComponent(name)
            var isFolder: ObjCBool = false
            guard FileManager.default.fileExists(atPath: url.path, isDirectory: &isFolder), !isFolder.boolValue else { continue }
            let bytes = try read(url.path)
            guard let type = type(of: bytes) else {
                throw RequestError("\(url.path): not an image, font or audio file this tool recognises (PNG, JPEG, WebP, TTF, OTF, WAV, MP3, FLAC, Ogg)")
            }
            register(bytes, name: url.deletingPathExtension().lastPathComponent, type: type, in: registry)
        }
    }

    /// Registers one named replacement.
    static func load(_ replacement: ReplaceRequest.Replacement, into registry: AssetRegistry) throws(RequestError) {
        register(try read(replacement.path), name: replacement.name, type: replacement.type, in: registry)
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

    private static func read(_ path: String) throws(RequestError) -> Data {
        do {
            return try Data(contentsOf: URL(fileURLWithPath: path), options: .alwaysMapped)
        } catch {
            throw RequestError("cannot read \(path): \(error.localizedDescription)")
        }
    }
}
