import Foundation

/// What went wrong in a file-system call, in the system's own words ("Not a
/// directory", "Permission denied"), rather than Foundation's wrapper text ("The
/// operation could not be completed. (NSCocoaErrorDomain error 512.)").
public enum FileSystemErrorText {
    /// The reason for `error`: its POSIX error (or the one it wraps) as the C
    /// library words it, else its description.
    public static func reason(_ error: any Error) -> String {
        if let posix = error as? POSIXError { return POSIX.errorMessage(posix.code.rawValue) }
        let error = error as NSError
        if error.domain == NSPOSIXErrorDomain { return POSIX.errorMessage(Int32(error.code)) }
        let underlying = error.userInfo[NSUnderlyingErrorKey]
        if let posix = underlying as? POSIXError { return POSIX.errorMessage(posix.code.rawValue) }
        if let wrapped = underlying as? NSError, wrapped.domain == NSPOSIXErrorDomain { return POSIX.errorMessage(Int32(wrapped.code)) }
        return error.localizedDescription
    }
}
