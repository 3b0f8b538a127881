#if canImport(Glibc)
import Glibc
#endif

/// A plain thread for a call that blocks in the kernel (libcurl's poll loop, waitpid, poll on
/// stdout): blocking calls must not sit on Breather's one executor thread, nor on the two
/// cooperative threads this machine has.
public enum BlockingThread {
    private final class Box: @unchecked Sendable {
        let body: @Sendable () -> Void
        init(_ body: @escaping @Sendable () -> Void) { self.body = body }
    }

    /// Runs `body` on a new detached POSIX thread. When no thread can be had (EAGAIN), runs it
    /// on the calling thread rather than never: the work is never dropped silently.
    public static func run(_ body: @escaping @Sendable () -> Void) {
        let box = Unmanaged.passRetained(Box(body)).toOpaque()
        var thread = pthread_t()
        let started = pthread_create(&thread, nil, { raw in
            let box = Unmanaged<Box>.fromOpaque(raw!).takeRetainedValue()
            box.body()
            return nil
        }, box)
        if started == 0 {
            pthread_detach(thread)
        } else {
            Unmanaged<Box>.fromOpaque(box).takeRetainedValue().body()
        }
    }
}
