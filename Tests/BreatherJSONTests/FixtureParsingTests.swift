import BreatherJSON
import Testing

@Suite struct FixtureParsingTests {
    @Test func iqairNearestCityAQI() throws {
        let root = try Fixtures.cursor("iqair-airvisual/nearest_city.success.json")
        let pollution = root["data"]["current"]["pollution"]
        #expect(try pollution["aqius"].int() == 52)
        #expect(try pollution["mainus"].string() == "p2")
        #expect(try root["data"]["current"]["weather"]["ws"].double() == 0.45)
        #expect(try root["data"]["city"].string() == "Edgewater")
        let coordinates = try root["data"]["location"]["coordinates"].doubles()
        #expect(coordinates == [-105.06415, 39.75304])
        #expect(root["data"]["current"]["pollution"].path == "data.current.pollution")
    }

    @Test func openMeteoHourlySeries() throws {
        let root = try Fixtures.cursor("open-meteo/air_quality.current_hourly.json")
        #expect(try root["hourly"]["pm2_5"].doubles() == [20.5, 20.0, 18.9])
        #expect(try root["current"]["pm2_5"].double() == 22.1)
        #expect(try root["current"]["us_aqi"].int() == 65)
        #expect(try root["current_units"]["pm10"].string() == "μg/m³")
        #expect(try root["hourly"]["time"].array()[1].string() == "2026-10-03T01:00")
    }

    @Test func openMeteoHourlySeriesWithNulls() throws {
        // The fixtures have no gaps; real series do, so splice nulls into one.
        let text = #"{"hourly": {"pm2_5": [20.5, null, 18, null]}}"#
        let root = JSONCursor(try JSON.parse(text))
        #expect(try root["hourly"]["pm2_5"].doubles() == [20.5, nil, 18.0, nil])
    }

    @Test func documentKeyOrderIsKept() throws {
        let root = try Fixtures.cursor("iqair-airvisual/nearest_city.success.json")
        #expect(try root["data"].object().keys == ["city", "state", "country", "location", "current"])
    }

    @Test(arguments: Fixtures.allJSONFiles)
    func everyFixtureParsesAndRoundTrips(_ file: String) throws {
        // Reals print with 15 significant digits (so 12.3 stays 12.3), which
        // rounds e.g. 7.7457427978515625; so check that output is stable and
        // that compact and pretty output agree, rather than exact equality.
        let value = try JSON.parse(Fixtures.bytes(file))
        let compact = JSON.serialize(value)
        let reparsed = try JSON.parse(compact)
        #expect(JSON.serialize(reparsed) == compact)
        #expect(try JSON.parse(JSON.serialize(value, pretty: true)) == reparsed)
        if case .object(let original) = value, case .object(let copy) = reparsed {
            #expect(original.keys == copy.keys)
        }
    }

    @Test func fixturesWereFound() {
        #expect(Fixtures.allJSONFiles.count > 20)
    }
}
