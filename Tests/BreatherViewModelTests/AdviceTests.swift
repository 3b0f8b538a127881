import BreatherModel
import BreatherViewModel
import Testing

@Suite("What to do now: the advice")
struct AdviceTests {
    typealias Indoor = AdviceInput.Indoor
    typealias Outdoor = AdviceInput.Outdoor

    struct Scenario: CustomTestStringConvertible, Sendable {
        var name: String
        var indoor: Indoor?
        var outdoor: Outdoor?
        var action: Advice.Action
        /// Words at least one reason must contain.
        var named: [String] = []
        /// Words no reason may contain.
        var notNamed: [String] = []
        var testDescription: String { name }
    }

    static let clean = Outdoor(pm2_5: 4, pm10: 9, o3: 50, no2: 10, ageSeconds: 600)
    /// Wildfire smoke: PM2.5 high and nearly all of PM10.
    static let smoke = Outdoor(pm2_5: 120, pm10: 130, o3: 60, no2: 10, ageSeconds: 600)

    static let scenarios: [Scenario] = [
        // Show: indoor CO2 high, outdoor smoke → never open a window; air briefly, smoke named.
        Scenario(name: "CO2 high, smoke outside", indoor: Indoor(pm2_5: 5, co2PPM: 1650, ageSeconds: 60), outdoor: smoke,
                 action: .ventilateBriefly, named: ["smoke likely", "CO2 1650 ppm"]),
        Scenario(name: "CO2 and particles high, smoke outside", indoor: Indoor(pm2_5: 40, co2PPM: 1650, ageSeconds: 60), outdoor: smoke,
                 action: .ventilateBriefly, named: ["smoke likely"]),
        Scenario(name: "particles high indoors, smoke outside", indoor: Indoor(pm2_5: 40, co2PPM: 600, ageSeconds: 60), outdoor: smoke,
                 action: .purifier, named: ["smoke likely", "indoor PM2.5 40"]),
        // Show: indoor PM2.5 high, outdoor clean → ventilate.
        Scenario(name: "particles high indoors, clean outside", indoor: Indoor(pm2_5: 40, co2PPM: 600, ageSeconds: 60), outdoor: clean,
                 action: .ventilate, named: ["indoor PM2.5 10×"]),
        Scenario(name: "particles high in and out, below poor", indoor: Indoor(pm2_5: 20, ageSeconds: 60),
                 outdoor: Outdoor(pm2_5: 25, pm10: 60, ageSeconds: 600), action: .purifier, named: ["outdoor PM2.5 25"]),
        // Show: outdoor pollen very high, indoor fine → keep closed, pollen named.
        Scenario(name: "grass pollen very high", indoor: Indoor(pm2_5: 3, co2PPM: 600, ageSeconds: 60),
                 outdoor: Outdoor(pm2_5: 4, pm10: 9, pollen: [.grass: 250, .birch: 3], ageSeconds: 600),
                 action: .keepClosed, named: ["grass pollen very high"], notNamed: ["birch"]),
        Scenario(name: "CO2 high, clean outside", indoor: Indoor(co2PPM: 1650, ageSeconds: 60), outdoor: clean,
                 action: .ventilate, named: ["CO2 1650 ppm", "outdoor air good"]),
        Scenario(name: "CO2 high, ozone high", indoor: Indoor(co2PPM: 1200, ageSeconds: 60),
                 outdoor: Outdoor(pm2_5: 5, pm10: 10, o3: 190, ageSeconds: 600), action: .ventilateBriefly, named: ["ozone 190"],
                 notNamed: ["smoke"]),
        Scenario(name: "outdoor PM2.5 three times indoor", indoor: Indoor(pm2_5: 8, ageSeconds: 60),
                 outdoor: Outdoor(pm2_5: 24, pm10: 50, ageSeconds: 600), action: .keepClosed, named: ["outdoor PM2.5 3× indoor"]),
        Scenario(name: "dust, not smoke", indoor: Indoor(pm2_5: 5, ageSeconds: 60),
                 outdoor: Outdoor(pm2_5: 60, pm10: 300, ageSeconds: 600), action: .keepClosed, named: ["outdoor PM10 300"],
                 notNamed: ["smoke"]),
        Scenario(name: "humid room, drier outside", indoor: Indoor(humidity: 75, temperatureC: 21, ageSeconds: 60),
                 outdoor: Outdoor(pm2_5: 4, temperatureC: 8, dewPointC: 2, ageSeconds: 600, weatherAgeSeconds: 600),
                 action: .ventilate, named: ["indoor humidity 75%"]),
        Scenario(name: "dry room, drier outside", indoor: Indoor(humidity: 25, temperatureC: 21, ageSeconds: 60),
                 outdoor: Outdoor(pm2_5: 4, temperatureC: 0, dewPointC: -6, ageSeconds: 600, weatherAgeSeconds: 600),
                 action: .keepClosed, named: ["outdoor air drier"]),
        Scenario(name: "very cold", indoor: Indoor(co2PPM: 700, ageSeconds: 60),
                 outdoor: Outdoor(pm2_5: 4, temperatureC: -15, dewPointC: -20, ageSeconds: 600, weatherAgeSeconds: 600),
                 action: .keepClosed, named: ["outdoor air -15°C"]),
        Scenario(name: "all fine", indoor: Indoor(pm2_5: 3, co2PPM: 600, ageSeconds: 60), outdoor: clean, action: .ventilate),
        // Show: the indoor sensor goes silent → unknown within its stale age (10 min), not the last advice.
        Scenario(name: "indoor sensor silent 11 min", indoor: Indoor(pm2_5: 40, co2PPM: 1650, ageSeconds: 660), outdoor: clean,
                 action: .unknown, named: ["indoor sensor silent for 11 min"]),
        Scenario(name: "indoor reading of unknown age", indoor: Indoor(pm2_5: 40, ageSeconds: nil), outdoor: clean, action: .unknown),
        Scenario(name: "outdoor reading 4 h old", indoor: nil, outdoor: Outdoor(pm2_5: 4, ageSeconds: 4 * 3600), action: .unknown,
                 named: ["outdoor reading"]),
        Scenario(name: "no outdoor air", indoor: Indoor(co2PPM: 1650, ageSeconds: 60), outdoor: nil, action: .unknown),
        // Without an indoor sensor: outdoor-only advice.
        Scenario(name: "outdoor only, clean", indoor: nil, outdoor: clean, action: .ventilate),
        Scenario(name: "outdoor only, smoke", indoor: nil, outdoor: smoke, action: .keepClosed, named: ["smoke likely (PM2.5 120 µg/m³, 92% of PM10)"]),
        Scenario(name: "outdoor only, NO2", indoor: nil, outdoor: Outdoor(pm2_5: 4, no2: 230, ageSeconds: 60), action: .keepClosed, named: ["NO2 230"]),
    ]

    @Test("each scenario gives its action, with the reasons named", arguments: scenarios)
    func scenario(_ scenario: Scenario) {
        let advice = Advice.decide(AdviceInput(indoor: scenario.indoor, outdoor: scenario.outdoor), settings: AdviceSettings(), localTime: .utc)
        #expect(advice.action == scenario.action, "\(advice.line)")
        for word in scenario.named {
            #expect(advice.reasons.contains { $0.contains(word) }, "\(word) not in \(advice.reasons)")
        }
        for word in scenario.notNamed {
            #expect(!advice.reasons.contains { $0.contains(word) }, "\(word) in \(advice.reasons)")
        }
        if scenario.outdoor?.pm2_5 == 120 { #expect(advice.action != .ventilate && advice.smoke) }
    }

    @Test("the bar's advice matters only when a person should act")
    func matters() {
        let fine = Advice.decide(AdviceInput(indoor: Indoor(pm2_5: 3, co2PPM: 600, ageSeconds: 60), outdoor: Self.clean), settings: AdviceSettings(), localTime: .utc)
        let co2 = Advice.decide(AdviceInput(indoor: Indoor(co2PPM: 1400, ageSeconds: 60), outdoor: Self.clean), settings: AdviceSettings(), localTime: .utc)
        #expect(!fine.matters && co2.matters)
    }

    @Test("thresholds come from the settings")
    func configured() {
        var settings = AdviceSettings()
        settings.co2PPM = 1_500
        let input = AdviceInput(indoor: Indoor(co2PPM: 1_400, ageSeconds: 60), outdoor: Self.clean)
        #expect(Advice.decide(input, settings: settings, localTime: .utc).matters == false)
        settings.co2PPM = 1_000
        #expect(Advice.decide(input, settings: settings, localTime: .utc).matters == true)
    }

    @Test("a reason says until when the forecast keeps it: grass pollen very high until 18:00")
    func until() {
        let noon = Timestamp(timeIntervalSince1970: Double(1_780_000_000 - 1_780_000_000 % 86_400 + 12 * 3600))
        // Grass from 10:00: very high (250) until 17:00, then 150 (high, below "very high") from 18:00.
        let grass = HourlyValues(start: noon.addingTimeInterval(-2 * 3600), values: Array(repeating: 250, count: 8) + [150, 150])
        let pollution = Pollution(source: "open-meteo", observedAt: noon, hourly: HourlySeries([.pm2_5: [4]]),
                                  pollen: [.grass: 250], pollenHourly: [.grass: grass])
        let conditions = CityConditions(location: Location(latitude: 52, longitude: 13), pollution: pollution, fetchedAt: noon)
        var settings = AdviceSettings()
        settings.pollen = .veryHigh
        let input = AdviceInput(conditions: conditions, indoorReadAt: nil, settings: settings, now: noon)
        let advice = Advice.decide(input, settings: settings, localTime: .utc)
        #expect(advice.action == .keepClosed)
        #expect(advice.reasons == ["grass pollen very high until 18:00"])
    }

    @Test("dew point: 20 °C at 50 % is 9.3 °C (WMO tables)")
    func dewPoint() {
        #expect(abs(Advice.dewPoint(20, humidity: 50) - 9.3) < 0.1)
        #expect(abs(Advice.dewPoint(0, humidity: 100)) < 0.01)
    }
}

@Suite("The advice's hold")
struct AdviceHoldTests {
    /// Show: indoor CO2 wobbling on the 1,000 ppm threshold every minute for 30 minutes, with a
    /// 20-minute hold: the advice changes at most once in any 20 minutes.
    @Test("values wobbling around a threshold for 30 minutes change it at most once per hold")
    func wobble() {
        var hold = AdviceHold()
        var settings = AdviceSettings()
        settings.holdSeconds = 20 * 60
        let start = Timestamp(timeIntervalSince1970: 1_780_000_000)
        var changes: [Int] = []
        var last: (Advice.Action, Bool)?
        for minute in 0...30 {
            let ppm = minute % 2 == 0 ? 990.0 : 1_010.0
            let input = AdviceInput(indoor: .init(pm2_5: 3, co2PPM: ppm, ageSeconds: 30), outdoor: AdviceTests.clean)
            let raw = Advice.decide(input, settings: settings, localTime: .utc)
            let shown = hold.observe(raw, at: start.addingTimeInterval(Double(minute * 60)), holdSeconds: settings.holdSeconds)
            if let last, last != (shown.action, shown.matters) { changes.append(minute) }
            last = (shown.action, shown.matters)
        }
        // Both raw answers are `ventilate`, once for the CO2 (it matters: the bar shows it), once
        // not: the bar would flap every minute without the hold; with it, one change at 21 min.
        #expect(changes == [21])
        // Now between two actions: outdoor PM2.5 wobbling on 35.5 (keep closed / ventilate).
        var flips = AdviceHold()
        var times: [Int] = []
        var previous: Advice.Action?
        for minute in 0...30 {
            let outdoor = AdviceInput.Outdoor(pm2_5: minute % 2 == 0 ? 35 : 36, pm10: 80, ageSeconds: 600)
            let raw = Advice.decide(AdviceInput(indoor: nil, outdoor: outdoor), settings: settings, localTime: .utc)
            let shown = flips.observe(raw, at: start.addingTimeInterval(Double(minute * 60)), holdSeconds: settings.holdSeconds)
            if let previous, previous != shown.action { times.append(minute) }
            previous = shown.action
        }
        #expect(times == [21])
        for (a, b) in zip(times, times.dropFirst()) { #expect(b - a >= 20) }
    }

    @Test("unknown comes at once, and goes at once")
    func unknownIsNotHeld() {
        var hold = AdviceHold()
        let start = Timestamp(timeIntervalSince1970: 1_780_000_000)
        let closed = Advice(action: .keepClosed, reasons: ["ozone 190 µg/m³"], matters: true)
        let unknown = Advice(action: .unknown, reasons: ["indoor sensor silent for 11 min"], matters: false)
        let open = Advice(action: .ventilate, reasons: ["outdoor air good"], matters: false)
        #expect(hold.observe(closed, at: start, holdSeconds: 1200) == closed)
        #expect(hold.observe(unknown, at: start.addingTimeInterval(60), holdSeconds: 1200) == unknown)
        #expect(hold.observe(open, at: start.addingTimeInterval(120), holdSeconds: 1200) == open)
        #expect(hold.observe(closed, at: start.addingTimeInterval(180), holdSeconds: 1200) == open)
        #expect(hold.observe(closed, at: start.addingTimeInterval(120 + 1200), holdSeconds: 1200) == closed)
    }
}
