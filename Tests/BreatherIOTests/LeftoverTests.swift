import BreatherIO
import BreatherTestSupport
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
        #expect(AtomicFile.removeLeftovers(of: output, minimumAgeSeconds: 60) == 2)
        let left = try FileManager.default.contentsOfDirectory(atPath: dir.path).sorted()
        #expect(left == [".other.json.aB3xYz", ".status.json.toolong1", ".status.json.young1", "status.json"])
    }

    @Test("a temporary file a live writer still holds (flock) stays, however old; a write sweeps the unlocked ones")
    func lockedStaysAndWritesSweep() async throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("leftovers-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let output = dir.appendingPathComponent("status.json").path
        let held = dir.appendingPathComponent(".status.json.held01").path
        let killed = dir.appendingPathComponent(".status.json.kill01").path
        for path in [held, killed] {
            try "half".write(toFile: path, atomically: false, encoding: .utf8)
            try FileManager.default.setAttributes([.modificationDate: Date(timeIntervalSinceNow: -5)], ofItemAtPath: path)
        }
        // Another writer, mid-write: its own open file and lock.
        let writer = open(held, O_RDONLY | O_CLOEXEC)  // not inherited by a child another test starts meanwhile
        #expect(writer >= 0)
        #expect(flock(writer, LOCK_EX) == 0)
        try AtomicFile.write("{}\n", to: output)
        let left = try FileManager.default.contentsOfDirectory(atPath: dir.path).sorted()
        #expect(left == [".status.json.held01", "status.json"], "the killed write's file went with the next write")
        close(writer)
        // A child that another test is starting at this instant shares the lock until its exec
        // (close-on-exec), as any forking process would: the file goes on the next sweep.
        #expect(await waitUntil { AtomicFile.removeLeftovers(of: output) == 1 }, "once its writer is gone it goes too")
    }
}
