#if canImport(Glibc)
import Glibc
#endif

/// The CPUs this process may run on, and the calls that pin a thread to some of
/// them: glibc's `sched_getaffinity`, `sched_setaffinity`,
/// `pthread_attr_setaffinity_np` and `sched_getcpu`, which the Glibc module leaves
/// out (they need `_GNU_SOURCE`) and are looked up by name instead. Every call
/// reports failure when a function is missing.
enum CPUAffinity {
    /// The CPUs the calling thread may run on, in increasing order; empty when unknown.
    static func allowedCPUs() -> [Int32] {
        guard var mask = currentMask() else { return [] }
        return withUnsafeBytes(of: &mask) { bytes in
            (0..<Int32(bytes.count * 8)).filter { cpu in bytes[Int(cpu) / 8] & (1 << UInt8(cpu % 8)) != 0 }
        }
    }

    /// The CPU the calling thread runs on now, if known.
    static func currentCPU() -> Int32? {
        guard let getCPU = functions.getCPU else { return nil }
        let cpu = getCPU()
        return cpu >= 0 ? cpu : nil
    }

    /// The calling thread's CPU mask.
    static func currentMask() -> cpu_set_t? {
        var mask = cpu_set_t()
        guard let getAffinity = functions.getAffinity, getAffinity(0, MemoryLayout<cpu_set_t>.size, &mask) == 0 else { return nil }
        return mask
    }

    /// Sets the calling thread's CPU mask; false when it could not.
    @discardableResult
    static func setCurrentMask(_ mask: cpu_set_t) -> Bool {
        var mask = mask
        guard let setAffinity = functions.setAffinity else { return false }
        return setAffinity(0, MemoryLayout<cpu_set_t>.size, &mask) == 0
    }

    /// Makes threads created with `attributes` start on `cpu` alone; false when it could not.
    static func restrict(_ attributes: inout pthread_attr_t, to cpu: Int32) -> Bool {
        guard let setAttributeAffinity = functions.setAttributeAffinity, cpu >= 0,
              Int(cpu) < MemoryLayout<cpu_set_t>.size * 8 else { return false }
        var single = cpu_set_t()
        withUnsafeMutableBytes(of: &single) { bytes in bytes[Int(cpu) / 8] |= 1 << UInt8(cpu % 8) }
        return setAttributeAffinity(&attributes, MemoryLayout<cpu_set_t>.size, &single) == 0
    }

    private typealias AffinityCall = @convention(c) (pid_t, Int, UnsafeMutableRawPointer) -> Int32
    private typealias AttributeAffinityCall = @convention(c) (UnsafeMutableRawPointer, Int, UnsafeMutableRawPointer) -> Int32

    private struct Functions: @unchecked Sendable {
        let getAffinity: AffinityCall?
        let setAffinity: AffinityCall?
        let setAttributeAffinity: AttributeAffinityCall?
        let getCPU: (@convention(c) () -> Int32)?
    }

    private static let functions = Functions(
        getAffinity: function("sched_getaffinity"), setAffinity: function("sched_setaffinity"),
        setAttributeAffinity: function("pthread_attr_setaffinity_np"), getCPU: function("sched_getcpu"))

    private static func function<Function>(_ name: String) -> Function? {
        dlsym(nil, name).map { unsafeBitCast($0, to: Function.self) }
    }
}
