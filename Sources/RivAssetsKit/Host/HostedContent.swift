import Foundation
import RivFormat
import RivSupport

/// The bytes one asset is hosted with: embedded in its file, or a file of the
/// request's assets folder for a referenced asset.
struct HostedContent {
    private enum Source {
        case embedded(FileAsset)
        case file(URL, Data)
    }

    /// The number of bytes.
    let byteCount: Int
    /// The package's content hash of the bytes.
    let contentHash: UInt64
    /// The format detected from the first bytes.
    let format: ContentFormat
    private let source: Source

    /// The embedded bytes of `asset`.
    init(embeddedIn asset: FileAsset) {
        byteCount = asset.embeddedByteCount
        contentHash = asset.contentHash
        format = asset.detectedFormat ?? .unknown
        source = .embedded(asset)
    }

    /// The bytes of the file at `url` (mapped, not copied).
    init(fileAt url: URL) throws(RivEditError) {
        let data: Data
        do {
            data = try Data(contentsOf: url, options: .alwaysMapped)
        } catch {
            throw .unreadableReplacement(path: url.path, reason: FileSystemErrorText.reason(error))
        }
        byteCount = data.count
        contentHash = data.withUnsafeBytes { XXH64.hash($0) }
        format = ContentFormat(sniffing: data.prefix(16))
        source = .file(url, data)
    }

    /// Writes the bytes to `url` through the package's writer; an existing file is never replaced.
    func write(to url: URL) throws(RivEditError) {
        switch source {
        case .embedded(let asset): try asset.writeEmbeddedBytes(to: url, replacing: false)
        case .file(let source, _): try AtomicFile.copy(from: source, to: url, replacing: false)
        }
    }

    /// Whether the file at `path` holds exactly these bytes.
    func isHeld(byFileAt path: String) -> Bool {
        switch source {
        case .embedded(let asset): RunWrites.file(atPath: path, holdsBytesOf: asset)
        case .file(_, let data): data.withUnsafeBytes { RunWrites.file(atPath: path, holds: $0) }
        }
    }
}
