import Foundation
import RivFormat
import RivHostedAssets
import RivSupport

extension AssetOperations {
    /// Hosts as ``host(_:)`` does, uploading every upload through the app's
    /// transport (`fetcher`, `HostedAssetFetcher.upload(_:contentType:uuid:baseURL:type:)`)
    /// under the uuid each file now stores before the file is written, and,
    /// when `deletingUnused`, deletes the uploads no hosted file uses any more.
    ///
    /// The upload folder stays the run's record: its files are what is uploaded
    /// (each distinct uuid once per run, with the content type the manifest
    /// gives it, to the request's base URL, through the fetcher's retries and
    /// bounds), and its manifest says which uuids files use. Each input's
    /// uploads are sent after its edits and before its `.riv` is written: an
    /// upload the transport refuses fails the input (nothing written for it,
    /// its new upload files removed), so no file is written that names bytes the
    /// service lacks. Every call is safe to repeat: a run again uploads the same
    /// uuids again.
    ///
    /// An unused upload is one whose manifest entry has no use left (a file
    /// hosted again with other bytes gave it up); it is deleted through the
    /// transport (when `fetcher` is given), then from the folder and the
    /// manifest, holding the folder's lock. A dry run sends nothing and lists in
    /// ``HostResult/deletedUploads`` the entries without a use.
    ///
    /// - Throws: ``RequestError`` when the request is refused (as ``host(_:)``
    ///   does); `CancellationError` when the calling task is cancelled while
    ///   uploads or deletions are made (the transport's call is cancelled too;
    ///   the input being uploaded is not written, the manifest is for those that were).
    public static func host(_ request: HostRequest, uploadingThrough fetcher: HostedAssetFetcher?,
                            deletingUnused: Bool = false) async throws -> HostResult {
        var run = try HostRun(request)
        var sent = Set<String>()
        for input in run.inputs {
            switch run.prepare(input) {
            case .done(let outcome):
                run.result.files.append(outcome)
            case .ready(let prepared):
                guard let fetcher, !request.rewrite.dryRun else {
                    run.result.files.append(run.finish(prepared))
                    continue
                }
                do {
                    for (entry, _, type) in prepared.hosted where !sent.contains(entry.uuid) {
                        let bytes = try Data(contentsOf: URL(fileURLWithPath: entry.file), options: .alwaysMapped)
                        try await fetcher.upload(bytes, contentType: UploadManifest.contentType(of: ContentFormat(rawValue: entry.format), for: type),
                                                 uuid: entry.uuid, baseURL: request.baseURL, type: type)
                        sent.insert(entry.uuid)
                        run.result.uploaded.append(entry.uuid)
                    }
                    run.result.files.append(run.finish(prepared))
                } catch is CancellationError {
                    run.result.files.append(run.abandon(prepared, because: InputFailure(path: input.path, message: "cancelled")))
                    run.writeManifest()
                    throw CancellationError()
                } catch {
                    run.result.files.append(run.abandon(prepared, because: InputFailure(path: input.path, message: "cannot be uploaded: \(error)")))
                }
            }
        }
        run.writeManifest()
        guard deletingUnused else { return run.result }
        let outcome = try await UnusedUploads.delete(in: run.uploadFolder, dryRun: request.rewrite.dryRun) { uuid in
            try await fetcher?.delete(uuid: uuid, baseURL: request.baseURL)
        }
        run.result.deletedUploads = outcome.deleted
        run.result.transportFailures = outcome.failures
        return run.result
    }
}
