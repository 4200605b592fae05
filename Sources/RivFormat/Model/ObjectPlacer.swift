/// The one rule that places each record of the object stream among the file's
/// artboards (``ObjectPlacement``), fed the records' type keys in file order. The
/// asset scan runs it while it streams the file; ``RivFile/placedObjects`` runs it
/// over the objects it reads.
struct ObjectPlacer {
    /// Local copies of the lookup tables: a global is checked for initialization on every use.
    private let startsArtboard = UsageKeys.artboardTypes
    private let indexing = UsageKeys.indexing
    /// How many artboards began so far.
    private var artboardCount = 0
    /// The index the next indexed record of the current artboard takes.
    private var nextObjectIndex = 0
    /// Whether the current artboard's first animation or state machine has begun.
    private var animationsBegan = false

    /// The placement of the next record, of type `typeKey`.
    mutating func place(_ typeKey: UInt16) -> ObjectPlacement {
        let type = Int(typeKey)
        if type < startsArtboard.count && startsArtboard[type] {
            artboardCount += 1
            nextObjectIndex = 1
            animationsBegan = false
            return ObjectPlacement(role: .artboard, artboardIndex: artboardCount - 1, objectIndex: 0)
        }
        let role = type < indexing.count ? indexing[type] : .null
        guard artboardCount > 0 else { return ObjectPlacement(role: role, artboardIndex: nil, objectIndex: nil) }
        var objectIndex: Int?
        switch role {
        case .component: objectIndex = nextObjectIndex
        case .null where !animationsBegan: objectIndex = nextObjectIndex
        case .animation: animationsBegan = true
        default: break
        }
        if objectIndex != nil { nextObjectIndex += 1 }
        return ObjectPlacement(role: role, artboardIndex: artboardCount - 1, objectIndex: objectIndex)
    }
}
