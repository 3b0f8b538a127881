#if canImport(Glibc)
import Glibc
#endif
@testable import BreatherHistory
import Testing

/// A daemon recording readings while `breather log` and `breather insights` run on the same
/// file, each on its own connection as separate processes would be: nothing is lost, and no
/// "database is locked" reaches anyone (WAL, BEGIN IMMEDIATE, the busy timeout).
@Suite("the log beside a writing daemon")
struct LogConcurrencyTests {
    final class Writer: @unchecked Sendable {
        let path: String
        var failure: String?
        var written = 0
        init(path: String) { self.path = path }

        /// 300 refreshes of 12 readings each, a transaction each, as the daemon records them.
        func run() {
            do {
                let store = try HistoryStore(path: path)
                for refresh in 0..<300 {
                    let time = day0 + refresh * 600
                    let readings = ["pm2_5", "o3", "no2", "temperature_c", "humidity", "pollen_grass", "pm10", "so2", "co",
                                    "pressure_hpa", "wind_speed_ms", "uv_index"].map { reading($0, Double(refresh % 40), at: time) }
                    try store.record(readings, keepRawSeconds: 90 * 86_400, now: time)
                    written += readings.count
                }
            } catch {
                failure = "\(error)"
            }
        }
    }

    @Test("300 daemon refreshes, 60 log entries and 10 insights at once: every row there, no error")
    func daemonWritingMeanwhile() throws {
        let folder = TempFolder()
        let path = folder.file("h.sqlite3")
        _ = try HistoryStore(path: path)  // the schema, before either starts
        let writer = Writer(path: path)
        var thread = pthread_t()
        let box = Unmanaged.passRetained(writer)
        pthread_create(&thread, nil, { pointer in
            Unmanaged<Writer>.fromOpaque(pointer!).takeRetainedValue().run()
            return nil
        }, box.toOpaque())
        let store = try HistoryStore(path: path)
        for entry in 0..<60 {
            _ = try store.addLogEntry(LogEntry(time: day0 + entry * 1800, score: 1 + entry % 4, reliever: entry % 3, note: "entry \(entry)"))
            if entry % 6 == 0 { _ = try store.insights(since: day0 - 86_400, now: day0 + 3 * 86_400, personalBest: 480) }
        }
        pthread_join(thread, nil)
        #expect(writer.failure == nil)
        #expect(writer.written == 3600)
        #expect(try store.readingCount() == 3600)
        #expect(try store.logEntryCount() == 60)
        #expect(try store.integrityCheck() == "ok")
    }
}
