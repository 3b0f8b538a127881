#if canImport(Glibc)
import Glibc
#endif

extension AtomicFile {
    /// Removes the temporary files that writes of `path` left behind when the process was
    /// killed between `mkstemp` and `rename` (`.NAME.XXXXXX` beside it), so crash loops cannot
    /// fill `/run`. Only files older than `minimumAgeSeconds` go: a one-shot run (the timer)
    /// may be writing the same file right now. Returns how many were removed.
    @discardableResult
    public static func removeLeftovers(of path: String, minimumAgeSeconds: Int = 60) -> Int {
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
            var info = stat()
            guard lstat(candidate, &info) == 0, info.st_mode & S_IFMT == S_IFREG,
                  Int(now.tv_sec - info.st_mtim.tv_sec) >= minimumAgeSeconds else { continue }
            if unlink(candidate) == 0 { removed += 1 }
        }
        return removed
    }
}
