import Foundation
import RivFormat
import RivSupport

/// A ``FolderAssetSource`` following its folder by itself: on every change the
/// kernel reports (inotify on Linux, kqueue on Apple platforms; elsewhere a look
/// every ``pollInterval``), once the folder has been quiet for ``debounce`` (so a
/// burst of writes is one change), it calls the registry's
/// ``AssetRegistry/sourceContentsChangedImmediately(id:)`` on its own thread and
/// hands the result, with the source's notes (``FolderAssetSource/takeNotes()``),
/// to its callback. A file held back as possibly still being written is looked at again
/// once it has settled. Idle, it waits in the kernel and costs no CPU.
///
/// ```swift
/// let brand = FolderAssetSource(url: URL(fileURLWithPath: "brand"))
/// await registry.addSource(brand)
/// let watch = brand.watch(updating: registry) { update in
///     for result in registry.updateOutdatedOutputs() { print(result.output.url.path) }
/// }
/// // ...
/// watch.stop()
/// ```
public final class FolderWatch: Sendable {
    /// The source being kept up to date.
    public let source: FolderAssetSource
    /// How long the folder must be quiet before a change is acted on.
    public let debounce: TimeInterval
    /// How often the folder is looked at where the system cannot notify.
    public let pollInterval: TimeInterval
    /// The longest a steady stream of changes can hold an update back.
    static let longestHold: TimeInterval = 1

    private let events: POSIX.FolderEvents?
    private let stopped = Protected(false)
    private let finished = DispatchSemaphore(value: 0)

    init(source: FolderAssetSource, registry: AssetRegistry, debounce: TimeInterval, pollInterval: TimeInterval,
         onUpdate: @escaping @Sendable (SourceUpdate) -> Void) {
        self.source = source
        self.debounce = debounce
        self.pollInterval = pollInterval
        events = POSIX.FolderEvents(watching: source.url.path)
        source.setAbandoning(false)
        let thread = Thread { [self] in
            run(registry: registry, onUpdate: onUpdate)
            finished.signal()
        }
        thread.name = "riv-assets folder watch"
        thread.start()
    }

    /// True when the system notifies of changes (no polling).
    public var usesKernelNotifications: Bool { events != nil }

    /// Stops following the folder and returns once the watch has finished: a
    /// look at the folder in progress gives up between chunks of a file (the
    /// registry keeps what it had), an update of the registry already under way
    /// completes. Calling it again does nothing.
    public func stop() {
        let wasStopped = stopped.withLock { state -> Bool in
            defer { state = true }
            return state
        }
        guard !wasStopped else { return }
        source.setAbandoning(true)
        events?.close()
        finished.wait()
    }

    private var isStopped: Bool { stopped.withLock { $0 } }

    private func run(registry: AssetRegistry, onUpdate: @escaping @Sendable (SourceUpdate) -> Void) {
        var snapshot = folderSnapshot()
        while !isStopped {
            let settle = source.nextSettleTime
            let timeout = settle.map { max(0, $0.timeIntervalSinceNow) }
            switch nextEvent(timeout: timeout, snapshot: &snapshot) {
            case .closed: return
            case .timedOut where settle == nil: continue
            case .timedOut: break
            case .changed:
                // Quiet for `debounce`, or held back no longer than `longestHold`.
                let start = Date()
                while Date().timeIntervalSince(start) < Self.longestHold, nextEvent(timeout: debounce, snapshot: &snapshot) == .changed {}
            }
            if isStopped { return }
            // Asked on this thread: no task, so a busy pool of tasks cannot hold it up.
            var update = registry.sourceContentsChangedImmediately(id: source.id)
            update.notes = source.takeNotes()
            onUpdate(update)
        }
    }

    /// The next event from the kernel, or, without notifications, from comparing the folder with `snapshot`.
    private func nextEvent(timeout: TimeInterval?, snapshot: inout [String: String]) -> POSIX.FolderEvent {
        if let events { return events.wait(timeout: timeout) }
        let deadline = timeout.map { Date().addingTimeInterval($0) }
        while !isStopped {
            Thread.sleep(forTimeInterval: min(pollInterval, deadline.map { max(0, $0.timeIntervalSinceNow) } ?? pollInterval))
            let now = folderSnapshot()
            if now != snapshot {
                snapshot = now
                return .changed
            }
            if let deadline, Date() >= deadline { return .timedOut }
        }
        return .closed
    }

    /// Each entry's size and modification time, by name.
    private func folderSnapshot() -> [String: String] {
        guard events == nil, let names = try? FileManager.default.contentsOfDirectory(atPath: source.url.path) else { return [:] }
        var snapshot: [String: String] = [:]
        for name in names {
            let status = POSIX.FileStatus(following: source.url.appendingPathComponent(name).path)
            snapshot[name] = status.map { "\($0.size)/\($0.modified.seconds).\($0.modified.nanoseconds)" } ?? "?"
        }
        return snapshot
    }
}

extension FolderAssetSource {
    /// Starts following the folder, telling `registry` (see ``FolderWatch``); keep
    /// the watch and call ``FolderWatch/stop()`` when done.
    public func watch(updating registry: AssetRegistry, debounce: TimeInterval = 0.05, pollInterval: TimeInterval = 0.5,
                      onUpdate: @escaping @Sendable (SourceUpdate) -> Void = { _ in }) -> FolderWatch {
        FolderWatch(source: self, registry: registry, debounce: debounce, pollInterval: pollInterval, onUpdate: onUpdate)
    }
}
