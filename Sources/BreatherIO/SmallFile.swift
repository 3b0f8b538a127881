#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Reads a whole file that is small by nature (a config file, an API key, a cache) as UTF-8
/// text, and refuses one larger than a limit instead of reading it: a mistyped path naming a
/// log or a disk image must give a clear error, not a process that allocates its size.
/// The one "read a whole file" in Breather (the config loader, the caches and the tests use it).
public enum SmallFile {
    /// 1 MiB: a thousand times the largest config file etc/breather.toml would grow to.
    public static let defaultLimit = 1 << 20

    /// Why a file was not read; `description` is one line that names the file.
    public enum ReadError: Error, Sendable, Equatable, CustomStringConvertible {
        /// The file could not be opened or read; `reason` is the system's message (strerror).
        case unreadable(path: String, reason: String)
        /// The file holds more than `limit` bytes; nothing of it was kept.
        case tooLarge(path: String, limit: Int)
        /// The path names a FIFO, a device, a directory or a socket where a regular file was
        /// required (`regularFileOnly`); `kind` names what it is ("a FIFO"). Nothing was read.
        case notRegularFile(path: String, kind: String)

        /// The file the error is about.
        public var path: String {
            switch self {
            case .unreadable(let path, _), .tooLarge(let path, _), .notRegularFile(let path, _): path
            }
        }

        /// The cause without the path, for messages that name the file their own way.
        public var reason: String {
            switch self {
            case .unreadable(_, let reason): reason
            case .tooLarge(_, let limit): "larger than \(SmallFile.describe(bytes: limit)), not read"
            case .notRegularFile(_, let kind): "not a regular file (\(kind)), not read"
            }
        }

        /// "PATH: reason", one line.
        public var description: String { "\(path): \(reason)" }
    }

    /// The file's contents, decoded as UTF-8 (invalid bytes become U+FFFD).
    /// - Parameter limit: the most bytes accepted; a larger file throws `.tooLarge`. The size
    ///   is checked before reading and again while reading (pipes and files that grow).
    /// - Parameter regularFileOnly: refuse anything but a regular file (after symlinks) at
    ///   once: a FIFO given as the config would otherwise block the open, or the read, for ever.
    public static func read(_ path: String, limit: Int = defaultLimit, regularFileOnly: Bool = false) throws(ReadError) -> String {
        String(decoding: try readBytes(path, limit: limit, regularFileOnly: regularFileOnly), as: UTF8.self)
    }

    /// The file's bytes as they are, for readers that check the encoding themselves (the config
    /// must be strict UTF-8). Same limit, options and errors as `read`.
    public static func readBytes(_ path: String, limit: Int = defaultLimit, regularFileOnly: Bool = false) throws(ReadError) -> [UInt8] {
        // O_NONBLOCK: opening a FIFO for reading waits for a writer otherwise; the fstat below
        // then refuses it. It changes nothing for a regular file.
        let fd = open(path, O_RDONLY | O_CLOEXEC | (regularFileOnly ? O_NONBLOCK : 0))
        guard fd >= 0 else { throw .unreadable(path: path, reason: lastError()) }
        defer { close(fd) }
        var status = stat()
        if regularFileOnly {
            guard fstat(fd, &status) == 0 else { throw .unreadable(path: path, reason: lastError()) }
            guard status.st_mode & S_IFMT == S_IFREG else { throw .notRegularFile(path: path, kind: kind(of: status.st_mode)) }
        }
        if fstat(fd, &status) == 0, (status.st_mode & S_IFMT) == S_IFREG, Int(status.st_size) > limit {
            throw .tooLarge(path: path, limit: limit)
        }
        var bytes: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 16_384)
        while true {
            let count = buffer.withUnsafeMutableBytes { Glibc.read(fd, $0.baseAddress, $0.count) }
            if count < 0 {
                if errno == EINTR { continue }
                throw .unreadable(path: path, reason: lastError())
            }
            if count == 0 { break }
            guard bytes.count + count <= limit else { throw .tooLarge(path: path, limit: limit) }
            bytes.append(contentsOf: buffer[0..<count])
        }
        return bytes
    }

    /// "a FIFO", "a directory", …: what a path that is not a regular file names.
    static func kind(of mode: mode_t) -> String {
        switch mode & S_IFMT {
        case S_IFIFO: "a FIFO"
        case S_IFDIR: "a directory"
        case S_IFCHR: "a character device"
        case S_IFBLK: "a block device"
        case S_IFSOCK: "a socket"
        default: "not a plain file"
        }
    }

    /// "1 MiB" for whole mebibytes, else "N bytes".
    static func describe(bytes: Int) -> String {
        bytes > 0 && bytes % (1 << 20) == 0 ? "\(bytes >> 20) MiB" : "\(bytes) bytes"
    }

    static func lastError() -> String {
        String(cString: strerror(errno))
    }
}
