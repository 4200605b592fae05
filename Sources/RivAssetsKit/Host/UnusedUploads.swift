import Foundation
import RivFormat
import RivSupport

/// The uploads of a folder that no hosted file uses any more: the entries of
/// its manifest left without uses (a file hosted again with other bytes, or
/// under another name, gives up its use of the old uuid). The one way they
/// are deleted, with or without an app's transport.
enum UnusedUploads {
    /// What a deletion did: the uuids gone, and those `remove` refused (kept).
    struct Outcome {
        var deleted: [String] = []
        var failures: [InputFailure] = []
    }

    /// Under the folder's lock (held across every call to `remove`, so that no
    /// run records a use of a uuid while it goes), hands each unused uuid of
    /// `folder`'s manifest, in sorted order, to `remove` (the app's transport
    /// deleting it), then removes its upload file and its entry, and writes the
    /// manifest once. A uuid `remove` throws for stays, named in the failures;
    /// a cancellation stops there, the manifest written for what went. A dry
    /// run only lists them. A folder without a manifest has none.
    static func delete(in folder: URL, dryRun: Bool,
                       remove: (String) async throws -> Void) async throws -> Outcome {
        guard POSIX.entryExists(atPath: folder.appendingPathComponent(UploadManifest.fileName).path) else { return Outcome() }
        let lock = dryRun ? nil : try UploadFolderLock(folder: folder)
        defer { withExtendedLifetime(lock) {} }
        var (manifest, _) = try UploadManifest.read(inFolder: folder)
        let unused = manifest.assets.filter { $0.value.uses.isEmpty }.keys.sorted()
        guard !dryRun else { return Outcome(deleted: unused) }
        var outcome = Outcome()
        var stopped: (any Error)?
        for uuid in unused {
            do {
                try await remove(uuid)
            } catch is CancellationError {
                stopped = CancellationError()
                break
            } catch {
                outcome.failures.append(InputFailure(path: uuid, message: "cannot be deleted: \(error)"))
                continue
            }
            // The manifest vouches that the uuid names a regular file of the folder.
            try? FileManager.default.removeItem(at: folder.appendingPathComponent(uuid))
            manifest.assets[uuid] = nil
            outcome.deleted.append(uuid)
        }
        if !outcome.deleted.isEmpty {
            do throws(FileWriteError) {
                try AtomicFile.write(manifest.encoded(), to: folder.appendingPathComponent(UploadManifest.fileName))
            } catch {
                outcome.failures.append(InputFailure(path: folder.appendingPathComponent(UploadManifest.fileName).path,
                                                     message: RivEditError(error).description))
            }
        }
        if let stopped { throw stopped }
        return outcome
    }
}
