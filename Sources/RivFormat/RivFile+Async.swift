import Foundation

extension RivFile {
    /// Reads the file at `url` on the concurrency pool, never on the caller's
    /// actor: a view or document on the main actor awaits the disk without
    /// blocking its interface, as Rive's own `File` loads. The value and the
    /// errors are those of ``init(contentsOf:)``.
    ///
    /// ```swift
    /// @MainActor func open(_ url: URL) async throws {
    ///     let file = try await RivFile.read(contentsOf: url)
    ///     show(file.assets)
    /// }
    /// ```
    @concurrent
    public static func read(contentsOf url: URL) async throws(RivError) -> RivFile {
        try RivFile(contentsOf: url)
    }
}
