/// The shared libraries a process loaded, from what glibc's dynamic loader writes
/// to standard error under `LD_DEBUG=libs`, and which of them are the network stack
/// (SPEC.md §11, start-up: a command that needs no network loads none of them).
public enum LoadedLibraries {
    /// The library paths the loader initialised, in order: its `calling init: PATH` lines.
    public static func paths(inLoaderLog log: String) -> [String] {
        log.split(separator: "\n").compactMap { line in
            line.range(of: "calling init: ").map { String(line[$0.upperBound...]) }
        }
    }

    /// Whether `path` is FoundationNetworking, libcurl or one of the TLS and HTTP/2
    /// libraries libcurl brings in.
    public static func isNetworkLibrary(_ path: String) -> Bool {
        ["FoundationNetworking", "libcurl", "libgnutls", "libssl", "libnghttp2"].contains { path.contains($0) }
    }
}
