/// A list built by appending, whose peak memory stays near twice its final size.
///
/// An array grown by appending reallocates by doubling: at the reallocation it holds
/// the old and the new buffer, and it can end with twice the room it needs. Reading a
/// file of nothing but bare two-byte asset records makes that the reader's largest
/// cost. This list fills one ordinary array up to `chunkSize` elements and then
/// chunks of exactly that size, and ``makeArray()`` copies them into one array of
/// the exact size, freeing each chunk once copied.
struct ChunkedList<Element> {
    /// The elements in each full chunk.
    static var chunkSize: Int { 1024 }

    private var fullChunks: [[Element]] = []
    private var current: [Element] = []

    /// Adds `element` at the end.
    mutating func append(_ element: Element) {
        if current.count == Self.chunkSize {
            fullChunks.append(current)
            current = []
            current.reserveCapacity(Self.chunkSize)
        }
        current.append(element)
    }

    /// The number of elements appended.
    var count: Int { fullChunks.count * Self.chunkSize + current.count }

    /// All elements in the order appended, in an array of exactly their number;
    /// the list is empty afterwards.
    mutating func makeArray() -> [Element] {
        guard !fullChunks.isEmpty else {
            defer { current = [] }
            return current
        }
        var all: [Element] = []
        all.reserveCapacity(count)
        fullChunks.reverse()
        while let chunk = fullChunks.popLast() { all.append(contentsOf: chunk) }
        all.append(contentsOf: current)
        current = []
        return all
    }
}
