/// What a scene writes into while it plays: the artboard's records, with the budget
/// of property writes left (each application of an animation writes every property
/// it keys; the runtime applies as often as its states ask, which a file can make
/// enormous).
struct SceneState {
    var records: [SceneRecord?]
    /// Property writes still allowed.
    private(set) var writesLeft: Int
    /// Set when an application was skipped for want of budget.
    private(set) var exhausted = false

    init(records: [SceneRecord?], writeLimit: Int) {
        self.records = records
        writesLeft = writeLimit
    }

    /// Applies `animation` at `seconds` with weight `mix`, within the budget.
    mutating func apply(_ animation: LinearAnimation, at seconds: Float, mix: Float) {
        guard spend(animation.propertyCount) else { return }
        animation.apply(to: &records, at: seconds, mix: mix)
    }

    /// Takes `cost` writes (or reads) from the budget; false, and nothing taken, when
    /// too few are left.
    mutating func spend(_ cost: Int) -> Bool {
        guard cost <= writesLeft else {
            exhausted = true
            return false
        }
        writesLeft -= cost
        return true
    }
}
