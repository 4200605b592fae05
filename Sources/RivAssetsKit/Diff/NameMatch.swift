/// Pairs the items of two lists by name, the n-th old item of a name with the
/// n-th new one, in one pass over each list; what is left over is removed or
/// added, and a removed and an added item at the same position with the same
/// kind count as one item renamed.
struct NameMatch<Item> {
    /// Items in both lists, old first.
    var matched: [(old: Item, new: Item)] = []
    /// Items only the old list has, in its order.
    var removed: [Item] = []
    /// Items only the new list has, in its order.
    var added: [Item] = []
    /// Removed and added items taken as one renamed item.
    var renamed: [(old: Item, new: Item)] = []

    /// Matches `old` with `new`; with `pairsRenames` false, nothing counts as renamed.
    init(old: [Item], new: [Item], name: (Item) -> String, kind: (Item) -> String, pairsRenames: Bool = true) {
        var waiting: [String: [Int]] = [:]
        for (index, item) in new.enumerated().reversed() { waiting[name(item), default: []].append(index) }
        var taken = Array(repeating: false, count: new.count)
        var removedAt: [Int: Item] = [:]
        var removedOrder: [Int] = []
        for (index, item) in old.enumerated() {
            if let newIndex = waiting[name(item)]?.popLast() {
                taken[newIndex] = true
                matched.append((item, new[newIndex]))
            } else {
                removedAt[index] = item
                removedOrder.append(index)
            }
        }
        for (index, item) in new.enumerated() where !taken[index] {
            if pairsRenames, let gone = removedAt[index], kind(gone) == kind(item) {
                removedAt[index] = nil
                renamed.append((gone, item))
            } else {
                added.append(item)
            }
        }
        removed = removedOrder.compactMap { removedAt[$0] }
    }
}
