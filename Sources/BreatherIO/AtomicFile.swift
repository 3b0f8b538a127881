#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Writes a whole file or nothing: a reader (a bar polling the file) never sees a torn or
/// empty file, because the new content is written to a temporary file in the same directory,
/// flushed to disk (unless the caller says it need not be), then renamed over the old one or
/// swapped with it (both atomic within a file system).
public enum AtomicFile {
    /// Why a file was not replaced; the old file, if any, is left as it was.
    public struct WriteError: Error, CustomStringConvertible, Sendable {
        /// The file that was to be written.
        public var path: String
        /// The system's message (strerror), or which parent directory could not be made.
        public var reason: String
        public var description: String { "cannot write \(path): \(reason)" }
    }

    /// Replaces `path` with `contents`, creating missing parent directories (mode 0755).
    ///
    /// `durable` (the default) also flushes the data and the rename to disk (`fsync` of the
    /// file, then of its directory), so the new file survives a power cut: what outputs and
    /// user files need. A cache that can be fetched again passes false: it is still never seen
    /// torn, but after a crash it may be the old file or an unreadable one, which its reader
    /// treats as absent. `rename(2)` puts the new file in place in one step: a reader sees the
    /// old file or the new one; it replaces a symlink and refuses a directory.
    public static func write(_ contents: String, to path: String, mode: mode_t = 0o644, durable: Bool = true) throws(WriteError) {
        let directory = parentDirectory(of: path)
        if access(directory, F_OK) != 0 { try makeDirectories(directory, for: path) }
        let (fd, tempPath) = try createTemporaryFile(beside: path, in: directory)
        // Held until close: `removeLeftovers` never takes a file a live writer still holds.
        flock(fd, LOCK_EX)
        var ok = false
        defer {
            if !ok { unlink(tempPath) }
        }
        let bytes = Array(contents.utf8)
        var written = 0
        while written < bytes.count {
            let n = bytes[written...].withUnsafeBytes { Glibc.write(fd, $0.baseAddress, $0.count) }
            if n < 0 {
                if errno == EINTR { continue }
                let reason = lastError()
                close(fd)
                throw WriteError(path: path, reason: reason)
            }
            written += n
        }
        // Durable before visible: fsync the data, then publish it with rename.
        guard fchmod(fd, mode) == 0, !durable || fsync(fd) == 0 else {
            let reason = lastError()
            close(fd)
            throw WriteError(path: path, reason: reason)
        }
        close(fd)
        guard rename(tempPath, path) == 0 else { throw WriteError(path: path, reason: lastError()) }
        ok = true
        // Make the rename itself durable across a crash.
        if durable {
            let dirFD = open(directory, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
            if dirFD >= 0 { fsync(dirFD); close(dirFD) }
        }
        // A process killed while writing this file left its temporary file: every write sweeps,
        // so a daemon restarted at once (systemd, a crash loop) does not keep it for ever.
        removeLeftovers(of: path)
    }

    /// Creates `.NAME.XXXXXX` beside `path` (six random letters or digits, as `mkstemp` makes
    /// them), mode 0600, close-on-exec from the start: a child started meanwhile (on_update)
    /// must not inherit the file, or its lock. (Swift's Glibc module has no `mkostemp`.)
    static func createTemporaryFile(beside path: String, in directory: String) throws(WriteError) -> (Int32, String) {
        let letters = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789")
        var random = SystemRandomNumberGenerator()
        for _ in 0..<100 {
            var bits: UInt64 = random.next()  // one getrandom call for all six (62^6 < 2^64)
            let suffix = String((0..<6).map { _ in
                defer { bits /= UInt64(letters.count) }
                return letters[Int(bits % UInt64(letters.count))]
            })
            let candidate = "\(directory)/.\(baseName(of: path)).\(suffix)"
            let fd = open(candidate, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC | O_NOFOLLOW, 0o600)
            if fd >= 0 { return (fd, candidate) }
            if errno != EEXIST { throw WriteError(path: path, reason: lastError()) }
        }
        throw WriteError(path: path, reason: "no free temporary name beside it")
    }

    static func parentDirectory(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "." }
        return slash == path.startIndex ? "/" : String(path[..<slash])
    }

    static func baseName(of path: String) -> String {
        path.lastIndex(of: "/").map { String(path[path.index(after: $0)...]) } ?? path
    }

    static func makeDirectories(_ directory: String, for path: String) throws(WriteError) {
        var current = directory.hasPrefix("/") ? "" : "."
        for component in directory.split(separator: "/") {
            current += "/\(component)"
            if mkdir(current, 0o755) != 0 && errno != EEXIST {
                throw WriteError(path: path, reason: "cannot create \(current): \(lastError())")
            }
        }
    }

    static func lastError() -> String {
        String(cString: strerror(errno))
    }
}
