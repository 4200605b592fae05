import RivFormat

/// Works on many files at once and returns the results in input order.
enum ParallelFiles {
    /// Reads every file, one thread per core.
    static func read(_ paths: [String]) -> [Result<RivFile, RivError>] {
        map(paths) { path in
            do throws(RivError) {
                return .success(try RivFile(path: path))
            } catch {
                return .failure(error)
            }
        }
    }

    /// Runs `body` on every path on up to `width` threads and returns the results in input order.
    static func map<Value: Sendable>(_ paths: [String], width: Int = ParallelWork.coreCount,
                                     _ body: @escaping @Sendable (String) -> Value) -> [Value] {
        ParallelWork.map(count: paths.count, width: width) { body(paths[$0]) }
    }
}
