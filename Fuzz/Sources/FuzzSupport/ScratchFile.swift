#if canImport(Glibc)
import Glibc
#endif

/// The scratch directory to remove when the fuzzer exits (atexit takes no context).
nonisolated(unsafe) private var scratchToRemove: String?

/// One private directory per fuzzing process for the inputs that Breather reads from files
/// (config, cache): each input is written to the same file, then loaded the way Breather does.
/// Removed at exit, so runs leave nothing in /tmp.
final class ScratchDirectory: @unchecked Sendable {
    let path: String

    init() {
        // Memory-backed when there is one: a disk file system makes every input cost milliseconds.
        let base = access("/dev/shm", W_OK) == 0 ? "/dev/shm" : "/tmp"
        var template = Array("\(base)/breather-fuzz.XXXXXX".utf8CString)
        guard let made = mkdtemp(&template) else { fatalError("mkdtemp failed: errno \(errno)") }
        path = String(cString: made)
        scratchToRemove = path
        atexit {
            guard let path = scratchToRemove else { return }
            for name in ["config.toml", "conditions.json"] { unlink("\(path)/\(name)") }
            rmdir(path)
        }
    }

    /// Replaces `name` with `bytes` and returns its path.
    func write(_ bytes: UnsafeBufferPointer<UInt8>, to name: String) -> String {
        let file = "\(path)/\(name)"
        let fd = open(file, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        guard fd >= 0 else { fatalError("cannot write \(file): errno \(errno)") }
        var offset = 0
        while offset < bytes.count {
            let written = Glibc.write(fd, bytes.baseAddress! + offset, bytes.count - offset)
            guard written > 0 else { fatalError("short write to \(file)") }
            offset += written
        }
        close(fd)
        return file
    }
}
