import RivFormat
/// A source whose contents a closure provides: the way to plug in anything else,
/// such as a CMS client that fetches the current brand assets.
///
/// ```swift
/// let cms = ClosureAssetSource(id: "cms") {
///     try await client.brandAssets().map { SourcedAsset(type: .image, name: $0.uniqueName, bytes: $0.data) }
/// }
/// await registry.addSource(cms)
/// ```
public struct ClosureAssetSource: AssetSource {
    /// The source's name.
    public let id: String
    private let query: @Sendable () async throws -> [SourcedAsset]

    /// A source named `id` that serves whatever `query` returns each time it is asked.
    public init(id: String, query: @escaping @Sendable () async throws -> [SourcedAsset]) {
        self.id = id
        self.query = query
    }

    /// What `query` returns now.
    public func currentAssets() async throws -> [SourcedAsset] {
        try await query()
    }
}
