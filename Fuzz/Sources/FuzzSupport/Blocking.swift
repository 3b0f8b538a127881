import Dispatch

/// Holds an async result for the synchronous caller that waits on it.
private final class ResultBox<T>: @unchecked Sendable {
    var value: T?
}

/// Runs `body` to completion from synchronous code: libFuzzer calls its entry point on a plain
/// thread, while the providers' public API is async. The task only ever runs pure decoding
/// (the HTTP client is canned), so blocking this thread cannot starve it.
func runBlocking<T: Sendable>(_ body: @escaping @Sendable () async -> T) -> T {
    let box = ResultBox<T>()
    let done = DispatchSemaphore(value: 0)
    Task {
        box.value = await body()
        done.signal()
    }
    done.wait()
    return box.value!
}
