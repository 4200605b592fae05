#if canImport(Glibc)
import Glibc
#endif

/// Measures how far the live heap grows while one input is checked, through the
/// address sanitizer's malloc and free hooks (looked up at run time, so the meter
/// is simply off in a build without the sanitizer).
///
/// The hooks run inside every `malloc` and `free` of the process: they only add and
/// subtract integers in memory allocated before they were installed.
enum MemoryMeter {
    private typealias MallocHook = @convention(c) (UnsafeRawPointer?, Int) -> Void
    private typealias FreeHook = @convention(c) (UnsafeRawPointer?) -> Void
    private typealias InstallHooks = @convention(c) (MallocHook, FreeHook) -> CInt
    private typealias PointerQuery = @convention(c) (UnsafeRawPointer?) -> Int

    /// [live bytes, peak live bytes since the last `startInput()`].
    nonisolated(unsafe) private static let counters: UnsafeMutablePointer<Int> = {
        let counters = UnsafeMutablePointer<Int>.allocate(capacity: 2)
        counters.initialize(repeating: 0, count: 2)
        return counters
    }()
    nonisolated(unsafe) private static var ownership: PointerQuery?
    nonisolated(unsafe) private static var allocatedSize: PointerQuery?

    /// True once the hooks are installed.
    nonisolated(unsafe) private(set) static var isActive = false

    /// Installs the hooks; call once, before the first input.
    static func install() {
        guard !isActive,
              let install = symbol("__sanitizer_install_malloc_and_free_hooks", as: InstallHooks.self),
              let ownership = symbol("__sanitizer_get_ownership", as: PointerQuery.self),
              let allocatedSize = symbol("__sanitizer_get_allocated_size", as: PointerQuery.self) else { return }
        _ = counters
        Self.ownership = ownership
        Self.allocatedSize = allocatedSize
        let onMalloc: MallocHook = { _, size in
            let counters = MemoryMeter.counters
            counters[0] += size
            if counters[0] > counters[1] { counters[1] = counters[0] }
        }
        let onFree: FreeHook = { pointer in
            guard let pointer, let ownership = MemoryMeter.ownership, ownership(pointer) != 0,
                  let allocatedSize = MemoryMeter.allocatedSize else { return }
            MemoryMeter.counters[0] -= allocatedSize(pointer)
        }
        isActive = install(onMalloc, onFree) != 0
    }

    /// Starts measuring one input: the peak restarts at the current live size.
    static func startInput() -> Int {
        counters[1] = counters[0]
        return counters[0]
    }

    /// How far the live heap rose above `baseline` since `startInput()`.
    static func peakGrowth(since baseline: Int) -> Int {
        counters[1] - baseline
    }

    /// Stops the fuzzer when the heap grew past `memoryFactor` times the input size plus
    /// `memorySlack` (and `allowance`) since `baseline`. `RIV_FUZZ_MEMORY=1` prints every measurement.
    static func checkGrowth(since baseline: Int, inputSize: Int, _ what: String, allowance: Int = 0) {
        guard isActive else { return }
        let growth = peakGrowth(since: baseline)
        if reports { print("memory: \(what) grew the live heap by \(growth) bytes for a \(inputSize)-byte input") }
        let limit = memoryFactor * inputSize + memorySlack + allowance
        require(growth <= limit, "\(what) grew the live heap by \(growth) bytes for a \(inputSize)-byte input (limit \(limit))")
    }

    private static let reports = getenv("RIV_FUZZ_MEMORY").map { String(cString: $0) == "1" } ?? false

    private static func symbol<Function>(_ name: String, as type: Function.Type) -> Function? {
        guard let address = dlsym(UnsafeMutableRawPointer(bitPattern: 0), name) else { return nil }
        return unsafeBitCast(address, to: type)
    }
}
