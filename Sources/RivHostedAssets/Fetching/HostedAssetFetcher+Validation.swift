import Foundation
import RivFormat

extension HostedAssetFetcher {
    /// Judges a received 2xx body and stores it: the failure when it is not good.
    /// The body's file, if any, is the cache's afterwards or removed.
    func store(_ received: ReceivedResponse, for request: HostedAssetRequest,
               attempts: Int) -> Result<HostedAssetFetch, AttemptFailure> {
        defer { received.body.remove() }
        let response = received.response
        let byteCount: Int
        let format: ContentFormat
        let head: Data
        var digest: FileDigest?
        switch received.body {
        case .data(let data):
            byteCount = data.count
            head = data.prefix(16)
            format = ContentFormat(sniffing: head)
        case .file(let url):
            digest = FileDigest(ofFileAt: url)
            guard let digest else { return .failure(AttemptFailure(cause: .cache("the downloaded file \(url.path) cannot be read"))) }
            byteCount = digest.record.size
            head = digest.head
            format = digest.format
        }
        // A declared length is the length of the encoded body: only an unencoded one can be compared.
        if let length = response.header("Content-Length")?.trimmingCharacters(in: .whitespaces) {
            guard let declared = ByteBudget.declaredLength(length) else {
                return .failure(AttemptFailure(cause: .malformedResponse("Content-Length is no number: \(HTTPRequestHead.shown(length))")))
            }
            if ByteBudget.isUnencoded(response), declared != byteCount {
                return .failure(AttemptFailure(cause: .lengthMismatch(expected: declared, received: byteCount)))
            }
        }
        if let accepted = request.type.acceptedFormats, !accepted.contains(format) {
            return .failure(AttemptFailure(cause: .unsupportedFormat(detected: format, accepted: accepted)))
        }
        if request.type.acceptedFormats == nil, let foreign = Self.foreignFormat(format, head: head) {
            return .failure(AttemptFailure(cause: .unsupportedFormat(detected: foreign, accepted: [])))
        }
        if Self.imageFormats.contains(format) {
            let size = switch received.body {
            case .data(let data): PixelSize(imageData: data)
            case .file(let url): PixelSize(contentsOf: url)
            }
            if size == nil { return .failure(AttemptFailure(cause: .unreadableImageHeader(format))) }
        }
        guard let key = request.cacheKey else { return .failure(AttemptFailure(cause: .invalidURL(request.url.absoluteString))) }
        do throws(HostedAssetCacheError) {
            switch received.body {
            case .data(let data): try cache.store(data, for: key)
            case .file(let url): try cache.store(movingFileAt: url, for: key, record: digest!.record)
            }
        } catch {
            return .failure(AttemptFailure(cause: .cache(error.description)))
        }
        return .success(HostedAssetFetch(uniqueName: request.uniqueName, key: key, url: request.url.absoluteString,
                                         source: .downloaded, file: cache.file(for: key), byteCount: byteCount, format: format,
                                         attempts: attempts))
    }

    /// For a kind without a list of formats (scripts, script modules, shaders,
    /// blobs, manifests): the format of bytes that are plainly something else, a
    /// picture, font, clip or Rive file, or markup such as an HTML error page
    /// (reported as unknown); nil when they may be what the kind holds.
    static func foreignFormat(_ format: ContentFormat, head: Data) -> ContentFormat? {
        let foreign: [ContentFormat] = [.png, .jpeg, .webp, .gif, .ttf, .otf, .ttc, .woff, .woff2, .wav, .mp3, .flac, .ogg, .riv]
        if foreign.contains(format) { return format }
        let text = head.drop { [0x20, 0x09, 0x0A, 0x0D, 0xEF, 0xBB, 0xBF].contains($0) }
        return text.first == UInt8(ascii: "<") ? .unknown : nil
    }

    /// The image formats whose header (``PixelSize``) a body must hold whole to be stored.
    static let imageFormats: [ContentFormat] = [.png, .jpeg, .webp]
}
