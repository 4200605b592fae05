/// Limits of this process that decide how much work may run at once.
public enum ProcessLimits {
    /// How many descriptors the process may have open (the soft `RLIMIT_NOFILE`,
    /// `ulimit -n`), read once; nil when the system does not say. RivFormat keeps at
    /// most a quarter of it for files read and not yet mapped.
    public static let openFiles: Int? = POSIX.openFileLimit.map { Int(clamping: $0) }
}
