import Foundation
import RivFormat

/// What replaces the assets of one file, and the one way to apply it.
///
/// Every path that puts replacement bytes into a file builds one: `replace` (from
/// its files, matched by ``ReplacementIndex``), `replace --watch`,
/// ``RegisteredRivFile`` and ``RegistryOutput`` (from the registry's bytes), and
/// `embed --assets` (from a folder's files). Each item is embedded by
/// `RivEditor`, which checks the bytes' format against the asset type by the one
/// rule of `AssetType.acceptedFormats` (unless checks are skipped); what the
/// replacement changed about the asset (another image shape, a referenced asset
/// now embedded) is said from the same items.
package struct ReplacementPlan: Sendable {
    /// Where an item's bytes are.
    package enum Contents: Sendable, Equatable {
        /// In a file, streamed into the output when it is written.
        case file(URL)
        /// In memory (a registry's replacement).
        case bytes(Data)

        /// The bytes when they are in memory.
        package var bytes: Data? {
            if case .bytes(let bytes) = self { bytes } else { nil }
        }
    }

    /// One asset and what replaces it.
    package struct Item: Sendable {
        /// The asset replaced.
        package let asset: FileAsset
        /// Its new bytes.
        package let contents: Contents
        /// The name of the replacement that matched: the asset's key, or the pattern that matched it.
        package let matchedName: String
        /// Whether ``matchedName`` is a pattern (the asset was not named one by one).
        package let matchedPattern: Bool
        /// Where the bytes came from, in words for a refusal (`registered as font
        /// "Inter-*"`); nil when the refusal already names it (a file's path).
        package let origin: String?

        package init(asset: FileAsset, contents: Contents, matchedName: String, matchedPattern: Bool, origin: String? = nil) {
            self.asset = asset
            self.contents = contents
            self.matchedName = matchedName
            self.matchedPattern = matchedPattern
            self.origin = origin
        }

        /// Embeds the item's bytes into its asset in `editor`; a refusal of the
        /// bytes' format says the item's ``origin``.
        package func apply(to editor: inout RivEditor, skipChecks: Bool) throws(RivEditError) {
            do throws(RivEditError) {
                switch contents {
                case .file(let url): try editor.embed(contentsOf: url, in: asset, skipChecks: skipChecks)
                case .bytes(let bytes): try editor.embed(bytes, in: asset, skipChecks: skipChecks)
                }
            } catch {
                guard let origin, error.code == .unsupportedFormat else { throw error }
                throw error.withOrigin(origin)
            }
        }
    }

    /// The items, in file order of their assets.
    package private(set) var items: [Item] = []

    package init() {}

    /// Adds `item`; items are added in file order.
    package mutating func append(_ item: Item) {
        items.append(item)
    }

    /// Which records get which in-memory bytes, in file order: what a copy written
    /// from this plan holds, for telling when it is out of date. One entry per
    /// item (bytes nil for a file's contents), so it costs the items, not the file's assets.
    package var writtenBytes: [WrittenBytes] {
        items.map { WrittenBytes(recordOffset: $0.asset.recordRange.lowerBound, bytes: $0.contents.bytes) }
    }

    /// The bytes one item writes into the record at ``recordOffset``.
    package struct WrittenBytes: Equatable, Sendable {
        /// Where the replaced asset's record starts in the file.
        package let recordOffset: Int
        /// The bytes, nil when they are streamed from a file.
        package let bytes: Data?
    }

    /// Embeds every item into `editor`, stopping at the first refusal.
    package func apply(to editor: inout RivEditor, skipChecks: Bool) throws(RivEditError) {
        for item in items { try item.apply(to: &editor, skipChecks: skipChecks) }
    }
}
