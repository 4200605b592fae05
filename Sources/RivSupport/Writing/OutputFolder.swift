import Foundation

/// Makes the folders outputs go into: the one way every command, the HTML report and the
/// hosted-asset cache create a folder, with one sentence for each way it can fail.
package enum OutputFolder {
    /// Why a folder could not be made.
    package struct CreationError: Error, Sendable, CustomStringConvertible {
        /// The folder that was to be made.
        package var path: String
        /// What stood in the way, in the system's words where it gave them.
        package var reason: String
        /// The file-system error, when the system raised one.
        package var underlying: (any Error)?

        /// "cannot create the folder: REASON", for a message that names the folder elsewhere.
        package var sentence: String { "cannot create the folder: \(reason)" }

        /// "PATH: cannot create the folder: REASON".
        package var description: String { "\(path): \(sentence)" }
    }

    /// Creates `folder` and its missing parents, unless it is a folder already. Something
    /// that is not a folder at that path (a file, a device, a link to one) is an error,
    /// never replaced.
    package static func create(_ folder: URL) throws(CreationError) {
        var isFolder: ObjCBool = false
        if FileManager.default.fileExists(atPath: folder.path, isDirectory: &isFolder) {
            guard isFolder.boolValue else { throw CreationError(path: folder.path, reason: "it is not a folder") }
            return
        }
        do {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        } catch {
            throw CreationError(path: folder.path, reason: FileSystemErrorText.reason(error), underlying: error)
        }
    }
}
