import RivSupport

/// What tells that an open file's contents changed: its size, its modification
/// time, and its status-change time, which any write moves and no one can set
/// back (`touch -r` or `cp -p` can restore a modification time). The
/// status-change time also moves when the file loses a name, as when another
/// file is renamed over its path; that leaves the contents as they were, so it
/// counts only while the link count is unchanged.
struct FileIdentity {
    let size: Int
    let linkCount: UInt64
    let modified: POSIX.FileStatus.Timestamp
    let statusChanged: POSIX.FileStatus.Timestamp

    init(_ status: POSIX.FileStatus) {
        size = status.size
        linkCount = status.linkCount
        modified = status.modified
        statusChanged = status.statusChanged
    }

    /// The identity of the file open as `descriptor` now.
    init(descriptor: Int32) throws(POSIX.Failure) {
        self.init(try POSIX.FileStatus(descriptor: descriptor))
    }

    /// Whether the file can still hold the contents it held when `earlier` was taken.
    func isUnchanged(since earlier: FileIdentity) -> Bool {
        size == earlier.size && modified == earlier.modified
            && (linkCount != earlier.linkCount || statusChanged == earlier.statusChanged)
    }
}
