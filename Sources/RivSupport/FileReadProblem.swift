/// Why a file could not be read, in words a user can act on.
package enum FileReadProblem: Error, Equatable, CustomStringConvertible {
    case missing, directory, notRegular, notPermitted
    case other(String)

    package var description: String {
        switch self {
        case .missing: "there is no such file"
        case .directory: "it is a folder, not a file"
        case .notRegular: "it is not a regular file (a pipe, device or socket)"
        case .notPermitted: "permission to read it is denied"
        case .other(let reason): reason
        }
    }
}
