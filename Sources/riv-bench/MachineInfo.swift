import Foundation

/// What the figures were measured on.
struct MachineInfo: Codable, Sendable {
    var cores: Int
    var memoryBytes: UInt64
    var kernel: String
    var fileSystem: String
    var freeDiskBytes: Int

    init(folder: String) {
        cores = ProcessInfo.processInfo.activeProcessorCount
        memoryBytes = ProcessInfo.processInfo.physicalMemory
        kernel = Platform.procText("/proc/sys/kernel/osrelease")?.trimmingCharacters(in: .whitespacesAndNewlines) ?? "unknown"
        fileSystem = Self.fileSystem(of: folder)
        freeDiskBytes = (try? Platform.freeBytes(at: folder)) ?? 0
    }

    /// The one-minute load average now: other work on the machine skews the figures.
    static var loadAverage: Double {
        guard let text = Platform.procText("/proc/loadavg"),
              let first = text.split(separator: " ").first else { return 0 }
        return Double(first) ?? 0
    }

    /// The type of the file system mounted deepest above `folder`, from /proc/mounts.
    private static func fileSystem(of folder: String) -> String {
        guard let mounts = Platform.procText("/proc/mounts") else { return "unknown" }
        let path = URL(fileURLWithPath: folder).resolvingSymlinksInPath().path
        var best = (point: "", type: "unknown")
        for line in mounts.split(separator: "\n") {
            let fields = line.split(separator: " ")
            guard fields.count >= 3 else { continue }
            let point = String(fields[1])
            let inside = point == "/" || path == point || path.hasPrefix(point + "/")
            if inside && point.count >= best.point.count { best = (point, String(fields[2])) }
        }
        return best.type
    }
}
