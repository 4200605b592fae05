import Foundation

/// The one reading of an option value that lists words: `image,font`,
/// `embedded, hosted:image`, `latin,digits`.
package enum CommaList {
    /// The items of `text`: split at commas, spaces and tabs around each trimmed,
    /// lower-cased (every such list is of keywords), empty items left out so that a
    /// trailing comma does no harm. A caller decides what an empty list means.
    package static func items(_ text: String) -> [String] {
        text.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces).lowercased() }.filter { !$0.isEmpty }
    }
}
