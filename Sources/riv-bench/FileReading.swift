import RivFormat

/// Reads files with `RivFile(path:)` the way the CLI's `ParallelFiles` does:
/// a thread per core with `ParallelWork`, results in input order (or one after
/// another, for the one-core measurements).
enum FileReading {
    static func read(_ paths: [String], allCores: Bool) -> [Result<RivFile, RivError>] {
        map(paths, allCores: allCores, readOne)
    }

    /// Calls `body` on every path, on a thread per core or one after another, and
    /// returns the results in input order.
    static func map<Value: Sendable>(_ paths: [String], allCores: Bool, _ body: @escaping @Sendable (String) -> Value) -> [Value] {
        allCores ? ParallelWork.map(count: paths.count) { body(paths[$0]) } : paths.map(body)
    }

    static func readOne(_ path: String) -> Result<RivFile, RivError> {
        do throws(RivError) {
            return .success(try RivFile(path: path))
        } catch {
            return .failure(error)
        }
    }
}
