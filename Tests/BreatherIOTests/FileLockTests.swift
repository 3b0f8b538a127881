import BreatherIO
import Foundation
import Testing

@Suite("file lock")
struct FileLockTests {
    let path = FileManager.default.temporaryDirectory.appendingPathComponent("filelock-\(UUID().uuidString)/store.lock").path

    @Test("a second taker waits for the holder: it gets the lock once released, nothing before the wait runs out")
    func takesTurns() async throws {
        defer { try? FileManager.default.removeItem(atPath: (path as NSString).deletingLastPathComponent) }
        var holder = await FileLock.acquire(path, waitingAtMost: 1)
        #expect(holder != nil, "the lock file and its folder are made")
        #expect(await FileLock.acquire(path, waitingAtMost: 0.2) == nil, "held: the wait runs out")
        let waiter = Task { await FileLock.acquire(path, waitingAtMost: 30) }
        try await Task.sleep(for: .milliseconds(100))
        holder = nil
        #expect(await waiter.value != nil, "released: the waiter gets it")
        _ = holder
    }

    @Test("a lock file that cannot be made gives no lock, at once")
    func unwritable() async {
        #expect(await FileLock.acquire("/proc/version/store.lock", waitingAtMost: 5) == nil)
    }
}
