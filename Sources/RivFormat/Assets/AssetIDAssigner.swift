/// Gives repeated asset ids new values the way Rive's runtime does when it loads a file.
///
/// Files written by the editor often repeat ids (every script has id 0). The
/// runtime keeps the set of ids seen and a `next` id starting at 1: an id already
/// in the set becomes `next`; every id then joins the set and `next` becomes at
/// least the id + 1. The runtime reruns that pass over all assets after each one it
/// adds; a single pass in which the new ids join the set gives the same result.
///
/// The runtime holds ids as `uint32`, so `next` counts in 32 bits: after an id of
/// 2^32 - 1 the id + 1 wraps to 0 and leaves `next` where it was. A stored id that
/// does not fit 32 bits makes the runtime refuse the file; such an id is kept as
/// stored (and renumbered when repeated), so that each asset still has a name of
/// its own.
struct AssetIDAssigner {
    private var seen: Set<UInt64> = []
    private var next: UInt32 = 1

    /// The id the runtime gives an asset stored with `storedID`, given the assets before it.
    mutating func assign(_ storedID: UInt64) -> UInt64 {
        var id = storedID
        if seen.contains(id) { id = UInt64(next) }
        seen.insert(id)
        if let fitting = UInt32(exactly: id) { next = max(next, fitting &+ 1) }
        return id
    }
}
