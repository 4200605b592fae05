import Foundation
import RivSupport

/// The exclusive lock one run of ``AssetOperations/host(_:)`` holds on its upload
/// folder from its first write there until its manifest is written: an `flock`
/// lock on `manifest.lock` in the folder, so that two runs into one folder (two
/// processes, or two threads) take turns, and the second merges into the
/// manifest the first wrote instead of replacing it.
///
/// The lock file stays in the folder (removing it would let a third run lock a
/// new file while a second still holds the old one); it is empty, and not an upload.
final class UploadFolderLock {
    /// The lock file's name in the upload folder.
    static let fileName = "manifest.lock"

    private let descriptor: Int32

    /// Waits for the lock on `folder`, which must exist.
    init(folder: URL) throws(RequestError) {
        let path = folder.appendingPathComponent(Self.fileName).path
        switch POSIX.lockExclusively(path) {
        case .success(let descriptor): self.descriptor = descriptor
        case .failure(let problem): throw RequestError(.uploadFolderUnusable, "\(path): cannot lock the upload folder: \(problem)")
        }
    }

    deinit {
        POSIX.unlock(descriptor)
    }
}
