import Testing
@testable import BreatherHistory
import BreatherModel

/// Issue 48: the terminal chart was always 80 columns, labelled only 0 and the maximum, drew
/// no category lines and left an imported gap blank; after an import the backfill was skipped.
@Suite struct HistoryChartTests {
    func rows(_ readings: [HistoryReading]) throws -> [HistoryRow] {
        var out: [HistoryRow] = []
        var builder = HistoryRows(standard: .us) { out.append($0) }
        for reading in readings.sorted(by: { ($0.time, $0.variable) < ($1.time, $1.variable) }) { try builder.add(reading) }
        try builder.finish()
        return out
    }

    func chart(_ readings: [HistoryReading], width: Int = 80) throws -> [String] {
        var chart = HistoryChart(standard: .us, width: width, color: false)
        for row in try rows(readings) { chart.add(row) }
        return chart.render()
    }

    /// 48 hours of PM2.5 climbing from 5 to 99 µg/m³: US AQI up to about 173 (Unhealthy).
    var climbing: [HistoryReading] { (0..<48).map { reading("pm2_5", 5 + Double($0) * 2, at: day0 + $0 * 3600) } }

    @Test func theWidthFollowsCOLUMNS() throws {
        #expect(HistoryChart.terminalWidth(columns: "132") == 132)
        #expect(HistoryChart.terminalWidth(columns: nil) == 80)
        #expect(HistoryChart.terminalWidth(columns: "wide") == 80)
        #expect(HistoryChart.terminalWidth(columns: "12") == 80, "too narrow to draw: the default")
        let wide = try chart(climbing, width: 132)
        #expect(wide.contains { $0.count == 131 }, "the time axis spans the width asked for")
        for line in wide { #expect(line.count <= 132, "\(line.count): \(line)") }
        for line in try chart(climbing, width: 40) { #expect(line.count <= 40, "\(line.count): \(line)") }
    }

    @Test func categoryTopsAreLabelledAndDrawnAcross() throws {
        let lines = try chart(climbing)
        let labels = lines.prefix(10).compactMap { line in Int(String(line.prefix(5).filter { $0 != " " })) }
        #expect(labels.count >= 4, "more than 0 and the maximum: \(labels)")
        #expect(labels.contains(0) && labels.contains(50) && labels.contains(100) && labels.contains(150), "\(labels)")
        // The rows of 50, 100 and 150 carry the dashed line where no column reaches them.
        for label in ["   50 │", "  100 │", "  150 │"] {
            let row = try #require(lines.first { $0.hasPrefix(label) }, "\(label)")
            #expect(row.contains("┄"), "\(row)")
        }
        #expect(lines.contains { $0.contains("┄ the top of a category") })
        // Under the first category's top, no line: nothing to cross.
        let low = try chart((0..<24).map { reading("pm2_5", 3 + Double($0 % 3), at: day0 + $0 * 3600) })
        #expect(!low.joined().contains("┄"))
        #expect(low.prefix(10).compactMap { Int(String($0.prefix(5).filter { $0 != " " })) }.count >= 3, "a middle label at least")
    }

    @Test func aGapIsDottedAndNamed() throws {
        // An import that ends six days before the live readings start.
        let imported = (0..<24).map { reading("pm2_5", 20, at: day0 + $0 * 3600) }
        let live = (0..<24).map { reading("pm2_5", 30, at: day0 + 7 * 86_400 + $0 * 3600) }
        let lines = try chart(imported + live)
        let bottom = try #require(lines.first { $0.hasPrefix("    0 │") })
        #expect(bottom.contains("·"), "\(bottom)")
        let note = try #require(lines.first { $0.contains("· no readings ") })
        #expect(note.hasSuffix("(6 days)"), "\(note)")
        #expect(try !chart(imported).joined().contains("no readings"))
    }

    @Test func anImportThatEndsDaysAgoStillBackfillsTheDaysSince() throws {
        let folder = TempFolder()
        let path = folder.file("history.sqlite3")
        let now = day0 + 10 * 86_400
        let store = try HistoryStore(path: path)
        // `history import` of readings up to six days ago.
        try store.record((0..<24).map { reading("pm2_5", 20, at: now - 7 * 86_400 + $0 * 3600) }, keepRawSeconds: 90 * 86_400, now: now)
        let place = Location(name: "Brooklyn", latitude: 40.6769, longitude: -73.9423)
        let recorder = HistoryRecorder(path: path, keepRawSeconds: 90 * 86_400, backfillDays: 7, warn: { _ in }, clock: { now })
        #expect(recorder.backfillDays(at: place, from: "open-meteo") == 7, "the six days and the hours since the import's last")
        #expect(recorder.backfillDays(at: place, from: "waqi") == 7, "no reading of that source: the whole backfill")
        // Readings up to an hour ago: the fetch's own hours cover it, no backfill.
        try store.record([reading("pm2_5", 20, at: now - 3600)], keepRawSeconds: 90 * 86_400, now: now)
        #expect(recorder.backfillDays(at: place, from: "open-meteo") == nil)
        // Two and a half days off: three days asked.
        let later = HistoryRecorder(path: path, keepRawSeconds: 90 * 86_400, backfillDays: 7, warn: { _ in }, clock: { now + 60 * 3600 })
        #expect(later.backfillDays(at: place, from: "open-meteo") == 3)
    }
}
