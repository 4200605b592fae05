import Foundation
import RivFormat
import RivAssetRegistry
import RivSupport

/// `riv-assets replace --assets DIR --watch`: writes the outputs once, then keeps
/// them in step with the folder. It loads every input into an `AssetRegistry`
/// (matching as the request asks: unique names, or names with `matchingByName`)
/// whose sources are the named replacements (`FixedAssetSource`), then the folder
/// (`FolderAssetSource`), as `replace` picks (`ReplacementIndex`), gives each input a
/// `RegistryOutput`, and follows the folder with a
/// `FolderWatch`: after each change, only the outputs whose
/// replacements changed are rewritten (atomically). A file removed from the
/// folder puts the original asset back; a file still being copied is not used
/// until it is whole. Every output mirrors its input and the folder from the
/// start: each is written at once (an input no replacement matches is copied), and
/// an output that already exists is taken over only with `overwrite` (in place,
/// always); without it the start fails (``hasFailures``) rather than leaving a
/// watch that can write nothing. Named replacements are checked by the rule
/// `replace` uses (``ReplaceRequest/skipChecks`` passes it), and each write
/// applies the registry's `ReplacementPlan` and carries `replace`'s warnings
/// from it (an image of another shape, a referenced asset a pattern embedded).
public final class ReplaceWatch: Sendable {
    private let registry: AssetRegistry
    /// The outputs, with their input.
    private let outputs: [(input: String, output: RegistryOutput)]
    private let request: ReplaceRequest
    private let onEvent: @Sendable (ReplaceWatchEvent) -> Void
    /// What changes as the watch goes on.
    private struct State {
        /// The outputs (by index) written at least once.
        var written: Set<Int> = []
        var watch: FolderWatch?
        var failed = false
    }

    /// Held while outputs are brought up to date, so that a change and a stop do not interleave.
    private let state = Protected(State())

    /// Whether a write failed since the watch started (the start's included).
    public var hasFailures: Bool {
        state.withLock { $0.failed }
    }

    private init(request: ReplaceRequest, registry: AssetRegistry, outputs: [(input: String, output: RegistryOutput)],
                 onEvent: @escaping @Sendable (ReplaceWatchEvent) -> Void) {
        self.request = request
        self.registry = registry
        self.outputs = outputs
        self.onEvent = onEvent
    }

    /// Checks the request, writes every output (each event reported to `onEvent`,
    /// in order; see ``hasFailures`` for an output that could not be), and starts following the
    /// folder. Throws before writing anything when the request cannot be watched:
    /// `--watch` needs a replacement folder, no dry run, and outputs outside the folder.
    public static func start(_ request: ReplaceRequest, onEvent: @escaping @Sendable (ReplaceWatchEvent) -> Void) throws(RequestError) -> ReplaceWatch {
        try InputEngine.requireInputs(request.rewrite.inputNames)
        guard let folder = request.replacementFolder else { throw RequestError(.invalidOption, "watching needs a folder of replacements (\(RequestField.replacementFolder))") }
        guard !request.rewrite.dryRun else { throw RequestError(.invalidOption, "a dry run cannot watch: it writes nothing to keep in step") }
        let folderURL = LiteralPath.kernelURL(folder)
        let folderPath = LiteralPath.resolvedURL(folder).path
        let destinations = try OutputPaths.resolve(inputs: request.rewrite.inputNames, destination: request.rewrite.destination)
        for destination in destinations where LiteralPath.resolvedURL(destination.path).path.hasPrefix(folderPath + "/") {
            throw RequestError(.destinationUnusable, "\(destination.path) is inside \(folder): the outputs would change the folder being watched")
        }
        // Watching writes every output from the start and keeps them: their folder is made now.
        for destination in destinations { try OutputPaths.createFolder(of: destination) }
        // The order `replace` picks in (`ReplacementIndex`): the named replacements
        // (a source asked first: an exact name, else the first pattern), else the folder's file.
        let registry = AssetRegistry(matching: request.matchingByName ? .nameWithoutExtension : .uniqueName)
        var named: [SourcedAsset] = []
        for entry in try ReplacementSet.namedEntries(of: request) {
            do {
                let bytes = try Data(contentsOf: entry.file, options: .alwaysMapped)
                named.append(SourcedAsset(type: entry.type, name: entry.name, bytes: bytes))
            } catch {
                throw RequestError(.replacementUnusable, "cannot use \(entry.file.path): \(FileSystemErrorText.reason(error))")
            }
        }
        if !named.isEmpty {
            _ = registry.addSourceImmediately(FixedAssetSource(id: "named replacements", assets: named))
        }
        let source = FolderAssetSource(url: folderURL, id: folder, maximumFileSize: request.maximumFileSize)
        let first = registry.addSourceImmediately(source)
        if let failure = first.failure { throw RequestError(.replacementUnusable, failure.message, underlying: failure) }
        var outputs: [(input: String, output: RegistryOutput)] = []
        var failures: [ReplaceWatchEvent] = []
        for (input, destination) in zip(request.rewrite.inputNames, destinations) {
            switch InputEngine.read(input) {
            case .success(let file): outputs.append((input, registry.addOutput(for: registry.register(file), at: destination)))
            case .failure(let error): failures.append(.failed(InputFailure(path: input, message: error.message)))
            }
        }
        let replaceWatch = ReplaceWatch(request: request, registry: registry, outputs: outputs, onEvent: onEvent)
        for failure in failures { onEvent(failure) }
        // Following starts before the first writes, so that no change made meanwhile is missed.
        let folderWatch = source.watch(updating: registry) { [weak replaceWatch] update in replaceWatch?.apply(update) }
        replaceWatch.state.withLock { $0.watch = folderWatch }
        replaceWatch.bringUpToDate(isStart: true)
        return replaceWatch
    }

    /// Stops following the folder; a rewrite in progress finishes first. The
    /// outputs stay as last written.
    public func stop() {
        state.withLock { $0.watch }?.stop()
        // Waits for a rewrite in progress to finish.
        state.withLock { _ in }
    }

    private func apply(_ update: SourceUpdate) {
        if let failure = update.failure { onEvent(.folderFailed(failure.message)) }
        for note in update.notes { onEvent(.folderNote(note)) }
        guard !update.changes.isEmpty else { return }
        bringUpToDate(isStart: false)
    }

    /// Writes every output at the start, then each one that is out of date (its
    /// replacements changed, or went away: the original comes back).
    private func bringUpToDate(isStart: Bool) {
        state.withLock { state in
            for (index, (input, output)) in outputs.enumerated() {
                bringUpToDate(index, input: input, output: output, isStart: isStart, state: &state)
            }
        }
    }

    /// Writes the output `index` at the start, or when it is out of date.
    private func bringUpToDate(_ index: Int, input: String, output: RegistryOutput, isStart: Bool, state: inout State) {
        let wasWritten = state.written.contains(index)
        guard isStart || output.isOutOfDate else { return }
        do throws(RivEditError) {
            if !wasWritten {
                // The first write follows the overwrite rule of every command.
                try RewriteStep(request.rewrite).checkDestination(output.url)
            }
            let written = try output.write(evenIfUpToDate: isStart, skipChecks: request.skipChecks)
            state.written.insert(index)
            // The warnings `replace` gives, from the plan this write applied.
            onEvent(.written(input: input, output: output.url.path, changes: (written?.outcomes ?? []).map { AssetChange($0) },
                             warnings: written?.plan.warnings() ?? [], isRewrite: wasWritten))
        } catch {
            state.failed = true
            onEvent(.failed(InputFailure(path: input, error)))
        }
    }
}
