import Foundation

/// Runs blocking work (a child process, a pipe read, a `waitUntilExit`) on a thread of its own.
///
/// Swift Testing runs every test, synchronous or not, on the cooperative pool, which has one
/// thread per core: two on the CI machine. A test that blocks one of them stalls every other
/// test in a parallel run, and a test that measures time (a deadline, a timeout) then measures
/// the scheduler. Work handed to this function leaves the pool free; only its result comes back
/// to the test's task, where `#expect` can record against the test.
public func offThePool<T: Sendable>(_ body: @escaping @Sendable () throws -> T) async throws -> T {
    try await withCheckedThrowingContinuation { continuation in
        Thread { continuation.resume(with: Result { try body() }) }.start()
    }
}

/// Checks `condition` every 20 ms, without blocking a thread, until it holds or `timeout`
/// seconds pass; returns whether it held. The bound is for a broken build, not a measurement:
/// pass a generous one.
public func waitUntil(timeout: Double = 30, _ condition: () throws -> Bool) async rethrows -> Bool {
    let deadline = ContinuousClock.now.advanced(by: .milliseconds(Int(timeout * 1000)))
    while ContinuousClock.now < deadline {
        if try condition() { return true }
        try? await Task.sleep(for: .milliseconds(20))
    }
    return try condition()
}

/// `waitUntil` with the checks made on a thread of its own, every 10 ms: for a state that
/// lasts only seconds (a daemon's loading state, until its request times out). A test task
/// polling on the cooperative pool can wait that long for a thread while a parallel suite
/// keeps both busy, and miss the state; a thread of its own is woken by the kernel.
public func waitUntilOffThePool(timeout: Double = 30, _ condition: @escaping @Sendable () -> Bool) async -> Bool {
    (try? await offThePool {
        let deadline = Date().addingTimeInterval(timeout)
        while Date() < deadline {
            if condition() { return true }
            usleep(10_000)
        }
        return condition()
    }) ?? false
}

/// `waitUntil` for a condition that awaits (a query run off the pool, as the broker's).
public func waitUntil(timeout: Double = 30, _ condition: () async throws -> Bool) async rethrows -> Bool {
    let deadline = ContinuousClock.now.advanced(by: .milliseconds(Int(timeout * 1000)))
    while ContinuousClock.now < deadline {
        if try await condition() { return true }
        try? await Task.sleep(for: .milliseconds(20))
    }
    return try await condition()
}

/// Waits (without blocking a thread) for `process` to exit and returns its status; after
/// `timeout` seconds it is killed and, once it is gone, nil comes back. `terminationStatus` is
/// only read after the exit, so a stuck child fails its own test instead of trapping the run.
public func waitForExit(_ process: Process, timeout: Double = 30) async -> Int32? {
    var status: Int32?
    if await waitUntil(timeout: timeout, { status = exitStatus(process); return status != nil }) { return status }
    kill(process.processIdentifier, SIGKILL)
    _ = await waitUntil(timeout: 30) { exitStatus(process) != nil }
    return nil
}

/// A one-way channel whose two ends are close-on-exec from the moment they exist, so a child
/// that another test starts at the same instant cannot inherit them. (Foundation's `Pipe` is
/// not: a fixture server started meanwhile kept a copy of a write end, and the reader then
/// waited for an end of file that never came.) `Process` still hands the end it is given to its
/// own child as stdout or stderr. A socket pair, since Swift's Glibc module has no `pipe2`.
public func closeOnExecPipe() throws -> (read: FileHandle, write: FileHandle) {
    var fds: [Int32] = [0, 0]
    guard socketpair(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0, &fds) == 0 else {
        throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EMFILE)
    }
    shutdown(fds[0], Int32(SHUT_WR))
    shutdown(fds[1], Int32(SHUT_RD))
    return (FileHandle(fileDescriptor: fds[0], closeOnDealloc: true), FileHandle(fileDescriptor: fds[1], closeOnDealloc: true))
}

/// The exit status of a child that has ended, as `terminationStatus` gives it (the exit code, or
/// the number of the signal that ended it); nil while it runs. It reaps the child with
/// `waitpid` itself: Foundation's own watch can miss a child when several are started at once
/// from different threads, and `waitUntilExit` then never returns.
public func exitStatus(_ process: Process) -> Int32? {
    var status: Int32 = 0
    let result = waitpid(process.processIdentifier, &status, WNOHANG)
    if result == process.processIdentifier {
        return status & 0x7F == 0 ? (status >> 8) & 0xFF : status & 0x7F
    }
    // Foundation reaped it first (ECHILD): its record is then complete, or about to be.
    if result == -1 && !process.isRunning { return process.terminationStatus }
    return nil
}

/// Blocks until `process` ends and returns its status (see `exitStatus`); for code that already
/// runs on a thread of its own, or after a SIGKILL.
public func reap(_ process: Process) -> Int32 {
    while true {
        if let status = exitStatus(process) { return status }
        usleep(5_000)  // never on a cooperative thread: see offThePool
    }
}

/// Waits, when the hour ends within `margin` seconds, until it has turned. For tests whose
/// provider replies are made "as of the current hour": if the hour turned between making the
/// reply and the run reading it, the reply's "now" would be an hour old.
public func clearOfTheHourTurn(margin: Double = 90) async {
    var clock = timespec()
    clock_gettime(CLOCK_REALTIME, &clock)
    let left = 3600 - Double(clock.tv_sec % 3600) - Double(clock.tv_nsec) / 1e9
    if left < margin { try? await Task.sleep(for: .milliseconds(Int((left + 1) * 1000))) }
}
