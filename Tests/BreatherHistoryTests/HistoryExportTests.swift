import Testing
@testable import BreatherHistory
import BreatherModel

@Suite(.serialized) struct HistoryExportTests {
    func rows(_ readings: [HistoryReading], standard: AQIStandard = .us) throws -> [HistoryRow] {
        var out: [HistoryRow] = []
        var builder = HistoryRows(standard: standard) { out.append($0) }
        for reading in readings.sorted(by: { ($0.time, $0.variable, $0.source) < ($1.time, $1.variable, $1.source) }) { try builder.add(reading) }
        try builder.finish()
        return out
    }

    /// 25 hours of PM2.5 at 40 µg/m³, then weather at 12:15 from another source.
    var steadyDay: [HistoryReading] {
        (0...24).map { reading("pm2_5", 40, at: day0 + $0 * 3600) }
            + [reading("temperature_c", 7.5, at: day0 + 12 * 3600 + 900, source: "openweathermap"),
               reading("asthma_risk", 2, at: day0 + 24 * 3600, source: "estimate")]
    }

    @Test func theIndexIsWorkedOutWhenReadUnderTheStandardAsked() throws {
        let us = try rows(steadyDay).last { $0.source == "open-meteo" }!
        // A steady 40 µg/m³: NowCast 40 → US AQI 112, as a live render gives.
        #expect(us.index?.value == 112)
        #expect(us.index?.category.id == "unhealthy_for_sensitive_groups")
        let china = try rows(steadyDay, standard: .china).last { $0.source == "open-meteo" }!
        #expect(china.index?.standard == .china)
        #expect(china.index?.value != us.index?.value)
        let weather = try rows(steadyDay).first { $0.source == "openweathermap" }!
        #expect(weather.index == nil)
        #expect(weather.value("temperature_c") == 7.5)
    }

    @Test func aReportedIndexIsShownAsGiven() throws {
        let given = try rows([reading(HistoryVariable.reportedName(.us), 57, at: day0, source: "airvisual")])
        #expect(given.map { $0.index?.value } == [57])
        let other = try rows([reading(HistoryVariable.reportedName(.us), 57, at: day0, source: "airvisual")], standard: .eu)
        #expect(other.map { $0.index?.value } == [nil])
    }

    /// In the process's zone, whichever it is (`inProcessZone`: no pin switches it between the
    /// line and its expected prefix); the offsets of New York and Berlin are
    /// LocalTimeLogTests.historyTimes's, end to end.
    @Test func csvQuotesAsRFC4180AndWritesLocalOffsets() throws {
        inProcessZone {
            var row = HistoryRow(place: HistoryPlace(latitude: 40.6769, longitude: -73.9423, name: "Brooklyn, \"NY\""), source: "open-meteo", time: day0)
            row.values[HistoryVariable.positions["humidity"]!] = 65
            row.values[HistoryVariable.positions["pm2_5"]!] = 22.1
            row.values[HistoryVariable.asthmaRisk] = 3
            let line = HistoryCSV.line(row, standard: .us)
            #expect(line.hasPrefix(HistoryTime.rfc3339(day0) + ",\"Brooklyn, \"\"NY\"\"\",40.6769,-73.9423,open-meteo,us,,,,22.1,"))
            // asthma_risk, asthma_probability (empty), then the four indoor columns (empty).
            #expect(line.hasSuffix(",very_high,,,,,\r\n"))
            #expect(line.contains(",65,"))
            #expect(HistoryCSV.header.hasPrefix("time,place,latitude,longitude,source,standard,aqi,category,main_pollutant,pm2_5,pm10,o3,no2,so2,co,reported_us,"))
        }
    }

    /// Both exports in one zone, the process's (`inProcessZone`): a pin between them wrote the
    /// second at +00:00 where the first said -05:00.
    @Test func exportImportExportGivesTheSameBytes() throws {
        try inProcessZone {
            let folder = TempFolder()
            func export(_ path: String) throws -> String {
                let store = try HistoryStore(path: path)
                var text = HistoryCSV.header
                var builder = HistoryRows(standard: .us) { text += HistoryCSV.line($0, standard: .us) }
                try store.forEachReading(since: 0, until: Int.max / 2) { try builder.add($0) }
                try builder.finish()
                return text
            }
            let original = try HistoryStore(path: folder.file("a.sqlite3"))
            let oddPlace = HistoryPlace(latitude: -33.8688, longitude: 151.2093, name: "Sydney, \"NSW\"\nAU")
            try original.record(steadyDay + [reading("pollen_birch", 1e-5, at: day0, place: oddPlace), reading("temperature_c", -0.5, at: day0 + 1, place: oddPlace)],
                                keepRawSeconds: 400 * 86_400, now: day0 + 86_400)
            let first = try export(folder.file("a.sqlite3"))
            let imported = try HistoryImport.readings(from: Array(first.utf8))
            let copy = try HistoryStore(path: folder.file("b.sqlite3"))
            try copy.record(imported, keepRawSeconds: 400 * 86_400, now: day0 + 86_400)
            #expect(try export(folder.file("b.sqlite3")) == first)
            let before = try copy.readingCount()
            try copy.record(try HistoryImport.readings(from: Array(first.utf8)), keepRawSeconds: 400 * 86_400, now: day0 + 86_400)
            #expect(try copy.readingCount() == before)  // twice adds nothing
        }
    }

    @Test(arguments: [
        ("time,place\r\n", 1, "not a breather history export"),
        ("", 1, "empty file"),
        // Only a column added since (uv_index) may be missing; any other is still refused.
        (HistoryCSV.columns.filter { $0 != "pm10" }.joined(separator: ",") + "\r\n", 1, "column \"o3\" where \"pm10\" belongs"),
    ])
    func aWrongHeaderIsLineOne(text: String, line: Int, reason: String) throws {
        let error = #expect(throws: HistoryImportError.self) { try HistoryImport.readings(from: Array(text.utf8)) }
        #expect(error?.line == line)
        #expect(error?.reason.contains(reason) == true)
    }

    @Test func anExportFromBeforeUVReadsWithUVMissing() throws {
        let old = HistoryCSV.columns.filter { $0 != "uv_index" }
        let line = old.map { ["time": "2026-06-02T12:00:00+02:00", "latitude": "48.1", "longitude": "11.5", "source": "open-meteo",
                              "pm2_5": "14", "asthma_risk": "medium", "asthma_probability": "0.4"][$0] ?? "" }.joined(separator: ",")
        let readings = try HistoryImport.readings(from: Array((old.joined(separator: ",") + "\r\n" + line + "\r\n").utf8))
        #expect(readings.map(\.variable) == ["pm2_5", "asthma_risk", "asthma_probability"])
        #expect(readings.map(\.value) == [14, 1, 0.4])
    }

    func body(_ fields: [String: String]) -> String {
        HistoryCSV.columns.map { fields[$0] ?? "" }.joined(separator: ",")
    }

    @Test func badFieldsNameTheirLine() throws {
        let good = body(["time": "2026-11-20T00:00:00+00:00", "latitude": "40.6769", "longitude": "-73.9423", "source": "open-meteo", "pm2_5": "12"])
        let cases: [(String, String)] = [
            (body(["time": "2026-11-20T00:00:00+00:00", "latitude": "40.6769", "longitude": "-73.9423", "source": "open-meteo", "pm2_5": "twelve"]), "pm2_5 \"twelve\" is not a number"),
            (body(["time": "yesterday", "latitude": "40.6769", "longitude": "-73.9423", "source": "open-meteo"]), "time \"yesterday\""),
            (body(["time": "2026-11-20T00:00:00+00:00", "latitude": "91", "longitude": "-73.9423", "source": "open-meteo"]), "latitude \"91\""),
            (body(["time": "2026-11-20T00:00:00+00:00", "latitude": "40", "longitude": "-73", "source": "open-meteo", "asthma_risk": "awful"]), "asthma_risk \"awful\""),
            ("a,b", "2 fields"),
        ]
        for (bad, reason) in cases {
            let text = HistoryCSV.header + good + "\r\n" + good + "\n" + bad + "\r\n" + good + "\r\n"
            let error = #expect(throws: HistoryImportError.self) { try HistoryImport.readings(from: Array(text.utf8)) }
            #expect(error?.line == 4, "\(reason)")
            #expect(error?.reason.contains(reason) == true, "\(error?.reason ?? "")")
        }
    }

    @Test func binaryBytesAreRefusedWithTheirLine() throws {
        var bytes = Array(HistoryCSV.header.utf8)
        bytes += [0x00, 0xFF, 0xFE, 0x2C, 0x0A]
        let error = #expect(throws: HistoryImportError.self) { try HistoryImport.readings(from: bytes) }
        #expect(error?.line == 2)
        #expect(error?.reason.contains("not text") == true)
        let random = (0..<4096).map { UInt8(truncatingIfNeeded: $0 * 7919 + 13) }
        let garbage = #expect(throws: HistoryImportError.self) { try HistoryImport.readings(from: random) }
        #expect(garbage?.line ?? 0 >= 1)
    }

    @Test func jsonRowsLeaveOutWhatWasNotRecorded() throws {
        try withTimeZone("UTC") {
            let row = try rows(steadyDay).last { $0.source == "open-meteo" }!
            let text = HistoryJSON.object(row, first: true)
            #expect(text == "\n{\"time\":\"2026-11-21T00:00:00+00:00\",\"place\":\"Brooklyn\",\"latitude\":40.6769,\"longitude\":-73.9423,\"source\":\"open-meteo\",\"aqi\":112,\"category\":\"unhealthy_for_sensitive_groups\",\"main_pollutant\":\"pm2_5\",\"pm2_5\":40}")
            #expect(HistoryJSON.string("a\"b\\c\u{1}") == "\"a\\\"b\\\\c\\u0001\"")
        }
    }

    @Test func dailyRowsCountHoursByCategory() throws {
        try withTimeZone("UTC") {
            // 8 hours at 5 µg/m³ (good) then 17 at 40 (unhealthy for sensitive groups, once NowCast climbs).
            let readings = (0..<8).map { reading("pm2_5", 5, at: day0 + $0 * 3600) } + (8..<24).map { reading("pm2_5", 40, at: day0 + $0 * 3600) }
                + [reading("pollen_birch", 12, at: day0 + 3600), reading("pollen_grass", 30, at: day0 + 7200)]
            var days = HistoryDays()
            for row in try rows(readings) { days.add(row) }
            let day = try #require(days.days().first)
            #expect(days.days().count == 1)
            #expect(day.date == "2026-11-20")
            #expect(day.hoursByCategory.values.reduce(0, +) == 24)
            #expect(day.hoursByCategory["good"] == 8)
            #expect(day.maxIndex == 112)
            #expect(day.mainPollutant == .pm2_5)
            #expect(day.maxPollen?.type == .grass)
            #expect(day.maxPollen?.count == 30)
            let csv = HistoryDailyFormat.csvLine(day, .us)
            #expect(csv.hasPrefix("2026-11-20,Brooklyn,40.6769,-73.9423,open-meteo,us,112,"))
        }
    }

    /// Issue 48: `--daily` said "alder 0" on a day every species was counted at zero.
    @Test func aDayOfZeroPollenNamesNoSpecies() throws {
        let folder = TempFolder()
        let store = try HistoryStore(path: folder.file("h.sqlite3"))
        let zeros = (0..<24).flatMap { hour in
            [reading("pm2_5", 10, at: day0 + hour * 3600), reading("pollen_alder", 0, at: day0 + hour * 3600),
             reading("pollen_grass", 0, at: day0 + hour * 3600)]
        }
        var days = HistoryDays()
        for row in try rows(zeros) { days.add(row) }
        let day = try #require(days.days().first)
        #expect(day.maxPollen == nil, "a count of 0 is no top species")
        #expect(HistoryDailyFormat.csvLine(day, .us).hasSuffix(",,\r\n"))
        #expect(!HistoryTable(standard: .us).dayLine(day).contains("alder"))
        // The summaries of a day over a year old say the same.
        let now = day0 + 367 * 86_400
        try store.record(zeros + [reading("pm2_5", 5, at: now)], keepRawSeconds: 90 * 86_400, now: now)
        let summarised = HistoryDay.days(summarising: try store.dailySummaries(since: 0, until: now), standard: .us)
        #expect(summarised.first?.maxPollen == nil)
    }

    @Test func daysOlderThanAYearComeFromTheirDailySummaries() throws {
        let folder = TempFolder()
        let store = try HistoryStore(path: folder.file("h.sqlite3"))
        // 23 hours at 10 µg/m³ and one at 60 (mean 12.08); the provider's own US index 50, once 98;
        // a weather-only source, which has no index and so no day.
        let hours = (0..<24).flatMap { hour in
            [reading("pm2_5", hour == 12 ? 60 : 10, at: day0 + hour * 3600), reading("pollen_grass", hour == 9 ? 40 : 5, at: day0 + hour * 3600),
             reading("reported_us", hour == 15 ? 98 : 50, at: day0 + hour * 3600, source: "waqi"),
             reading("temperature_c", 20, at: day0 + hour * 3600, source: "openweathermap")]
        }
        let now = day0 + 367 * 86_400
        try store.record(hours + [reading("pm2_5", 5, at: now)], keepRawSeconds: 90 * 86_400, now: now)
        let days = HistoryDay.days(summarising: try store.dailySummaries(since: 0, until: now), standard: .us)
        #expect(days.map(\.source) == ["open-meteo", "waqi"])
        let model = try #require(days.first)
        #expect(model.date == "2026-11-20" && model.isSummary && model.hoursByCategory.isEmpty)
        // Mean: 12.0 µg/m³ → AQI 56; highest: 60 µg/m³ held for the day → 154 (2024 table).
        #expect(model.meanIndex == 56 && model.maxIndex == 154 && model.mainPollutant == .pm2_5)
        #expect(model.maxPollen?.type == .grass && model.maxPollen?.count == 40)
        #expect(days.last?.meanIndex == 52 && days.last?.maxIndex == 98, "the provider's own index, as it gave it")
        // No hours by category: those columns are empty, not 0.
        let blankHours = String(repeating: ",", count: AQIStandard.us.categories.count)
        #expect(HistoryDailyFormat.csvLine(model, .us) == "2026-11-20,Brooklyn,40.6769,-73.9423,open-meteo,us,154,56,pm2_5,\(blankHours)40,grass\r\n")
        let json = HistoryDailyFormat.json([model], .us)
        #expect(json.contains("\"aqi_max\":154,\"aqi_mean\":56,\"main_pollutant\":\"pm2_5\",\"summary\":true") && !json.contains("\"hours\""))
        let line = HistoryTable(standard: .us).dayLine(model)
        #expect(line.contains("Unhealthy ") && line.hasSuffix("daily summary (UTC day)"), "\(line)")
    }

    @Test func summarisedDaysAndDaysWithHoursAreOneListByPlace() {
        let elsewhere = HistoryPlace(latitude: 52.52, longitude: 13.405, name: "Berlin")
        func day(_ date: String, _ place: HistoryPlace, max: Int, summary: Bool) -> HistoryDay {
            HistoryDay(date: date, place: place, source: "open-meteo", maxIndex: max, meanIndex: 40, hoursByCategory: summary ? [:] : ["good": 5],
                       mainPollutant: max > 100 ? .o3 : .pm2_5, isSummary: summary)
        }
        let summarised = [day("2025-11-24", brooklyn, max: 60, summary: true), day("2025-11-24", elsewhere, max: 50, summary: true)]
        // West of UTC the hourly tier starts on the evening of the last summarised date.
        let withHours = [day("2025-11-24", brooklyn, max: 120, summary: false), day("2025-11-25", brooklyn, max: 70, summary: false),
                         day("2025-11-25", elsewhere, max: 30, summary: false)]
        let days = HistoryDay.combining(summarised: summarised, withHours: withHours)
        #expect(days.map { "\($0.place.name) \($0.date) \($0.maxIndex)" }
                == ["Brooklyn 2025-11-24 120", "Brooklyn 2025-11-25 70", "Berlin 2025-11-24 50", "Berlin 2025-11-25 30"])
        #expect(days[0].isSummary && days[0].mainPollutant == .o3 && days[0].meanIndex == 40, "one row for the date, the higher index's pollutant")
    }

    @Test func aSummarisedDayOverlappingSinceIsKept() throws {
        let folder = TempFolder()
        let store = try HistoryStore(path: folder.file("h.sqlite3"))
        let now = day0 + 367 * 86_400
        try store.record([reading("pm2_5", 10, at: day0 + 3600), reading("pm2_5", 5, at: now)], keepRawSeconds: 90 * 86_400, now: now)
        // Local midnight of that date in New York is 05:00 UTC, inside the UTC day.
        #expect(try store.dailySummaries(since: day0 + 5 * 3600, until: now).map(\.day) == [day0])
        #expect(try store.dailySummaries(since: day0 + 86_400, until: now).isEmpty)
    }

    @Test func theChartFitsEightyColumnsAndHonoursNoColour() throws {
        var plain = HistoryChart(standard: .us, color: false)
        var colour = HistoryChart(standard: .us, color: true)
        for row in try rows((0..<200).map { reading("pm2_5", Double($0 % 60), at: day0 + $0 * 3600) }) {
            plain.add(row)
            colour.add(row)
        }
        let lines = plain.render()
        #expect(lines.count >= 12)
        for line in lines { #expect(line.count <= 80, "\(line.count): \(line)") }
        #expect(!lines.joined().contains("\u{1B}"))
        let coloured = colour.render().joined(separator: "\n")
        #expect(coloured.contains("\u{1B}[38;2;"))
        #expect(lines.contains { $0.contains("█") })
    }
}
