/// What identifies an existing file whatever the path to it: device and inode
/// (whether two paths are one file; RivFormat's `FileIdentity` says instead
/// whether a file changed since it was read).
package struct FileKey: Hashable, Sendable {
    package let device: UInt64
    package let inode: UInt64
}
