import Testing
@testable import BreatherHistory
import BreatherModel

/// An import is held to what a live reading is held to, reads what Excel writes, and an
/// export is safe to open in a spreadsheet or print in a terminal.
@Suite struct HistoryImportSafetyTests {
    func body(_ fields: [String: String]) -> String {
        HistoryCSV.columns.map { fields[$0] ?? "" }.joined(separator: ",")
    }

    func row(_ extra: [String: String], time: String = "2026-11-20T00:00:00+00:00") -> String {
        body(["time": time, "place": "Brooklyn", "latitude": "40.6769", "longitude": "-73.9423", "source": "open-meteo"].merging(extra) { $1 })
    }

    @Test(arguments: [
        (["o3": "-40"], "o3 -40 µg/m³ (expected 0 to 100000 µg/m³)"),
        (["o3": "1e300"], "o3 1e300 µg/m³"),
        (["temperature_c": "1000"], "temperature_c 1000 °C (expected -100 to 70 °C)"),
        (["humidity": "140"], "humidity 140 %"),
        (["pollen_birch": "-1"], "pollen_birch -1"),
        (["uv_index": "99"], "uv_index 99"),
        (["asthma_probability": "7"], "asthma_probability 7"),
        (["reported_us": "-5"], "reported_us -5"),
        (["indoor_co2_ppm": "90000"], "indoor_co2_ppm 90000 ppm"),
    ])
    func valuesNoMeasurementCouldHaveAreRefusedWithTheirLine(fields: [String: String], reason: String) throws {
        let good = row(["pm2_5": "12", "temperature_c": "-3.5"])
        let text = HistoryCSV.header + good + "\r\n" + row(fields) + "\r\n" + good + "\r\n"
        let error = #expect(throws: HistoryImportError.self) { try HistoryImport.readings(from: Array(text.utf8)) }
        #expect(error?.line == 3, "\(reason)")
        #expect(error?.reason.contains(reason) == true, "\(error?.reason ?? "no error")")
    }

    @Test func aRowDatedInTheFutureIsRefusedWithItsLine() throws {
        let text = HistoryCSV.header + row(["pm2_5": "12"]) + "\r\n" + row(["pm2_5": "12"], time: "2099-01-01T00:00:00+00:00") + "\r\n"
        let error = #expect(throws: HistoryImportError.self) { try HistoryImport.readings(from: Array(text.utf8)) }
        #expect(error?.line == 3)
        #expect(error?.reason.contains("in the future") == true, "\(error?.reason ?? "no error")")
    }

    @Test func excelsCSVUTF8WithItsByteOrderMarkImports() throws {
        let text = HistoryCSV.header + row(["pm2_5": "12", "temperature_c": "-3.5"]) + "\r\n"
        let readings = try HistoryImport.readings(from: [0xEF, 0xBB, 0xBF] + Array(text.utf8))
        #expect(readings.map(\.variable) == ["pm2_5", "temperature_c"])
        #expect(readings.map(\.value) == [12, -3.5])
    }

    @Test func anEscapeInAPlaceNameIsCleanedOnImportAndExport() throws {
        let text = HistoryCSV.header + row(["place": "Brook\u{1B}]0;owned\u{07}lyn\u{1B}[2J", "pm2_5": "12"]) + "\r\n"
        let readings = try HistoryImport.readings(from: Array(text.utf8))
        #expect(readings.first?.place.name == "Brooklyn")
        let row = HistoryRow(place: HistoryPlace(latitude: 40.6769, longitude: -73.9423, name: "Brook\u{1B}[31mlyn"), source: "open-\u{1B}]0;x\u{07}meteo", time: day0)
        let line = HistoryCSV.line(row, standard: .us)
        #expect(!line.unicodeScalars.contains { $0 == "\u{1B}" || $0 == "\u{07}" }, "\(line.debugDescription)")
        #expect(line.contains(",Brooklyn,40.6769,-73.9423,open-meteo,"), "\(line.debugDescription)")
    }

    @Test(arguments: ["=cmd|' /C calc'!A0", "+1+cmd|' /C calc'!A0", "-2+3", "@SUM(1+1)*cmd|' /C calc'!A0"])
    func aFormulaInATextCellIsNeutralisedAndNumbersStayNumbers(name: String) throws {
        var row = HistoryRow(place: HistoryPlace(latitude: 40.6769, longitude: -73.9423, name: name), source: name, time: day0)
        row.values[HistoryVariable.positions["temperature_c"]!] = -3.5
        row.values[HistoryVariable.positions["pm2_5"]!] = 12
        let line = HistoryCSV.line(row, standard: .us)
        let fields = line.dropLast(2).split(separator: ",", omittingEmptySubsequences: false)
        #expect(fields[1].hasPrefix("'") || fields[1].hasPrefix("\"'"), "\(fields[1])")
        #expect(fields[4].hasPrefix("'") || fields[4].hasPrefix("\"'"), "\(fields[4])")
        #expect(fields[3] == "-73.9423")
        #expect(fields.contains("-3.5"))
        // And back: the import reads the name as it was.
        let readings = try HistoryImport.readings(from: Array((HistoryCSV.header + line).utf8))
        #expect(readings.first?.place.name == name)
        #expect(readings.first?.source == name)
    }
}
