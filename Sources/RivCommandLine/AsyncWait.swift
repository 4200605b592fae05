import Dispatch

/// Runs asynchronous work to its end from a command-line tool's synchronous code.
///
/// The calling thread blocks until the work is done, so it must not be a thread
/// of the concurrency pool (whose few threads the work itself needs): a tool's
/// main thread, or a thread of its own, is fine.
public enum AsyncWait {
    /// The value `body` returns, or the error it throws.
    public static func run<Value: Sendable, Failure: Error>(_ body: @escaping @Sendable () async throws(Failure) -> Value) throws(Failure) -> Value {
        let done = DispatchSemaphore(value: 0)
        let box = Box<Value, Failure>()
        Task.detached {
            do throws(Failure) {
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
    private final class Box<Value, Failure: Error>: @unchecked Sendable {
        var result: Result<Value, Failure>?
    }
}
