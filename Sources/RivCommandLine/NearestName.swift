/// The "did you mean" of a mistyped command or option: the known name closest to
/// what was typed, when it is close enough to be the likely intent.
public enum NearestName {
    /// The name among `candidates` fewest single-character edits (insert, delete,
    /// replace, swap two neighbours) away from `typed`; nil when the best is more
    /// than a third of the typed length away (at least one edit is always allowed).
    public static func suggestion(for typed: String, among candidates: [String]) -> String? {
        let limit = max(1, typed.count / 3)
        var best: (name: String, distance: Int)?
        for candidate in candidates {
            let distance = editDistance(Array(typed), Array(candidate))
            if distance <= limit, distance < best?.distance ?? Int.max { best = (candidate, distance) }
        }
        return best?.name
    }

    /// The optimal string alignment distance of `a` and `b`, in O(|a|·|b|) time and
    /// three rows of memory.
    static func editDistance(_ a: [Character], _ b: [Character]) -> Int {
        guard !a.isEmpty else { return b.count }
        guard !b.isEmpty else { return a.count }
        var previous2 = [Int](repeating: 0, count: b.count + 1)
        var previous = Array(0...b.count)
        var current = [Int](repeating: 0, count: b.count + 1)
        for i in 1...a.count {
            current[0] = i
            for j in 1...b.count {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
                    current[j] = min(current[j], previous2[j - 2] + 1)
                }
            }
            (previous2, previous, current) = (previous, current, previous2)
        }
        return previous[b.count]
    }
}
