/// Where things can be added to a file without moving what it has: for each
/// artboard, the offset after its last indexed object, and the offset after the
/// last asset. Found in one walk over the objects.
struct InsertionPoints {
    /// One artboard's region of the object stream.
    struct Artboard {
        /// Its name.
        let name: String
        /// The number of objects it indexes (itself included).
        let indexedCount: Int
        /// Where an object that takes the next index goes: after the last indexed
        /// object and the data binds that follow it (a data bind binds to the object
        /// before it, so nothing may come between).
        let insertionOffset: Int
        /// The index of its first drawable after itself, if it has one.
        let firstDrawableIndex: Int?
    }

    /// Every artboard in file order.
    let artboards: [Artboard]
    /// Where a new asset goes: after the last asset's record and contents and after
    /// the Backboard; nil when the file has neither.
    let assetInsertionOffset: Int?

    init(_ file: RivFile) {
        var artboards: [Artboard] = []
        var open: (name: String, count: Int, insertion: Int, firstDrawable: Int?, afterIndexed: Bool)?
        var backboardEnd: Int?
        for placed in file.placedObjects {
            let object = placed.object, placement = placed.placement, type = object.typeKey
            if placement.role == .artboard, let index = placement.artboardIndex {
                if let done = open { artboards.append(Artboard(name: done.name, indexedCount: done.count, insertionOffset: done.insertion, firstDrawableIndex: done.firstDrawable)) }
                open = (file.artboardName(at: index), 1, object.range.upperBound, nil, true)
                continue
            }
            if type == Schema.TypeKey.backboard && backboardEnd == nil { backboardEnd = object.range.upperBound }
            guard var artboard = open else { continue }
            if let objectIndex = placement.objectIndex {
                if artboard.firstDrawable == nil, placement.role == .component, Schema.isKind(type, of: Schema.TypeKey.drawable) {
                    artboard.firstDrawable = objectIndex
                }
                artboard.count = objectIndex + 1
                artboard.insertion = object.range.upperBound
                artboard.afterIndexed = true
            } else if artboard.afterIndexed && Schema.isKind(type, of: Schema.TypeKey.dataBind) {
                artboard.insertion = object.range.upperBound
            } else {
                artboard.afterIndexed = false
            }
            open = artboard
        }
        if let done = open { artboards.append(Artboard(name: done.name, indexedCount: done.count, insertionOffset: done.insertion, firstDrawableIndex: done.firstDrawable)) }
        self.artboards = artboards
        let assetEnds = file.assets.map { ([$0.recordRange] + $0.byteRanges.contentsRecordRanges).map(\.upperBound).max() ?? $0.recordRange.upperBound }
        // After the Backboard in any case: an asset imports only once the Backboard has
        // (a manifest can come before it).
        assetInsertionOffset = [assetEnds.max(), backboardEnd].compactMap { $0 }.max()
    }
}
