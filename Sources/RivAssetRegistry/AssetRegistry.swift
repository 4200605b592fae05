import Foundation
import RivFormat
import RivSupport

/// Global image, font and audio replacements, keyed by unique name, that apply to
/// every file loaded through the registry — files loaded later included — in the
/// manner of the Worker of Rive's Apple runtime.
///
/// ```swift
/// let registry = AssetRegistry()
/// registry.addGlobalFontAsset(brandFont, name: "Inter-102113")
/// let hero = try registry.load(path: "hero.riv")
/// try hero.write(to: URL(fileURLWithPath: "out/hero.riv"))   // Inter-102113 now embeds brandFont
/// ```
///
/// A name is an asset's `FileAsset/uniqueName` (name without extension, `-`,
/// runtime asset id), or its name without extension in a registry made with
/// `AssetRegistry(matching: .nameWithoutExtension)`; images, fonts and audio each
/// have their own namespace.
/// Registering a name again replaces the earlier bytes. A ``RegisteredRivFile``
/// looks replacements up each time it is used, so registrations and removals made
/// after a file was loaded apply to it too. Separate registries are independent.
/// All methods are safe to call from any thread.
///
/// Replacements can also come from sources whose contents change (a folder, a
/// CMS: ``AssetSource``); see ``addSource(_:)``. For each asset, an explicit
/// `addGlobal…Asset` registration wins; otherwise the sources are asked in the
/// order they were added, and the first that serves the unique name provides the
/// bytes (within one source, an exact name before a pattern, patterns in the
/// order served). ``addOutput(for:at:)`` keeps a rewritten copy of a loaded file
/// that can tell when it is out of date.
public final class AssetRegistry: Sendable {
    /// A change to the registry, for callers that keep outputs in step with it.
    public struct Change: Sendable, Hashable {
        /// What happened to the name.
        public enum Action: String, Sendable, Hashable {
            /// The asset had no replacement and now has one.
            case added
            /// The asset's replacement changed to other bytes.
            case replaced
            /// The asset's replacement went away: it has its own contents again.
            case removed
        }

        /// The unique name.
        public let name: String
        /// The namespace: `.image`, `.font` or `.audio`.
        public let type: AssetType
        /// What happened.
        public let action: Action
        /// The source whose contents changed; nil for an explicit registration or removal.
        public var source: String? = nil
        /// The paths of the loaded files that have an asset of this name and type, in load order.
        public var affectedFiles: [String] = []
    }

    /// What ``matchResult()`` needs of a loaded file: its path and asset keys, not
    /// the file itself, so that the registry does not keep every file's bytes.
    struct LoadedFile {
        let path: String?
        /// Each asset under ``AssetRegistry/matchKey`` of it.
        let assets: [AssetNameKey]
        /// Each asset's unique name, in the order of `assets`.
        let uniqueNames: [String]
    }

    struct State {
        var replacements: [AssetNameKey: Data] = [:]
        /// The registered names that are patterns (`Inter-*`), in the order registered.
        var patternRegistrations: [AssetNameKey] = []
        /// The files loaded, in load order; nil where a file was unloaded.
        var loadedFiles: [LoadedFile?] = []
        /// For each asset of a loaded file, under its unique name and under the
        /// encoded form of it, the indexes of the loaded files having it, in load order.
        var filesByKey: [AssetNameKey: [Int]] = [:]
        var subscribers: [UUID: AsyncStream<Change>.Continuation] = [:]
        /// The sources in the order they were added, with what each served last.
        var sources: [(source: any AssetSource, served: ServedAssets)] = []
        var failureSubscribers: [UUID: AsyncStream<SourceFailure>.Continuation] = [:]
        /// The outputs added, held weakly (an output holds its file, which holds the registry).
        var outputs: [WeakOutput] = []

        /// The bytes for `key`: the explicit registration, else the first source that
        /// serves it (``ServedAssets``).
        func resolve(_ key: AssetNameKey) -> Data? {
            resolveMatch(key)?.bytes
        }

        /// ``resolve(_:)`` with the name that matched `key` (registered or served),
        /// whether it is a pattern, and the id of the source that served it (nil for
        /// an explicit registration).
        func resolveMatch(_ key: AssetNameKey) -> (bytes: Data, name: String, isPattern: Bool, source: String?)? {
            if let explicit = registration(for: key), let bytes = replacements[explicit] {
                return (bytes, explicit.name, WildcardPattern.isPattern(explicit.name), nil)
            }
            for (source, served) in sources {
                if let found = served.first(for: key) { return (found.bytes, found.name, found.isPattern, source.id) }
            }
            return nil
        }

        /// The explicit registration that serves `key`, by the rule of
        /// ``ReplacementIndex``: the name verbatim, else in the encoded form of
        /// `AssetFileName` (as a folder's file names it), else the first pattern
        /// registered that matches. Exact names are dictionary look-ups; only the
        /// patterns are tried one by one.
        func registration(for key: AssetNameKey) -> AssetNameKey? {
            AssetFileName.stems(naming: key.name).lazy.map { AssetNameKey(type: key.type, name: $0) }.first { replacements[$0] != nil }
                ?? patternRegistrations.first { $0.type == key.type && WildcardPattern.matches($0.name, key.name) }
        }

        /// The paths of the loaded files that have an asset `key`, verbatim or
        /// encoded, or one that `key` matches when it is a pattern, in load order.
        func files(having key: AssetNameKey) -> [String] {
            guard WildcardPattern.isPattern(key.name) else { return (filesByKey[key] ?? []).compactMap { loadedFiles[$0]?.path } }
            let indexes = Set(filesByKey.filter { $0.key.type == key.type && WildcardPattern.matches(key.name, $0.key.name) }.values.joined())
            return indexes.sorted().compactMap { loadedFiles[$0]?.path }
        }

        /// Adds `file` to the loaded files and to the index; returns its index.
        mutating func append(_ file: LoadedFile) -> Int {
            let index = loadedFiles.count
            loadedFiles.append(file)
            for key in file.assets {
                for form in AssetFileName.stems(naming: key.name) {
                    let indexed = AssetNameKey(type: key.type, name: form)
                    if filesByKey[indexed]?.last != index { filesByKey[indexed, default: []].append(index) }
                }
            }
            return index
        }

        /// Takes the file at `index` out of the loaded files and the index (its
        /// place stays, empty, so that other indexes keep their meaning).
        mutating func removeFile(at index: Int) {
            guard loadedFiles.indices.contains(index), let file = loadedFiles[index] else { return }
            loadedFiles[index] = nil
            for key in file.assets {
                for form in AssetFileName.stems(naming: key.name) {
                    let indexed = AssetNameKey(type: key.type, name: form)
                    filesByKey[indexed]?.removeAll { $0 == index }
                    if filesByKey[indexed]?.isEmpty == true { filesByKey[indexed] = nil }
                }
            }
        }
    }

    let state = Protected(State())

    /// What of an asset registered names are compared with: its unique name
    /// (the default), or its name without extension, the same in every file.
    public let matchKey: AssetMatchKey

    /// Creates an empty registry whose names are compared with `matchKey` of each
    /// asset: unique names by default (`Inter-102113`); with
    /// `.nameWithoutExtension`, `Inter` replaces the font `Inter.ttf` of every file.
    public init(matching matchKey: AssetMatchKey = .uniqueName) {
        self.matchKey = matchKey
    }

    /// Registers `bytes` for every image asset whose unique name is `name`, or
    /// that `name` matches when it is a pattern (`*`, `?`, `[...]`: `logo-*`), as
    /// `riv-assets replace --image` and ``ClosureAssetSource`` take names. An exact
    /// name wins over a pattern; of several patterns, the first registered.
    public func addGlobalImageAsset(_ bytes: Data, name: String) { addGlobalAsset(bytes, name: name, type: .image) }
    /// Registers `bytes` for every font asset whose unique name is `name`, or that
    /// the pattern `name` matches (`Inter-*`); see ``addGlobalImageAsset(_:name:)``.
    public func addGlobalFontAsset(_ bytes: Data, name: String) { addGlobalAsset(bytes, name: name, type: .font) }
    /// Registers `bytes` for every audio asset whose unique name is `name`, or that
    /// the pattern `name` matches; see ``addGlobalImageAsset(_:name:)``.
    public func addGlobalAudioAsset(_ bytes: Data, name: String) { addGlobalAsset(bytes, name: name, type: .audio) }

    /// Registers the bytes of the file at `url` for every image asset whose unique
    /// name is `name`, after checking that they are an image format Rive decodes
    /// (PNG, JPEG, WebP): a wrong file fails here, at once, rather than when a file
    /// is written, and is never counted as a replacement by ``matchResult()``.
    public func addGlobalImageAsset(contentsOf url: URL, name: String) throws(RivEditError) {
        try addGlobalAsset(contentsOf: url, name: name, type: .image)
    }

    /// Like ``addGlobalImageAsset(contentsOf:name:)`` for a font (TTF or OTF).
    public func addGlobalFontAsset(contentsOf url: URL, name: String) throws(RivEditError) {
        try addGlobalAsset(contentsOf: url, name: name, type: .font)
    }

    /// Like ``addGlobalImageAsset(contentsOf:name:)`` for audio (WAV, MP3, FLAC or Ogg).
    public func addGlobalAudioAsset(contentsOf url: URL, name: String) throws(RivEditError) {
        try addGlobalAsset(contentsOf: url, name: name, type: .audio)
    }

    /// Registers every replacement file of the folder at `url`, as `riv-assets
    /// replace --assets` reads it (``AssetFolder``), and returns the names of the
    /// files skipped as no image, font or audio format. Nothing is registered when
    /// the folder cannot be used, or when a replacement file holds more than
    /// `maximumFileSize` bytes.
    @discardableResult
    public func addGlobalAssets(inFolder url: URL, maximumFileSize: Int = AssetFolder.defaultMaximumFileSize) throws(AssetFolder.Problem) -> [String] {
        let folder = try AssetFolder(contentsOf: url, maximumFileSize: maximumFileSize)
        var loaded: [(AssetFolder.Entry, Data)] = []
        for entry in folder.entries {
            do {
                loaded.append((entry, try Data(contentsOf: entry.url, options: .alwaysMapped)))
            } catch {
                throw .unreadableFile(path: entry.url.path, reason: FileSystemErrorText.reason(error))
            }
        }
        for (entry, bytes) in loaded { addGlobalAsset(bytes, name: entry.name, type: entry.type) }
        return folder.skipped
    }

    /// Removes the image registered under `name`, if any.
    public func removeGlobalImageAsset(name: String) { removeGlobalAsset(name: name, type: .image) }
    /// Removes the font registered under `name`, if any.
    public func removeGlobalFontAsset(name: String) { removeGlobalAsset(name: name, type: .font) }
    /// Removes the audio registered under `name`, if any.
    public func removeGlobalAudioAsset(name: String) { removeGlobalAsset(name: name, type: .audio) }

    /// The bytes that replace the asset `name` in the namespace of `type` now: the
    /// explicit registration, else what the first source serving it provides.
    /// `name` is what ``matchKey`` takes of an asset (its unique name by default).
    public func replacement(named name: String, type: AssetType) -> Data? {
        state.withLock { $0.resolve(AssetNameKey(type: type, name: name)) }
    }

    /// The bytes that replace `asset` now, if any; only images, fonts and audio are replaced.
    public func replacement(for asset: FileAsset) -> Data? {
        planItem(for: asset)?.contents.bytes
    }

    /// What replaces `asset` now, as an item of a ``ReplacementPlan``; nil when nothing does.
    /// With the `spelling` of the names its file asks for, a name registered or
    /// served in the Android spelling (`kenia_37286` for `Kenia-37286`, a folder of
    /// `strip --layout android` without its manifest) serves it too, when no other
    /// name of the file is spelled the same.
    package func planItem(for asset: FileAsset, spelling: AndroidSpelling? = nil) -> ReplacementPlan.Item? {
        guard asset.type.isReplaceable else { return nil }
        let key = AssetNameKey(type: asset.type, name: matchKey.key(of: asset))
        let spelled = spelling?.stem(of: asset.uniqueName, type: asset.type).map { AssetNameKey(type: asset.type, name: $0) }
        guard let match = state.withLock({ state in state.resolveMatch(key) ?? spelled.flatMap(state.resolveMatch) }) else { return nil }
        let origin = match.source.map { "served as \(asset.type) \"\(match.name)\" by the source \($0)" }
            ?? "registered as \(asset.type) \"\(match.name)\""
        return ReplacementPlan.Item(asset: asset, contents: .bytes(match.bytes), matchedName: match.name, matchedPattern: match.isPattern,
                                    origin: origin)
    }

    /// What replaces each asset of `file` now (a name in the Android `spelling` of
    /// the file's names included, as ``planItem(for:spelling:)`` says; the
    /// spelling is made once per loaded file, so planning stays linear).
    package func plan(for file: RivFile, spelling: AndroidSpelling?) -> ReplacementPlan {
        var plan = ReplacementPlan()
        for asset in file.assets {
            if let item = planItem(for: asset, spelling: spelling) { plan.append(item) }
        }
        return plan
    }

    /// The names registered explicitly (not through sources), of each type, sorted.
    public var registeredNames: [(type: AssetType, name: String)] {
        state.withLock { state in
            state.replacements.keys.sorted { ($0.type.description, $0.name) < ($1.type.description, $1.name) }
                .map { ($0.type, $0.name) }
        }
    }

    /// Reads the file at `path` and remembers its assets for ``matchResult()``.
    public func load(path: String) throws(RivError) -> RegisteredRivFile {
        register(try RivFile(path: path))
    }

    /// Reads the file at `url` and remembers its assets for ``matchResult()``.
    public func load(contentsOf url: URL) throws(RivError) -> RegisteredRivFile {
        register(try RivFile(contentsOf: url))
    }

    /// Reads a file from bytes in memory and remembers its assets for ``matchResult()``.
    public func load<Bytes: Collection>(bytes: Bytes) throws(RivError) -> RegisteredRivFile where Bytes.Element == UInt8 {
        register(try RivFile(bytes: bytes))
    }

    /// Adopts a file already read.
    public func register(_ file: RivFile) -> RegisteredRivFile {
        let loaded = LoadedFile(path: file.path, assets: file.assets.map { AssetNameKey(type: $0.type, name: matchKey.key(of: $0)) },
                                uniqueNames: file.assets.map(\.uniqueName))
        let index = state.withLock { $0.append(loaded) }
        return RegisteredRivFile(file: file, registry: self, loadIndex: index,
                                 spelling: matchKey == .uniqueName ? AndroidSpelling(asking: file.assets) : nil)
    }

    /// Forgets `file`: ``matchResult()`` and the ``Change/affectedFiles`` of later
    /// changes no longer count it. The value itself still reads the registry's
    /// replacements and can still be written. Unloading a file twice, or a file of
    /// another registry, does nothing.
    public func unload(_ file: RegisteredRivFile) {
        guard file.registry === self else { return }
        state.withLock { $0.removeFile(at: file.loadIndex) }
    }

    /// A stream of every change made from now on; it ends when the caller stops iterating.
    public func changes() -> AsyncStream<Change> {
        subscribe(\.subscribers)
    }

    /// A new stream whose continuation stays in the subscribers at `list` until
    /// its caller stops iterating.
    func subscribe<Element>(_ list: WritableKeyPath<State, [UUID: AsyncStream<Element>.Continuation]> & Sendable) -> AsyncStream<Element> {
        let (stream, continuation) = AsyncStream<Element>.makeStream(bufferingPolicy: .unbounded)
        let id = UUID()
        state.withLock { $0[keyPath: list][id] = continuation }
        continuation.onTermination = { [weak self] _ in
            _ = self?.state.withLock { $0[keyPath: list].removeValue(forKey: id) }
        }
        return stream
    }

    /// `Copse-3637` → `Copse`: a unique name without its `-<id>` ending.
    private static func withoutID(_ name: String) -> String {
        guard let dash = name.lastIndex(of: "-"), name[name.index(after: dash)...].allSatisfy(\.isASCII),
              !name[name.index(after: dash)...].isEmpty, name[name.index(after: dash)...].allSatisfy(\.isNumber) else { return name }
        return String(name[..<dash])
    }

    /// Which assets of the files loaded so far the registrations replace, and which
    /// registered names replace no asset of any of them, each with the unique names
    /// of loaded assets of its type that share its name without the id (`Copse-3636`
    /// for `Copse-3637`): the likely meant ones when the name is misspelled. A name
    /// may also be meant for a file not loaded yet: registering ahead is normal, and
    /// never stops a write.
    public func matchResult() -> MatchResult {
        let state = state.withLock { $0 }
        var matched: Set<AssetNameKey> = []
        var replaced: [MatchResult.Replacement] = []
        var byStem: [AssetNameKey: [String]] = [:]
        for file in state.loadedFiles.compactMap({ $0 }) {
            let spelling = matchKey == .uniqueName ? AndroidSpelling(askingNames: file.assets) : nil
            for (key, uniqueName) in zip(file.assets, file.uniqueNames) {
                let stem = AssetNameKey(type: key.type, name: Self.withoutID(key.name))
                if byStem[stem]?.contains(key.name) != true { byStem[stem, default: []].append(key.name) }
                let spelled = spelling?.stem(of: key.name, type: key.type).map { AssetNameKey(type: key.type, name: $0) }
                guard let registered = state.registration(for: key) ?? spelled.flatMap(state.registration(for:)) else { continue }
                matched.insert(registered)
                replaced.append(.init(path: file.path, uniqueName: uniqueName, type: key.type))
            }
        }
        let unmatched = state.replacements.keys.filter { !matched.contains($0) }
            .sorted { ($0.type.description, $0.name) < ($1.type.description, $1.name) }
            .map { MatchResult.UnmatchedName(name: $0.name, type: $0.type, nearest: byStem[AssetNameKey(type: $0.type, name: Self.withoutID($0.name))] ?? []) }
        return MatchResult(replaced: replaced, unmatched: unmatched)
    }

    /// Registers the bytes of the file at `url` for every asset of `type` that
    /// `name` names, after checking that they are a format Rive decodes for the
    /// type (`AssetType.acceptedFormats`); the one engine behind
    /// ``addGlobalImageAsset(contentsOf:name:)`` and its font and audio forms.
    public func addGlobalAsset(contentsOf url: URL, name: String, type: AssetType) throws(RivEditError) {
        addGlobalAsset(try AssetFolder.replacementBytes(at: url, type: type, name: name), name: name, type: type)
    }

    /// Registers `bytes` for every asset of `type` whose unique name is `name`, or
    /// that the pattern `name` matches; the one engine behind
    /// ``addGlobalImageAsset(_:name:)`` and its font and audio forms. Only the
    /// replaceable types (`AssetType.isReplaceable`) are ever replaced.
    public func addGlobalAsset(_ bytes: Data, name: String, type: AssetType) {
        state.withLock { state in
            let key = AssetNameKey(type: type, name: name)
            let previous = state.replacements.updateValue(bytes, forKey: key)
            if previous == nil, WildcardPattern.isPattern(name) { state.patternRegistrations.append(key) }
            publish(Change(name: name, type: type, action: previous == nil ? .added : .replaced, affectedFiles: state.files(having: key)), to: state)
        }
    }

    /// Removes what is registered under `name` for `type`, if anything.
    public func removeGlobalAsset(name: String, type: AssetType) {
        state.withLock { state in
            let key = AssetNameKey(type: type, name: name)
            guard state.replacements.removeValue(forKey: key) != nil else { return }
            state.patternRegistrations.removeAll { $0 == key }
            publish(Change(name: name, type: type, action: .removed, affectedFiles: state.files(having: key)), to: state)
        }
    }

    func publish(_ change: Change, to state: State) {
        for continuation in state.subscribers.values { continuation.yield(change) }
    }
}
