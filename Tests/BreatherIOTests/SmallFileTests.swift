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
