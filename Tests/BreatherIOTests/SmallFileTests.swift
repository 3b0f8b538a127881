import BreatherIO
import Foundation
import Testing

@Suite("small file reader")
struct SmallFileTests {
    let dir = FileManager.default.temporaryDirectory.appendingPathComponent("smallfile-\(UUID().uuidString)")

    func write(_ bytes: Int, to name: String) throws -> String {
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        let path = dir.appendingPathComponent(name).path
        try Data(repeating: UInt8(ascii: "a"), count: bytes).write(to: URL(fileURLWithPath: path))
        return path
    }

    @Test("a file at the limit is read whole; one byte more is refused, naming the file")
    func limit() throws {
        defer { try? FileManager.default.removeItem(at: dir) }
        let atLimit = try write(1 << 20, to: "at-limit")
        #expect(try SmallFile.read(atLimit).utf8.count == 1 << 20)
        let over = try write((1 << 20) + 1, to: "over")
        #expect(throws: SmallFile.ReadError.tooLarge(path: over, limit: 1 << 20)) { try SmallFile.read(over) }
        #expect(SmallFile.ReadError.tooLarge(path: over, limit: 1 << 20).description == "\(over): larger than 1 MiB, not read")
        #expect(throws: SmallFile.ReadError.tooLarge(path: atLimit, limit: 1000)) { try SmallFile.read(atLimit, limit: 1000) }
        #expect(SmallFile.ReadError.tooLarge(path: atLimit, limit: 1000).reason == "larger than 1000 bytes, not read")
    }

    @Test("a stream with no size (a device or a pipe) is cut off at the limit, not read forever")
    func endlessStream() {
        #expect(throws: SmallFile.ReadError.tooLarge(path: "/dev/zero", limit: 4096)) { try SmallFile.read("/dev/zero", limit: 4096) }
    }

    @Test("a missing file or a directory is unreadable with the system's reason")
    func unreadable() throws {
        #expect(throws: SmallFile.ReadError.unreadable(path: "/nonexistent/config.toml", reason: "No such file or directory")) {
            try SmallFile.read("/nonexistent/config.toml")
        }
        #expect(throws: SmallFile.ReadError.unreadable(path: "/", reason: "Is a directory")) { try SmallFile.read("/") }
    }

    @Test("UTF-8 text comes back as written, an empty file as an empty string")
    func text() throws {
        defer { try? FileManager.default.removeItem(at: dir) }
        let empty = try write(0, to: "empty")
        #expect(try SmallFile.read(empty) == "")
        let path = dir.appendingPathComponent("text").path
        try "name = \"Kraków\"\r\n".write(toFile: path, atomically: true, encoding: .utf8)
        #expect(try SmallFile.read(path) == "name = \"Kraków\"\r\n")
    }
}

@Suite("paths resolved as the kernel would")
struct ResolvedPathTests {
    @Test("symlinks, dot segments and a file not written yet resolve to one path")
    func resolution() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("breather-resolve-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: folder + "/real", withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let real = ResolvedPath(folder + "/real").path
        try FileManager.default.createSymbolicLink(atPath: folder + "/link", withDestinationPath: "real")
        #expect(ResolvedPath(folder + "/link/new/file.txt").path == real + "/new/file.txt")
        #expect(ResolvedPath(folder + "/real/../link/./x").path == real + "/x")
        try FileManager.default.createSymbolicLink(atPath: folder + "/real/dangling", withDestinationPath: "target.txt")
        #expect(ResolvedPath(folder + "/real/dangling").path == real + "/target.txt")
        // A hard link is another name for the same file.
        try "x".write(toFile: folder + "/real/a", atomically: false, encoding: .utf8)
        #expect(link(folder + "/real/a", folder + "/real/b") == 0)
        #expect(ResolvedPath(folder + "/real/a").isSameFile(as: ResolvedPath(folder + "/real/b")))
        #expect(!ResolvedPath(folder + "/real/a").isSameFile(as: ResolvedPath(folder + "/real/c")))
    }
}

@Suite("SmallFile and FIFOs")
struct SmallFileFIFOTests {
    @Test("regularFileOnly: a FIFO is refused at once, without a writer")
    func fifo() throws {
        let fifo = FileManager.default.temporaryDirectory.appendingPathComponent("breather-\(UUID().uuidString).fifo").path
        #expect(mkfifo(fifo, 0o600) == 0)
        defer { unlink(fifo) }
        let start = Date()
        #expect(throws: SmallFile.ReadError.notRegularFile(path: fifo, kind: "a FIFO")) { try SmallFile.read(fifo, regularFileOnly: true) }
        #expect(Date().timeIntervalSince(start) < 1)
        #expect(throws: SmallFile.ReadError.notRegularFile(path: "/dev/null", kind: "a character device")) {
            try SmallFile.read("/dev/null", regularFileOnly: true)
        }
    }
}
