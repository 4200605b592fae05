import Foundation
import RivFormat

/// A source that could not answer: the registry kept what it served before.
public struct SourceFailure: Sendable, Hashable, Error, CustomStringConvertible {
    /// The source's ``AssetSource/id``.
    public let sourceID: String
    /// What went wrong, in a sentence.
    public let message: String
    /// The error the source threw, with its own type (a CMS client's
    /// `AuthError`); nil when the registry itself refused (no source has the id).
    public let underlyingError: (any Error)?

    init(sourceID: String, message: String, underlyingError: (any Error)? = nil) {
        self.sourceID = sourceID
        self.message = message
        self.underlyingError = underlyingError
    }

    /// `SOURCE: MESSAGE`.
    public var description: String { "\(sourceID): \(message)" }

    /// Whether the two name the same source and say the same (errors themselves need not be comparable).
    public static func == (left: SourceFailure, right: SourceFailure) -> Bool {
        left.sourceID == right.sourceID && left.message == right.message
    }

    /// Hashes the source and the sentence.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(sourceID)
        hasher.combine(message)
    }
}

/// What asking a source again changed.
public struct SourceUpdate: Sendable, Hashable {
    /// The replacements that changed for unique names, in name order.
    public var changes: [AssetRegistry.Change]
    /// Why the source could not answer, when it could not (it keeps what it served before).
    public var failure: SourceFailure?
    /// What the source noted meanwhile without failing, one sentence each: a folder
    /// source names a file that has settled and still is not served, and why
    /// (``FolderAssetSource/takeNotes()``). Filled in by a ``FolderWatch``.
    public var notes: [String] = []
}

extension AssetRegistry {
    /// Adds `source` after the sources added before it (an earlier one wins where
    /// two serve one name; an explicit registration wins over both) and asks it
    /// for its contents. A source added again under its id takes the old one's place.
    @discardableResult
    public func addSource(_ source: any AssetSource) async -> SourceUpdate {
        state.withLock { state in
            if !state.sources.contains(where: { $0.source.id == source.id }) { state.sources.append((source, ServedAssets([]))) }
        }
        return await sourceContentsChanged(id: source.id, replacing: source)
    }

    /// Removes the source with `id` and everything it served; the changes are
    /// published and returned.
    @discardableResult
    public func removeSource(id: String) -> [Change] {
        state.withLock { state in
            guard let index = state.sources.firstIndex(where: { $0.source.id == id }) else { return [] }
            let before = state
            state.sources.remove(at: index)
            return publishDifferences(from: before, to: &state, source: id)
        }
    }

    /// The ids of the sources, in the order they are asked.
    public var sourceIDs: [String] { state.withLock { $0.sources.map(\.source.id) } }

    /// Tells the registry that the contents behind the source `id` changed: it asks
    /// the source again, works out which unique names were added, replaced or
    /// removed, applies that, and publishes each change (with the source and the
    /// loaded files it affects) on ``changes()``. A source that throws keeps what
    /// it served before; the failure is returned and published on ``sourceFailures()``.
    @discardableResult
    public func sourceContentsChanged(id: String) async -> SourceUpdate {
        await sourceContentsChanged(id: id, replacing: nil)
    }

    /// ``addSource(_:)`` for a source that answers at once, from synchronous code.
    @discardableResult
    public func addSourceImmediately(_ source: some ImmediateAssetSource) -> SourceUpdate {
        state.withLock { state in
            if !state.sources.contains(where: { $0.source.id == source.id }) { state.sources.append((source, ServedAssets([]))) }
        }
        return apply(Result { try source.currentAssetsImmediately() }, from: source)
    }

    /// ``sourceContentsChanged(id:)`` for a source that answers at once, from
    /// synchronous code (a source that cannot is reported as a failure).
    @discardableResult
    public func sourceContentsChangedImmediately(id: String) -> SourceUpdate {
        guard let found = state.withLock({ $0.sources.first { $0.source.id == id }?.source }) else {
            return SourceUpdate(changes: [], failure: SourceFailure(sourceID: id, message: "no source has this id"))
        }
        guard let source = found as? any ImmediateAssetSource else {
            return SourceUpdate(changes: [], failure: SourceFailure(sourceID: id, message: "the source cannot answer at once; ask it with sourceContentsChanged(id:)"))
        }
        return apply(Result { try source.currentAssetsImmediately() }, from: source)
    }

    private func sourceContentsChanged(id: String, replacing newSource: (any AssetSource)?) async -> SourceUpdate {
        guard let source = newSource ?? state.withLock({ $0.sources.first { $0.source.id == id }?.source }) else {
            return SourceUpdate(changes: [], failure: SourceFailure(sourceID: id, message: "no source has this id"))
        }
        let contents: Result<[SourcedAsset], any Error>
        do {
            contents = .success(try await source.currentAssets())
        } catch {
            contents = .failure(error)
        }
        return apply(contents, from: source)
    }

    /// Takes what `source` answered: new contents replace what it served (and the
    /// differences are published); a failure keeps them and is published.
    private func apply(_ answer: Result<[SourcedAsset], any Error>, from source: any AssetSource) -> SourceUpdate {
        let id = source.id
        switch answer {
        case .failure(let error):
            let failure = SourceFailure(sourceID: id, message: "\(error)", underlyingError: error)
            state.withLock { state in
                for continuation in state.failureSubscribers.values { continuation.yield(failure) }
            }
            return SourceUpdate(changes: [], failure: failure)
        case .success(let contents):
            let changes = state.withLock { state -> [Change] in
                guard let index = state.sources.firstIndex(where: { $0.source.id == id }) else { return [] }
                let before = state
                state.sources[index] = (source, ServedAssets(contents))
                return publishDifferences(from: before, to: &state, source: id)
            }
            return SourceUpdate(changes: changes, failure: nil)
        }
    }

    /// A stream of the failures of sources from now on; it ends when the caller stops iterating.
    public func sourceFailures() -> AsyncStream<SourceFailure> {
        subscribe(\.failureSubscribers)
    }

    /// Publishes, for every unique name whose bytes differ between `before` and
    /// `after`, one change; returns them. The names looked at are those the sources
    /// name exactly, before or after, and those of the loaded files' assets (which
    /// patterns can match).
    private func publishDifferences(from before: State, to after: inout State, source: String) -> [Change] {
        var keys = Set(after.loadedFiles.compactMap { $0 }.flatMap(\.assets))
        for state in [before, after] {
            for (_, served) in state.sources {
                for asset in served.assets where !asset.isPattern { keys.insert(AssetNameKey(type: asset.type, name: asset.name)) }
            }
        }
        var changes: [Change] = []
        for key in keys.sorted(by: { ($0.name, $0.type.description) < ($1.name, $1.type.description) }) {
            let old = before.resolve(key), new = after.resolve(key)
            guard old != new else { continue }
            let action: Change.Action = old == nil ? .added : new == nil ? .removed : .replaced
            changes.append(Change(name: key.name, type: key.type, action: action, source: source, affectedFiles: after.files(having: key)))
        }
        for change in changes { publish(change, to: after) }
        return changes
    }
}
