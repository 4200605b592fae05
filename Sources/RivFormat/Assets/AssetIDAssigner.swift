/// Gives repeated asset ids new values the way Rive's runtime does when it loads a file.
///
/// Files written by the editor often repeat ids (every script has id 0). The
/// runtime keeps the set of ids seen and a `next` id starting at 1: an id already
/// in the set becomes `next`; every id then joins the set and `next` becomes at
/// least the id + 1. The runtime reruns that pass over all assets after each one it
/// adds; a single pass in which the new ids join the set gives the same result.
struct AssetIDAssigner {
    private var seen: Set<UInt64> = []
    private var next: UInt64 = 1

    /// The id the runtime gives an asset stored with `storedID`, given the assets before it.
    mutating func assign(_ storedID: UInt64) -> UInt64 {
        var id = storedID
        if seen.contains(id) { id = next }
        seen.insert(id)
        next = max(next, id == .max ? id : id + 1)
        return id
    }
}
