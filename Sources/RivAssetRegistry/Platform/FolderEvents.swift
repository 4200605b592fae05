#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#else
#error("RivAssetRegistry needs a POSIX C library: Glibc or Musl (Linux) or Darwin (Apple platforms)")
#endif
import Dispatch
import Foundation
import RivFormat
import RivSupport

// The one file of the module that imports the C library: how a folder is
// followed (inotify on Linux, kqueue on Apple platforms), beside the calls
// RivSupport's `POSIX` shares with it.

extension POSIX {
    /// What `FolderEvents/wait(timeout:)` saw.
    enum FolderEvent {
        /// Something in the folder changed (or the folder itself went or came back).
        case changed
        /// Nothing happened before the time was up.
        case timedOut
        /// `FolderEvents/close()` was called.
        case closed
    }

    /// The kernel's word that something in one folder changed: a file created,
    /// written, renamed, removed, or the folder itself removed or created again.
    /// Waiting costs no CPU. Linux: inotify on the folder and, for its re-creation,
    /// its parent. Apple platforms: kqueue vnode sources on the folder and on each
    /// file in it (re-read at each wait), and while the folder is gone a look for
    /// it every 200 ms. Elsewhere `init` fails and callers poll.
    final class FolderEvents: @unchecked Sendable {
        private let path: String
        private let lock = DispatchSemaphore(value: 1)
        private var closed = false
        #if canImport(Glibc) || canImport(Musl)
        private let notifier: Int32
        private let wakeRead: Int32
        private let wakeWrite: Int32
        private var folderWatch: Int32 = -1
        private let folderName: [UInt8]
        private static let folderMask = UInt32(IN_CREATE) | UInt32(IN_DELETE) | UInt32(IN_MODIFY) | UInt32(IN_CLOSE_WRITE)
            | UInt32(IN_MOVED_FROM) | UInt32(IN_MOVED_TO) | UInt32(IN_ATTRIB) | UInt32(IN_DELETE_SELF) | UInt32(IN_MOVE_SELF)
        #elseif canImport(Darwin)
        private let signal = DispatchSemaphore(value: 0)
        private let queue = DispatchQueue(label: "riv-assets.folder-events")
        private var sources: [String: DispatchSourceFileSystemObject] = [:]
        #endif

        /// Starts watching the folder at `path` (which may not exist yet); nil when
        /// this system cannot notify.
        init?(watching path: String) {
            self.path = path
            #if canImport(Glibc) || canImport(Musl)
            let notifier = inotify_init1(Int32(IN_CLOEXEC) | Int32(IN_NONBLOCK))
            var pipeEnds: [Int32] = [0, 0]
            guard notifier >= 0 else { return nil }
            guard pipe(&pipeEnds) == 0 else {
                try? POSIX.closeDescriptor(notifier)
                return nil
            }
            self.notifier = notifier
            (wakeRead, wakeWrite) = (pipeEnds[0], pipeEnds[1])
            let trimmed = path.hasSuffix("/") && path.count > 1 ? String(path.dropLast()) : path
            let slash = trimmed.lastIndex(of: "/")
            let parent = slash.map { $0 == trimmed.startIndex ? "/" : String(trimmed[..<$0]) } ?? "."
            folderName = Array((slash.map { String(trimmed[trimmed.index(after: $0)...]) } ?? trimmed).utf8)
            _ = inotify_add_watch(notifier, parent, UInt32(IN_CREATE) | UInt32(IN_MOVED_TO))
            folderWatch = inotify_add_watch(notifier, path, Self.folderMask)
            #elseif canImport(Darwin)
            refreshSources()
            #else
            return nil
            #endif
        }

        deinit {
            close()
            #if canImport(Glibc) || canImport(Musl)
            for descriptor in [notifier, wakeRead, wakeWrite] { try? POSIX.closeDescriptor(descriptor) }
            #endif
        }

        /// Blocks until something changes, `timeout` seconds pass (nil: no limit), or
        /// the watch is closed.
        func wait(timeout: Double?) -> FolderEvent {
            #if canImport(Glibc) || canImport(Musl)
            var descriptors = [pollfd(fd: notifier, events: Int16(POLLIN), revents: 0), pollfd(fd: wakeRead, events: Int16(POLLIN), revents: 0)]
            let milliseconds = timeout.map { Int32(max(0, min(($0 * 1000).rounded(.up), Double(Int32.max)))) } ?? -1
            while true {
                let ready = poll(&descriptors, 2, milliseconds)
                if ready < 0 && errno == EINTR { continue }
                if isClosed || descriptors[1].revents != 0 { return .closed }
                if ready <= 0 { return .timedOut }
                return drainEvents() ? .changed : .timedOut
            }
            #elseif canImport(Darwin)
            if isClosed { return .closed }
            if queue.sync(execute: { sources[path] == nil }) {
                // The folder is gone: look for it again a little later.
                let step = min(timeout ?? 0.2, 0.2)
                _ = signal.wait(timeout: .now() + step)
                if isClosed { return .closed }
                refreshSources()
                return queue.sync(execute: { sources[path] != nil }) ? .changed : .timedOut
            }
            let result: DispatchTimeoutResult
            if let timeout {
                result = signal.wait(timeout: .now() + timeout)
            } else {
                signal.wait()
                result = .success
            }
            if isClosed { return .closed }
            guard result == .success else { return .timedOut }
            refreshSources()
            return .changed
            #else
            return .closed
            #endif
        }

        /// Stops watching; a wait in progress returns `.closed`.
        func close() {
            lock.wait()
            let wasClosed = closed
            closed = true
            lock.signal()
            guard !wasClosed else { return }
            #if canImport(Glibc) || canImport(Musl)
            var byte: UInt8 = 1
            _ = write(wakeWrite, &byte, 1)
            #elseif canImport(Darwin)
            queue.sync {
                for source in sources.values { source.cancel() }
                sources = [:]
            }
            signal.signal()
            #endif
        }

        private var isClosed: Bool {
            lock.wait()
            defer { lock.signal() }
            return closed
        }

        #if canImport(Glibc) || canImport(Musl)
        /// Reads every pending event; true when one concerns the folder (not just a
        /// sibling in its parent). Re-adds the folder's watch when it comes back.
        private func drainEvents() -> Bool {
            var relevant = false
            var buffer = [UInt8](repeating: 0, count: 64 * 1024)
            while true {
                let count = buffer.withUnsafeMutableBytes { readAvailable(notifier, $0) }
                guard count > 0 else { break }
                var offset = 0
                while offset + 16 <= count {
                    let watch = buffer.withUnsafeBytes { $0.loadUnaligned(fromByteOffset: offset, as: Int32.self) }
                    let length = Int(buffer.withUnsafeBytes { $0.loadUnaligned(fromByteOffset: offset + 12, as: UInt32.self) })
                    let name = buffer[(offset + 16)..<min(count, offset + 16 + length)].prefix { $0 != 0 }
                    if watch == folderWatch {
                        relevant = true
                    } else if Array(name) == folderName {
                        // The folder was created (again) in its parent: watch it anew.
                        folderWatch = inotify_add_watch(notifier, path, Self.folderMask)
                        relevant = true
                    }
                    offset += 16 + length
                }
            }
            return relevant
        }
        #elseif canImport(Darwin)
        /// Watches the folder and every file in it, dropping sources of what is gone.
        private func refreshSources() {
            queue.sync {
                var wanted = [path]
                if let entries = try? FileManager.default.contentsOfDirectory(atPath: path) { wanted += entries.map { path + "/" + $0 } }
                for (watched, source) in sources where !wanted.contains(watched) {
                    source.cancel()
                    sources[watched] = nil
                }
                for item in wanted where sources[item] == nil {
                    let descriptor = open(item, O_EVTONLY)
                    guard descriptor >= 0 else { continue }
                    let source = DispatchSource.makeFileSystemObjectSource(
                        fileDescriptor: descriptor, eventMask: [.write, .extend, .delete, .rename, .attrib, .link], queue: queue)
                    let signal = self.signal
                    source.setEventHandler { signal.signal() }
                    source.setCancelHandler { try? POSIX.closeDescriptor(descriptor) }
                    source.resume()
                    sources[item] = source
                }
                // A folder source that saw its folder removed is stale: drop it so the next wait looks again.
                if access(path, F_OK) != 0, let stale = sources[path] {
                    stale.cancel()
                    sources[path] = nil
                }
            }
        }
        #endif
    }
}

/// The C library's `read`, which `POSIX.read(from:into:at:)` hides inside the enum.
private func readAvailable(_ descriptor: Int32, _ buffer: UnsafeMutableRawBufferPointer) -> Int {
    read(descriptor, buffer.baseAddress, buffer.count)
}
