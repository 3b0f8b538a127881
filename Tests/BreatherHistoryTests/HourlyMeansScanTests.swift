@testable import BreatherHistory
import BreatherModel
import Testing

/// The dashboard's read grouped in Swift (`forEachHourlyMeanScanned`) against the grouped SQL
/// query it replaces (`forEachHourlyMean`): the same hours, variables, sources and means.
@Suite("hourly means grouped in Swift equal the SQL grouping")
struct HourlyMeansScanTests {
    @Test("two sources, three readings an hour: means 20 and 77, hour by hour, in the SQL order; other places and hours left out")
    func sameAsSQL() throws {
        let folder = TempFolder()
        let store = try HistoryStore(path: folder.file("h.sqlite3"))
        let elsewhere = HistoryPlace(latitude: 52.52, longitude: 13.41, name: "Berlin")
        var readings: [HistoryReading] = []
        for hour in 0..<6 {
            // 10, 20, 30 µg/m³ at :00, :20, :40: the hour's mean is 20 + the hour.
            for (step, value) in [10.0, 20, 30].enumerated() {
                readings.append(reading("pm2_5", value + Double(hour), at: day0 + hour * 3600 + step * 1200))
                readings.append(reading("pm2_5", 500, at: day0 + hour * 3600 + step * 1200, place: elsewhere))
            }
            readings.append(reading("o3", 40, at: day0 + hour * 3600 + 600))
            if hour % 2 == 0 { readings.append(reading("reported_us", 77, at: day0 + hour * 3600, source: "waqi")) }
            readings.append(reading("temperature_c", 12, at: day0 + hour * 3600))
        }
        try store.record(readings, keepRawSeconds: 90 * 86_400, now: day0 + 6 * 3600)
        let only = HistoryVariable.indexInputs(.us)
        var sql: [HistoryReading] = [], swift: [HistoryReading] = []
        try store.forEachHourlyMean(since: day0 + 3600, until: day0 + 5 * 3600, place: brooklyn, only: only) { sql.append($0) }
        try store.forEachHourlyMeanScanned(since: day0 + 3600, until: day0 + 5 * 3600, place: brooklyn, only: only) { swift.append($0) }
        #expect(swift == sql)
        // By hand: hours 1 to 4, each pm2_5 = 20 + hour and o3 = 40; reported_us 77 at hours 2 and 4.
        #expect(swift.filter { $0.variable == "pm2_5" }.map(\.value) == [21, 22, 23, 24])
        #expect(swift.filter { $0.variable == "pm2_5" }.map(\.time) == [1, 2, 3, 4].map { day0 + $0 * 3600 })
        #expect(swift.filter { $0.variable == "reported_us" }.map { [$0.time, Int($0.value)] } == [[day0 + 7200, 77], [day0 + 4 * 3600, 77]])
        #expect(swift.count == 4 * 2 + 2, "no temperature (not an index input), nothing from Berlin")
        // Every variable (no filter): still equal, temperature included.
        var sqlAll: [HistoryReading] = [], swiftAll: [HistoryReading] = []
        try store.forEachHourlyMean(since: day0, until: day0 + 6 * 3600, place: brooklyn) { sqlAll.append($0) }
        try store.forEachHourlyMeanScanned(since: day0, until: day0 + 6 * 3600, place: brooklyn) { swiftAll.append($0) }
        #expect(swiftAll == sqlAll && swiftAll.contains { $0.variable == "temperature_c" })
    }
}
