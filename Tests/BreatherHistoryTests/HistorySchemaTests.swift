import Testing
@testable import BreatherHistory
import BreatherStore

@Suite struct HistorySchemaTests {
    /// The tables each version has, so a test can put a row in a file left at that version.
    static let sampleRows: [Int: String] = [
        1: """
            INSERT INTO place(latitude, longitude, name) VALUES (40.6769, -73.9423, 'Brooklyn');
            INSERT INTO source(name) VALUES ('open-meteo');
            INSERT INTO variable(name, unit, period) VALUES ('pm2_5', 'ug/m3', '1h');
            INSERT INTO reading VALUES (1, 1795219200, 1, 1, 12.5);
            """,
        // Version 2 added retention's tables, empty until a write rolls readings up.
        2: """
            INSERT INTO place(latitude, longitude, name) VALUES (40.6769, -73.9423, 'Brooklyn');
            INSERT INTO source(name) VALUES ('open-meteo');
            INSERT INTO variable(name, unit, period) VALUES ('pm2_5', 'ug/m3', '1h');
            INSERT INTO reading VALUES (1, 1795219200, 1, 1, 12.5);
            INSERT INTO daily VALUES (1, 1763510400, 1, 1, 9, 4, 15, 24);
            INSERT INTO rollup VALUES (1, 0, 0);
            """,
        // Version 3 added the advice changes.
        3: """
            INSERT INTO place(latitude, longitude, name) VALUES (40.6769, -73.9423, 'Brooklyn');
            INSERT INTO source(name) VALUES ('open-meteo');
            INSERT INTO variable(name, unit, period) VALUES ('pm2_5', 'ug/m3', '1h');
            INSERT INTO reading VALUES (1, 1795219200, 1, 1, 12.5);
            INSERT INTO rollup VALUES (1, 0, 0);
            INSERT INTO advice VALUES (1, 1795219200, 'ventilate', 'outdoor PM2.5 3× indoor');
            """,
    ]

    @Test(arguments: 0..<HistorySchema.migrations.latestVersion)
    func migratesFromEveryEarlierVersion(start: Int) throws {
        let folder = TempFolder()
        let path = folder.file("h.sqlite3")
        do {
            let database = try Database(path: path)
            try HistorySchema.migrations.migrate(database, to: start)
            if let rows = Self.sampleRows[start] { try database.execute(rows) }
        }
        let store = try HistoryStore(path: path)  // migrates the rest of the way
        #expect(try store.database.userVersion == HistorySchema.migrations.latestVersion)
        if start >= 1 {
            var values: [Double] = []
            try store.forEachReading(since: 0, until: Int.max / 2) { values.append($0.value) }
            #expect(values == [12.5])
        }
        // The latest schema takes a log entry, and finds it again.
        let id = try store.addLogEntry(LogEntry(time: day0 + 7200, score: 3, symptoms: [.wheeze: 2], tags: ["smoke"], note: "after v\(start)"))
        #expect(try store.logEntry(id: id)?.note == "after v\(start)")
        // The latest schema takes a write with retention, and an advice change (version 3).
        try store.record([reading("pm2_5", 3, at: day0 + 3600)], keepRawSeconds: 3600, now: day0 + 2 * 86_400)
        let home = HistoryPlace(latitude: 40.6769, longitude: -73.9423)
        #expect(try store.recordAdvice(AdviceChange(place: home, time: day0, action: "keep_closed", reasons: "ozone 190 µg/m³")))
        let advice = try store.adviceChanges(at: home, since: 0).map(\.action)
        // The version-3 file's own row is kept beside the new one.
        #expect(Set(advice) == (start >= 3 ? ["keep_closed", "ventilate"] : ["keep_closed"]))
        #expect(try store.integrityCheck() == "ok")
    }

    @Test func everyMigrationStepHasSampleRowsOrCreatesOnlyTables() {
        // Guards the test above: a new version should add its own sample rows.
        #expect(HistorySchema.migrations.latestVersion == 4)
    }
}
