@testable import BreatherHistory
import BreatherModel
import Testing

/// The dashboard's read of the store (`forEachHourlyMean(only:)`): only the variables an index
/// is made of, and the same indices as reading every variable.
@Suite("hourly means of the index's variables only")
struct HourlyMeansFilterTests {
    @Test("only the pollutants and the standard's reported index come back; the indices are those of the whole read")
    func sameIndices() throws {
        let folder = TempFolder()
        let store = try HistoryStore(path: folder.file("h.sqlite3"))
        var readings: [HistoryReading] = []
        for hour in 0..<48 {
            for minute in stride(from: 0, to: 60, by: 20) {
                let time = day0 + hour * 3600 + minute * 60
                readings += [reading("pm2_5", 10 + Double(hour % 7) * 9 + Double(minute) / 10, at: time), reading("o3", 40 + Double(hour % 5) * 20, at: time),
                             reading("temperature_c", 12, at: time), reading("humidity", 70, at: time), reading("pollen_grass", 30, at: time)]
            }
            if hour % 6 == 0 { readings.append(reading("reported_us", 77, at: day0 + hour * 3600, source: "waqi")) }
        }
        try store.record(readings, keepRawSeconds: 90 * 86_400, now: day0 + 48 * 3600)
        var names = Set<String>()
        try store.forEachHourlyMean(since: day0, until: day0 + 48 * 3600, place: brooklyn, only: HistoryVariable.indexInputs(.us)) { names.insert($0.variable) }
        #expect(names == ["pm2_5", "o3", "reported_us"])

        func indices(only: [String]?) throws -> [Int: Int] {
            var result: [Int: Int] = [:]
            var rows = HistoryRows(standard: .us) { row in if let index = row.index { result[row.time * 10 + (row.source == "waqi" ? 1 : 0)] = index.value } }
            try store.forEachHourlyMean(since: day0, until: day0 + 48 * 3600, place: brooklyn, only: only) { try rows.add($0) }
            try rows.finish()
            return result
        }
        let all = try indices(only: nil)
        #expect(all.count == 48 + 8)
        #expect(try indices(only: HistoryVariable.indexInputs(.us)) == all)
        // A store that never recorded any of them: nothing, and no query with an empty list.
        var none = 0
        try store.forEachHourlyMean(since: day0, until: day0 + 48 * 3600, place: brooklyn, only: ["uv_index"]) { _ in none += 1 }
        #expect(none == 0)
    }
}
