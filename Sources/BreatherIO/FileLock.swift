#if canImport(Glibc)
import Glibc
#endif

/// An exclusive `flock(2)` on a lock file, so processes about to do the same work take turns:
/// one-shots started together on an empty store let the first fetch while the others wait, then
/// read what it stored. The kernel drops the lock when its holder exits, however it exits.
public final class FileLock: Sendable {
    private let descriptor: Int32

    private init(descriptor: Int32) { self.descriptor = descriptor }

    /// Takes the lock on `path` (made, with its folders, when missing), waiting at most
    /// `seconds` for its holder (off the caller's thread). Nil when the file cannot be opened or
    /// the wait runs out: the caller goes on without it.
    public static func acquire(_ path: String, waitingAtMost seconds: Double) async -> FileLock? {
        try? AtomicFile.makeDirectories(AtomicFile.parentDirectory(of: path), for: path)
        let descriptor = open(path, O_RDWR | O_CREAT | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else { return nil }
        if flock(descriptor, LOCK_EX | LOCK_NB) == 0 { return FileLock(descriptor: descriptor) }
        let taken = await withCheckedContinuation { (continuation: CheckedContinuation<Bool, Never>) in
            BlockingThread.run { continuation.resume(returning: wait(descriptor, seconds: seconds)) }
        }
        guard taken else {
            close(descriptor)
            return nil
        }
        return FileLock(descriptor: descriptor)
    }

    /// Tries every 10 ms: `flock` itself has no time limit, and a signal to cut it short would
    /// reach the whole process. A holder is one fetch, so the wait is short and rare.
    private static func wait(_ descriptor: Int32, seconds: Double) -> Bool {
        var attempts = Int((max(0, seconds) * 100).rounded(.up))
        while attempts > 0 {
            usleep(10_000)
            if flock(descriptor, LOCK_EX | LOCK_NB) == 0 { return true }
            attempts -= 1
        }
        return false
    }

    deinit { close(descriptor) }  // releases the lock
}
