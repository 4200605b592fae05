/// The one way a message shows a list that may be long: the first few items
/// joined by commas, then how many were left out (`a, b, c and 12 more`), so a
/// file with thousands of names cannot flood a line.
package enum ShortList {
    /// `shown` joined by `, `, followed by ` and N more` when `more` is above 0.
    package static func text(_ shown: some Sequence<String>, more: Int) -> String {
        shown.joined(separator: ", ") + (more > 0 ? " and \(more) more" : "")
    }

    /// The first `limit` of `items`, each written by `show`, and the count of the rest.
    package static func text<Items: Collection>(_ items: Items, limit: Int, _ show: (Items.Element) -> String) -> String {
        text(items.prefix(limit).map(show), more: items.count - min(items.count, limit))
    }
}
