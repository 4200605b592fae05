import Dispatch
import RivAssetsKit

/// Runs an asynchronous operation to its end from the tool's synchronous code,
/// which runs on its own thread (never on a thread of the concurrency pool), so
/// blocking it while the operation runs on the pool is safe.
enum AsyncWait {
    static func run<Value: Sendable>(_ body: @escaping @Sendable () async throws(RequestError) -> Value) throws(RequestError) -> Value {
        let done = DispatchSemaphore(value: 0)
        let box = Box<Value>()
        Task.detached {
            do throws(RequestError) {
                box.result = .success(try await body())
            } catch {
                box.result = .failure(error)
            }
            done.signal()
        }
        done.wait()
        return try box.result!.get()
    }

    /// The outcome, written by the task before the semaphore is signalled and read after it.
    private final class Box<Value>: @unchecked Sendable {
        var result: Result<Value, RequestError>?
    }
}
