#if canImport(Glibc)
import Glibc
#endif

extension AtomicFile {
    /// Removes the temporary files that writes of `path` left behind when the process was
    /// killed between `mkstemp` and `rename` (`.NAME.XXXXXX` beside it), so crash loops cannot
    /// fill `/run`. Another process (the timer's one-shot) may be writing the same file right
    /// now: a live writer holds a `flock` on its temporary file until it is renamed, so only
    /// unlocked files go, and only once `minimumAgeSeconds` old (the instant between `mkstemp`
    /// and `flock`). A killed writer's lock died with it. Returns how many were removed.
    @discardableResult
    public static func removeLeftovers(of path: String, minimumAgeSeconds: Int = 1) -> Int {
        let directory = parentDirectory(of: path)
        let prefix = ".\(baseName(of: path))."
        guard let dir = opendir(directory) else { return 0 }
        defer { closedir(dir) }
        var now = timespec()
        clock_gettime(CLOCK_REALTIME, &now)
        var removed = 0
        while let entry = readdir(dir) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                String(decoding: raw.prefix(while: { $0 != 0 }), as: UTF8.self)
            }
            // mkstemp's six random characters follow the prefix, nothing else.
            guard name.hasPrefix(prefix), name.utf8.count == prefix.utf8.count + 6 else { continue }
            let candidate = "\(directory)/\(name)"
            let fd = open(candidate, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC)
            guard fd >= 0 else { continue }
            defer { close(fd) }
            var info = stat()
            guard fstat(fd, &info) == 0, info.st_mode & S_IFMT == S_IFREG,
                  Int(now.tv_sec - info.st_mtim.tv_sec) >= minimumAgeSeconds,
                  flock(fd, LOCK_EX | LOCK_NB) == 0 else { continue }
            if unlink(candidate) == 0 { removed += 1 }
        }
        return removed
    }
}
