#if canImport(Glibc)
import Glibc
#endif

/// The file a path names once symlinks, `.` and `..` are followed: realpath for a file that
/// exists; for one not yet written, its nearest existing folder resolved and the rest appended,
/// and a dangling symlink followed to where it points. Two paths naming one file resolve alike,
/// so an output configured as a symlink to the config file is seen to be the config file.
public struct ResolvedPath: Sendable, Hashable, CustomStringConvertible {
    /// The absolute path with every symlink followed.
    public let path: String
    /// Device and inode when the file exists: a hard link has a path of its own but the same file.
    public let identity: FileIdentity?

    /// Resolves `path` (relative paths against the working directory).
    public init(_ path: String) {
        self.path = Self.resolve(path, hops: 0)
        var info = stat()
        identity = stat(self.path, &info) == 0 ? FileIdentity(device: UInt64(info.st_dev), inode: UInt64(info.st_ino)) : nil
    }

    /// True when both name one file: the same resolved path, or the same existing inode.
    public func isSameFile(as other: ResolvedPath) -> Bool {
        if path == other.path { return true }
        guard let identity, let otherIdentity = other.identity else { return false }
        return identity == otherIdentity
    }

    /// The resolved path.
    public var description: String { path }

    /// Symlinks followed before giving up (the kernel's own limit for one lookup is 40).
    private static let maximumHops = 40

    private static func resolve(_ path: String, hops: Int) -> String {
        if let real = realpath(path, nil) {
            defer { free(real) }
            return String(cString: real)
        }
        let (folder, name) = split(path)
        var info = stat()
        if hops < maximumHops, lstat(path, &info) == 0, info.st_mode & S_IFMT == S_IFLNK, let target = readLink(path) {
            // A dangling symlink: the file it names would be created where it points.
            return resolve(target.hasPrefix("/") ? target : "\(folder)/\(target)", hops: hops + 1)
        }
        guard hops < maximumHops, !name.isEmpty, folder != path else { return path }
        let parent = resolve(folder, hops: hops + 1)
        return parent == "/" ? "/\(name)" : "\(parent)/\(name)"
    }

    /// ("/a/b", "c") for "/a/b/c"; (".", "c") for "c"; ("/", "c") for "/c". Trailing slashes dropped.
    private static func split(_ path: String) -> (folder: String, name: String) {
        var trimmed = Substring(path)
        while trimmed.count > 1, trimmed.last == "/" { trimmed = trimmed.dropLast() }
        guard let slash = trimmed.lastIndex(of: "/") else { return (".", String(trimmed)) }
        let folder = trimmed[..<slash]
        return (folder.isEmpty ? "/" : String(folder), String(trimmed[trimmed.index(after: slash)...]))
    }

    private static func readLink(_ path: String) -> String? {
        var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        let count = readlink(path, &buffer, buffer.count - 1)
        guard count > 0 else { return nil }
        return String(decoding: buffer[0..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}

/// A file's device and inode numbers.
public struct FileIdentity: Sendable, Hashable {
    /// `st_dev`.
    public let device: UInt64
    /// `st_ino`.
    public let inode: UInt64
}
