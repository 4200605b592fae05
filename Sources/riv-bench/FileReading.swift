import RivFormat

/// Reads files with `RivFile(path:)` the way the CLI's `ParallelFiles` does:
/// a thread per core with `ParallelWork`, results in input order (or one after
/// another, for the one-core measurements).
enum FileReading {
    static func read(_ paths: [String], allCores: Bool) -> [Result<RivFile, RivError>] {
        allCores ? ParallelWork.map(count: paths.count) { readOne(paths[$0]) } : paths.map(readOne)
    }

    static func readOne(_ path: String) -> Result<RivFile, RivError> {
        do throws(RivError) {
            return .success(try RivFile(path: path))
        } catch {
            return .failure(error)
        }
    }
}
