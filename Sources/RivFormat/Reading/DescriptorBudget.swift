import RivSupport

/// How many files this process keeps open, unmapped, at most: a quarter of its
/// descriptor limit, so that holding many ``RivFile``s never starves the rest
/// of the program of descriptors.
///
/// A ``ByteStorage`` takes a place before it keeps a file open and gives it back
/// when it closes the file; a file opened when every place is taken is mapped at once.
enum DescriptorBudget {
    /// The most files kept open at once.
    static let limit: Int = POSIX.openFileLimit.map { Int(clamping: min($0 / 4, 1 << 16)) } ?? 64

    private static let held = Protected(0)

    /// Takes a place for one file; false, taking nothing, when every place is taken.
    static func reserve() -> Bool {
        held.withLock { held in
            guard held < limit else { return false }
            held += 1
            return true
        }
    }

    /// Closes `descriptor`, kept open under a place taken with ``reserve()``, and gives the place back.
    static func release(_ descriptor: Int32) {
        try? POSIX.closeDescriptor(descriptor)
        held.withLock { $0 -= 1 }
    }
}
