import Foundation
import RivFormat
import RivSupport

/// Somewhere replacements come from that can change behind the registry's back:
/// a folder a designer drops files into, a CMS, the hosted-asset cache. The
/// registry asks it for what it serves now when it is added and whenever it is
/// told the source's contents changed (``AssetRegistry/sourceContentsChanged(id:)``),
/// so it always reflects the backing store.
public protocol AssetSource: Sendable {
    /// A name for the source, unique among those added to one registry (`brand/`, `cms`).
    var id: String { get }

    /// Every replacement the source serves now. Throwing keeps what it served
    /// before in the registry; the failure is reported, not swallowed.
    func currentAssets() async throws -> [SourcedAsset]
}

/// A source that answers without waiting (a folder on disk): the registry can ask
/// it from synchronous code, on a thread of its own, without starting a task
/// (``AssetRegistry/addSourceImmediately(_:)``).
public protocol ImmediateAssetSource: AssetSource {
    /// Every replacement the source serves now, read at once.
    func currentAssetsImmediately() throws -> [SourcedAsset]
}

extension ImmediateAssetSource {
    /// The same as ``currentAssetsImmediately()``.
    public func currentAssets() async throws -> [SourcedAsset] {
        try currentAssetsImmediately()
    }
}

/// One replacement a source serves.
public struct SourcedAsset: Sendable, Hashable {
    /// The namespace: `.image`, `.font` or `.audio`.
    public var type: AssetType
    /// The unique name it replaces (`logo-12`, or its encoded form of
    /// `AssetFileName`, as a folder's file may spell it), or a shell pattern of
    /// them (`WildcardPattern`: `*`, `?`, `[...]`), such as `Inter-*`.
    public var name: String
    /// The bytes.
    public var bytes: Data

    /// Whether `name` is one unique name whatever characters it holds.
    private let nameIsExact: Bool

    /// True when `name` is a pattern that matches unique names rather than being
    /// one: it holds `*`, `?` or `[` and was not given as an exact name.
    public var isPattern: Bool { !nameIsExact && WildcardPattern.isPattern(name) }

    /// A replacement of the assets named `name`, or matching it when it is a
    /// pattern (`WildcardPattern/isPattern(_:)`), in the namespace of `type`.
    public init(type: AssetType, name: String, bytes: Data) {
        self.type = type
        self.name = name
        self.bytes = bytes
        nameIsExact = false
    }

    /// A replacement of the one asset whose unique name is `exactName` (verbatim or
    /// encoded), even when it holds `*`, `?` or `[`: for names read from a folder or
    /// a file, which must never match other assets.
    public init(type: AssetType, exactName: String, bytes: Data) {
        self.type = type
        name = exactName
        self.bytes = bytes
        nameIsExact = true
    }

    /// Whether this replacement is for the asset `uniqueName` of `type`.
    public func matches(_ uniqueName: String, type: AssetType) -> Bool {
        ReplacementIndex.rule(self, serves: uniqueName, type: type)
    }
}

extension SourcedAsset: ReplacementRule {}
