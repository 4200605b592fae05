import Foundation
import RivSupport

/// The size in pixels of an embedded image, read from its own header: PNG's
/// `IHDR`, JPEG's start-of-frame marker, WebP's `VP8 `, `VP8L` or `VP8X` chunk.
/// Beside the width and height the file stores, it tells whether the picture
/// still has the shape the design expects.
public struct PixelSize: Sendable, Hashable, Codable, CustomStringConvertible {
    /// Pixels across.
    public var width: Int
    /// Pixels down.
    public var height: Int

    /// A size of `width` by `height` pixels.
    public init(width: Int, height: Int) {
        self.width = width
        self.height = height
    }

    /// `1600×900 px`.
    public var description: String { "\(width)×\(height) px" }

    /// How much wider than high, or nil for an empty image.
    public var aspectRatio: Double? { height > 0 ? Double(width) / Double(height) : nil }

    /// The size of the PNG, JPEG or WebP image in the file at `url`, read from its
    /// header; nil when the file cannot be read or is no such image.
    public init?(contentsOf url: URL) {
        guard let storage = try? ByteStorage.open(path: url.path) else { return nil }
        let reader = EmbeddedBytesReader(storage: storage, range: 0..<storage.count)
        guard let size = Self.read(reader, format: ContentFormat(sniffing: storage.prefix(16))) else { return nil }
        self = size
    }

    /// The size of the PNG, JPEG or WebP image `data` holds, read from its
    /// header; nil when it is no such image, or its header is cut short or not sound.
    public init?(imageData data: Data) {
        let storage = ByteStorage(copying: data)
        guard let size = Self.read(EmbeddedBytesReader(storage: storage, range: 0..<storage.count),
                                   format: ContentFormat(sniffing: data.prefix(16))) else { return nil }
        self = size
    }

    /// The size of an image of `format`, or nil when the header is not there or not sound.
    static func read(_ reader: EmbeddedBytesReader, format: ContentFormat) -> PixelSize? {
        switch format {
        case .png: png(reader)
        case .jpeg: jpeg(reader)
        case .webp: webp(reader)
        default: nil
        }
    }

    /// `IHDR` is the first chunk, its 13 bytes read by ``PNGHeaderFields`` (whose
    /// values are taken as stored, not checked).
    private static func png(_ reader: EmbeddedBytesReader) -> PixelSize? {
        let type = PNGHeaderFields.chunkType
        guard let chunk = reader.bytes(at: PNGHeaderFields.typeOffset, count: type.count + PNGHeaderFields.byteCount),
              chunk.starts(with: type), let fields = PNGHeaderFields(chunkData: chunk.dropFirst(type.count)) else { return nil }
        return PixelSize(width: fields.width, height: fields.height)
    }

    /// Walks the markers from the start of the image to the first start-of-frame,
    /// whose fields ``JPEGFrameHeaderFields`` reads (taken as stored, not checked).
    private static func jpeg(_ reader: EmbeddedBytesReader) -> PixelSize? {
        var offset = 2
        for _ in 0..<512 {
            guard let marker = reader.bytes(at: offset, count: 4), marker[0] == 0xFF else { return nil }
            let kind = marker[1]
            if kind == 0xFF { offset += 1; continue }
            if JPEGFrameHeaderFields.standsAlone(kind) { offset += 2; continue }
            let length = marker.bigEndian(at: 2, width: 2)
            if JPEGFrameHeaderFields.isFrame(kind) {
                guard let data = reader.bytes(at: offset + 4, count: JPEGFrameHeaderFields.fixedByteCount),
                      let fields = JPEGFrameHeaderFields(segmentData: data) else { return nil }
                return PixelSize(width: fields.width, height: fields.height)
            }
            guard length >= 2, kind != 0xDA, kind != 0xD9 else { return nil }
            offset += 2 + length
        }
        return nil
    }

    /// The first chunk after `RIFF....WEBP`, its header read by ``WebPHeaderFields``:
    /// lossy (`VP8 `, with its start code), lossless (`VP8L`, with its signature) or
    /// extended (`VP8X`, the canvas).
    private static func webp(_ reader: EmbeddedBytesReader) -> PixelSize? {
        guard let chunk = reader.bytes(at: 12, count: 18) else { return nil }
        let data = chunk[8...]
        switch String(decoding: chunk[0..<4], as: UTF8.self) {
        case "VP8 ":
            guard let header = WebPHeaderFields.Lossy(chunkData: data), header.hasStartCode else { return nil }
            return PixelSize(width: header.width, height: header.height)
        case "VP8L":
            guard let header = WebPHeaderFields.Lossless(chunkData: data), header.hasSignature else { return nil }
            return PixelSize(width: header.width, height: header.height)
        case "VP8X":
            return WebPHeaderFields.Extended(chunkData: data).map { PixelSize(width: $0.width, height: $0.height) }
        default:
            return nil
        }
    }
}
