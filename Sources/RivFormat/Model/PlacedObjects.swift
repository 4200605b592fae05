/// One record of the object stream with its place among the file's artboards.
public struct PlacedObject: Sendable {
    /// The record.
    public let object: RivObject
    /// Its artboard and its index there.
    public let placement: ObjectPlacement
}

extension RivFile {
    /// Every object of the object stream in file order, each with its artboard and
    /// its index there (``ObjectPlacement``): the one walk from the object stream to
    /// artboards, which ``artboardObjects()``, ``inspect()``, ``fontText`` and the
    /// editor read. The file was checked when it was read, so the walk cannot fail.
    public var placedObjects: PlacedObjectSequence { PlacedObjectSequence(objects: objects) }

    /// The name of the artboard at `index` (an ``ObjectPlacement/artboardIndex``), as
    /// the scan read it; empty when there is none.
    func artboardName(at index: Int?) -> String {
        guard let index, artboardNames.indices.contains(index) else { return "" }
        return artboardNames[index]
    }
}

/// The objects of a ``RivFile`` in file order with their placements; see ``RivFile/placedObjects``.
public struct PlacedObjectSequence: Sequence, Sendable {
    let objects: RivObjectSequence

    /// Walks the objects one at a time.
    public struct Iterator: IteratorProtocol {
        var objects: RivObjectSequence.Iterator
        var placer = ObjectPlacer()

        /// The next object with its placement, or nil after the last.
        public mutating func next() -> PlacedObject? {
            guard let object = objects.next() else { return nil }
            return PlacedObject(object: object, placement: placer.place(object.typeKey))
        }
    }

    /// Starts a walk at the first object.
    public func makeIterator() -> Iterator {
        Iterator(objects: objects.makeIterator())
    }
}
