import BreatherIO
import Foundation
import Testing

@Suite("temporary files left by a killed write")
struct LeftoverTests {
    @Test("old .NAME.XXXXXX files beside the output go; young ones, other names and the file itself stay")
    func removesOnlyOldLeftovers() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("leftovers-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let output = dir.appendingPathComponent("status.json").path
        try AtomicFile.write("{}\n", to: output)
        let names = [".status.json.aB3xYz", ".status.json.Qq9981", ".status.json.young1", ".other.json.aB3xYz", ".status.json.toolong1"]
        for name in names { try "half".write(toFile: dir.appendingPathComponent(name).path, atomically: false, encoding: .utf8) }
        let old = Date(timeIntervalSinceNow: -3600)
        for name in names where name != ".status.json.young1" {
            try FileManager.default.setAttributes([.modificationDate: old], ofItemAtPath: dir.appendingPathComponent(name).path)
        }
        #expect(AtomicFile.removeLeftovers(of: output) == 2)
        let left = try FileManager.default.contentsOfDirectory(atPath: dir.path).sorted()
        #expect(left == [".other.json.aB3xYz", ".status.json.toolong1", ".status.json.young1", "status.json"])
    }
}
