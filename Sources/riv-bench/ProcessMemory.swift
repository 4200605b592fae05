import Foundation
import RivFormat
import RivSupport

/// The resident memory of this process from `/proc/self/status`, in bytes.
struct ProcessMemory: Sendable, Codable {
    /// VmHWM: the peak resident set since the process started.
    var peak = 0
    /// VmRSS: the resident set now.
    var resident = 0
    /// RssAnon: heap and other anonymous memory.
    var anonymous = 0
    /// RssFile: pages of mapped files (the page cache pages this process has mapped).
    var fileBacked = 0

    /// Reads the current values.
    static func current() -> ProcessMemory {
        var memory = ProcessMemory()
        guard let text = Platform.procText("/proc/self/status") else { return memory }
        for line in text.split(separator: "\n") {
            let fields = line.split(omittingEmptySubsequences: true) { $0 == " " || $0 == "\t" }
            guard fields.count >= 2, let kibibytes = Int(fields[1]) else { continue }
            switch fields[0] {
            case "VmHWM:": memory.peak = kibibytes * 1024
            case "VmRSS:": memory.resident = kibibytes * 1024
            case "RssAnon:": memory.anonymous = kibibytes * 1024
            case "RssFile:": memory.fileBacked = kibibytes * 1024
            default: break
            }
        }
        return memory
    }
}

/// Samples the anonymous and file-backed parts of the resident set every few
/// milliseconds on a thread of its own, to say which of the two made the peak.
/// (The kernel keeps the peak of their sum only.)
final class MemorySampler: Sendable {
    private let stopped = Protected(false)
    private let peaks = Protected(ProcessMemory())

    static let interval = 0.005

    /// Starts sampling and returns once the first sample is taken, so that the
    /// thread's start-up does not overlap the measured operation.
    func start() {
        let started = DispatchSemaphore(value: 0)
        Thread.detachNewThread { [self] in
            sample()
            started.signal()
            while !stopped.withLock({ $0 }) {
                Thread.sleep(forTimeInterval: Self.interval)
                sample()
            }
        }
        started.wait()
    }

    /// Stops sampling and returns the peaks seen, with the kernel's own VmHWM.
    func stop() -> ProcessMemory {
        stopped.withLock { $0 = true }
        sample()
        return peaks.withLock { $0 }
    }

    private func sample() {
        let now = ProcessMemory.current()
        peaks.withLock { peaks in
            peaks.peak = max(peaks.peak, now.peak)
            peaks.resident = max(peaks.resident, now.resident)
            peaks.anonymous = max(peaks.anonymous, now.anonymous)
            peaks.fileBacked = max(peaks.fileBacked, now.fileBacked)
        }
    }
}
