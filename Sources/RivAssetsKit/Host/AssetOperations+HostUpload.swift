import Foundation
import RivFormat
import RivHostedAssets
import RivSupport

extension AssetOperations {
    /// Hosts as ``host(_:)`` does, then uploads every upload of the run through
    /// the app's transport (`fetcher`, `HostedAssetFetcher.upload(_:contentType:uuid:baseURL:type:)`)
    /// under the uuid each file now stores, and, when `deletingUnused`, deletes
    /// the uploads no hosted file uses any more.
    ///
    /// The upload folder stays the run's record: its files are what is uploaded
    /// (each distinct uuid once, with the content type the manifest gives it,
    /// to the request's base URL, through the fetcher's retries and bounds), and
    /// its manifest says which uuids files use. An unused upload is one whose
    /// manifest entry has no use left (a file hosted again with other bytes gave
    /// it up); it is deleted through the transport (when `fetcher` is given),
    /// then from the folder and the manifest, holding the folder's lock. Every
    /// call is safe to repeat: a run again uploads the same uuids again.
    ///
    /// The rewritten files are written before their uploads are sent: an upload
    /// the transport refuses is named in ``HostReport/transportFailures`` (the
    /// run fails), and a run again sends it. A dry run sends nothing and lists
    /// in ``HostReport/deletedUploads`` what it would delete.
    ///
    /// - Throws: ``RequestError`` when the request is refused (as ``host(_:)``
    ///   does); `CancellationError` when the calling task is cancelled while
    ///   uploads or deletions are made (the transport's call is cancelled too).
    public static func host(_ request: HostRequest, uploadingThrough fetcher: HostedAssetFetcher?,
                            deletingUnused: Bool = false) async throws -> HostReport {
        var report = try host(request)
        let folder = LiteralPath.kernelURL(request.uploadFolder)
        if let fetcher, !request.dryRun {
            var sent = Set<String>()
            for file in report.files where file.status != .failed {
                for entry in file.detail?.hosted ?? [] where sent.insert(entry.uuid).inserted {
                    do {
                        let bytes = try Data(contentsOf: URL(fileURLWithPath: entry.file), options: .alwaysMapped)
                        try await fetcher.upload(bytes, contentType: UploadManifest.contentType(of: ContentFormat(rawValue: entry.format), for: entry.type),
                                                 uuid: entry.uuid, baseURL: request.baseURL, type: entry.type)
                        report.uploaded.append(entry.uuid)
                    } catch is CancellationError {
                        throw CancellationError()
                    } catch {
                        report.transportFailures.append(InputFailure(path: entry.file, message: "cannot be uploaded: \(error)"))
                    }
                }
            }
        }
        guard deletingUnused else { return report }
        let outcome = try await UnusedUploads.delete(in: folder, dryRun: request.dryRun) { uuid in
            try await fetcher?.delete(uuid: uuid, baseURL: request.baseURL)
        }
        report.deletedUploads = outcome.deleted
        report.transportFailures += outcome.failures
        return report
    }
}
