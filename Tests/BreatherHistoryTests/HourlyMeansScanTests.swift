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

    @Test("the wanted variables among unwanted ones, whatever the ids' order: the same means as the SQL grouping, nothing else, nothing after until")
    func idsInAnyOrder() throws {
        let folder = TempFolder()
        let store = try HistoryStore(path: folder.file("h.sqlite3"))
        // Recorded in this order, so the ids interleave: a weather id below the pollutants, one
        // between them, the pollen above the reported index.
        let names = ["temperature_c", "pm2_5", "humidity", "o3", "reported_us", "pollen_grass"]
        var readings: [HistoryReading] = []
        for hour in 0..<8 {
            for (step, minute) in [0, 30].enumerated() {
                for (n, name) in names.enumerated() {
                    readings.append(reading(name, Double(10 * n + hour + step), at: day0 + hour * 3600 + minute * 60))
                }
            }
        }
        try store.record(readings, keepRawSeconds: 90 * 86_400, now: day0 + 8 * 3600)
        try store.loadNames()
        #expect(names.compactMap { store.variableIDs[$0] } == [1, 2, 3, 4, 5, 6])
        let only = HistoryVariable.indexInputs(.us)
        var sql: [HistoryReading] = [], swift: [HistoryReading] = []
        try store.forEachHourlyMean(since: day0 + 3600, until: day0 + 7 * 3600, place: brooklyn, only: only) { sql.append($0) }
        try store.forEachHourlyMeanScanned(since: day0 + 3600, until: day0 + 7 * 3600, place: brooklyn, only: only) { swift.append($0) }
        #expect(swift == sql)
        #expect(Set(swift.map(\.variable)) == ["pm2_5", "o3", "reported_us"])
        #expect(swift.count == 6 * 3 && swift.last?.time == day0 + 6 * 3600, "hours 1 to 6: the rows at 07:00 and 07:30 are past until")
        // pm2_5 is recorded as 10 + hour and 11 + hour: the hour's mean 10.5 + hour.
        #expect(swift.filter { $0.variable == "pm2_5" }.map(\.value) == [11.5, 12.5, 13.5, 14.5, 15.5, 16.5])
    }

    @Test("the SQL test: the range's ends only where known ids lie beyond, the mask only where unwanted ids lie inside")
    func variableTest() {
        let known = Array(1...26)
        #expect(HistoryStore.variableTest(wanted: [7, 1, 2, 3, 4, 5, 6], known: known) == " AND variable <= 7")
        #expect(HistoryStore.variableTest(wanted: Array(20...26), known: known) == " AND variable >= 20")
        #expect(HistoryStore.variableTest(wanted: [2, 4, 5], known: known)
            == " AND variable <= 5 AND variable >= 2 AND ((1 << variable) & \(1 << 2 | 1 << 4 | 1 << 5)) != 0")
        #expect(HistoryStore.variableTest(wanted: known, known: known) == "")
        #expect(HistoryStore.variableTest(wanted: [1, 70], known: [1, 3, 70]) == " AND variable IN (1,70)")
        #expect(HistoryStore.variableTest(wanted: [], known: known) == nil)
    }
}
