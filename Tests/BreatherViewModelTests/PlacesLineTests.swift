import BreatherModel
import BreatherViewModel
import Testing

/// `[bar] places = "all"` (issue 44): every place's index in one compact line, coloured as the
/// worst place, with a table in the tooltip; all from conditions on hand, rendered as the view
/// model renders its own (`MainViewModel.output(of:standard:environment:)`).
@Suite("several places in one bar line")
struct PlacesLineTests {
    static let now = Timestamp(timeIntervalSince1970: 1_800_000_000)

    static func place(_ name: String, _ label: String, pm25: Double) -> PlaceOutput {
        let environment = MainViewModel.Environment(fetch: { _ throws(ProviderFailure) in conditions(pm25: pm25, at: now) }, now: { now })
        var held = conditions(pm25: pm25, at: now)
        held.location = Location(name: name, latitude: 1, longitude: 2)
        return PlaceOutput(name: name, label: label, output: MainViewModel.output(of: held, standard: .us, environment: environment))
    }

    @Test("⌂ 42 · ▣ 88: each label and index in order, the worst place's colour and category, a table in the tooltip")
    func allPlaces() throws {
        let home = Self.place("home", "⌂", pm25: 5), school = Self.place("school", "▣", pm25: 40), gran = Self.place("gran", "gran", pm25: 10)
        let combined = Output.allPlaces([home, school, gran], shown: home.output)
        #expect(combined.barText == "⌂ \(home.output.aqi) · ▣ \(school.output.aqi) · gran \(gran.output.aqi)")
        #expect(combined.aqiColor == school.output.aqiColor && combined.categoryID == school.output.categoryID,
                "the worst place (PM2.5 40) colours the line")
        #expect(home.output.categoryID != school.output.categoryID, "the test needs two categories")
        #expect(combined.details.prefix(3) == [
            "⌂ home: US AQI \(home.output.aqi) \(home.output.airQualityCategory) · PM2.5 · 12°C · asthma medium · 0 s ago",
            "▣ school: US AQI \(school.output.aqi) \(school.output.airQualityCategory) · PM2.5 · 12°C · asthma medium · 0 s ago",
            "gran: US AQI \(gran.output.aqi) \(gran.output.airQualityCategory) · PM2.5 · 12°C · asthma medium · 0 s ago",
        ])
    }

    @Test("a place whose fetch failed: its row says what it lacks, no \"unavailable\" words")
    func failedPlaceRow() {
        let environment = MainViewModel.Environment(fetch: { _ throws(ProviderFailure) in conditions(pm25: 5, at: Self.now) }, now: { Self.now })
        var held = conditions(pm25: 5, at: Self.now)
        held.location = Location(name: "gran", latitude: 1, longitude: 2)
        held.pollution = nil
        held.asthma = nil
        let output = MainViewModel.output(of: held, standard: .us, environment: environment)
        #expect(Output.placeRow(PlaceOutput(name: "gran", label: "gran", output: output)) == "gran: US AQI – · 12°C · 0 s ago")
    }

    @Test("places that do not fit in the compact width end in …")
    func compactWidth() {
        let many = (1...9).map { Self.place("place\($0)", "place\($0)", pm25: 10) }
        let line = Output.allPlaces(many, shown: many[0].output).barText
        #expect(line.count <= Output.compactWidth)
        #expect(line.hasPrefix("place1 ") && line.hasSuffix(" · …"), "\(line)")
    }
}
