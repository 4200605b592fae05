/// A layout table (GSUB, GPOS, GDEF, HVAR) being written: objects (byte runs)
/// linked by offsets, identical objects stored once, laid out parent before child
/// so every offset is positive.
///
/// Objects are added children first, so an object's id is larger than the ids of
/// everything it points to; ``pack(root:tag:)`` places the reachable objects in
/// descending id order, which keeps each subtable next to its own coverage,
/// class definitions and device tables.
struct LayoutGraph {
    /// An offset field at byte `at` of its object, to `target`, 2 or 4 bytes wide.
    struct Link: Hashable {
        let at: Int
        let target: Int
        let wide: Bool
    }

    /// One object: its bytes (offset fields zero) and its links.
    struct Object: Hashable {
        var bytes: [UInt8] = []
        var links: [Link] = []
    }

    private(set) var objects: [Object] = []
    private var known: [Object: Int] = [:]

    /// The id of `object`, added unless an identical one is already there.
    mutating func add(_ object: Object) -> Int {
        if let id = known[object] { return id }
        objects.append(object)
        known[object] = objects.count - 1
        return objects.count - 1
    }

    /// Overwrites the 16-bit value at byte `at` of object `id` (after it was
    /// added: the object is no longer matched against new ones by its old bytes).
    mutating func patch(_ id: Int, at: Int, _ value: Int) {
        objects[id].bytes[at] = UInt8(truncatingIfNeeded: value >> 8)
        objects[id].bytes[at + 1] = UInt8(truncatingIfNeeded: value)
    }

    /// The bytes of the table whose top object is `root`; an offset that does not
    /// fit its field is an error naming `tag`.
    func pack(root: Int, tag: String) throws(FontSubsetError) -> [UInt8] {
        var reachable = [Bool](repeating: false, count: objects.count)
        reachable[root] = true
        var stack = [root]
        while let id = stack.popLast() {
            for link in objects[id].links where !reachable[link.target] {
                reachable[link.target] = true
                stack.append(link.target)
            }
        }
        var position = [Int](repeating: 0, count: objects.count)
        var size = 0
        for id in stride(from: root, through: 0, by: -1) where reachable[id] {
            position[id] = size
            size += objects[id].bytes.count
        }
        var out = FontWriter()
        out.bytes.reserveCapacity(size)
        for id in stride(from: root, through: 0, by: -1) where reachable[id] {
            let start = out.bytes.count
            out.append(objects[id].bytes)
            for link in objects[id].links {
                let distance = position[link.target] - position[id]
                guard distance > 0, link.wide || distance <= 0xFFFF else {
                    throw FontSubsetError(table: tag, offset: 0, reason: .invalidValue("a rewritten offset (\(distance)) does not fit its 16-bit field"))
                }
                if link.wide { out.set32(start + link.at, distance) } else { out.set16(start + link.at, distance) }
            }
        }
        return out.bytes
    }
}

/// Writes one ``LayoutGraph/Object``: big-endian fields and offsets to other objects.
struct LayoutObjectWriter {
    var object = LayoutGraph.Object()

    var count: Int { object.bytes.count }

    mutating func u16(_ value: Int) {
        object.bytes.append(UInt8(truncatingIfNeeded: value >> 8))
        object.bytes.append(UInt8(truncatingIfNeeded: value))
    }

    mutating func u32(_ value: Int) {
        u16(value >> 16)
        u16(value)
    }

    mutating func append<Bytes: Sequence>(_ more: Bytes) where Bytes.Element == UInt8 { object.bytes.append(contentsOf: more) }

    /// A 16-bit offset to `target`, or NULL (zero) for nil.
    mutating func offset16(_ target: Int?) {
        if let target { object.links.append(.init(at: count, target: target, wide: false)) }
        u16(0)
    }

    /// A 32-bit offset to `target`, or NULL (zero) for nil.
    mutating func offset32(_ target: Int?) {
        if let target { object.links.append(.init(at: count, target: target, wide: true)) }
        u32(0)
    }

    /// Overwrites the 16-bit value at `offset`.
    mutating func set16(_ offset: Int, _ value: Int) {
        object.bytes[offset] = UInt8(truncatingIfNeeded: value >> 8)
        object.bytes[offset + 1] = UInt8(truncatingIfNeeded: value)
    }
}
