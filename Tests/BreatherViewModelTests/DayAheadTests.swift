import BreatherModel
import BreatherTestSupport
import BreatherViewModel
import Testing

/// A reading for the day-ahead tests at `now`: 24 past hours of PM2.5 5 µg/m³ (Good), then
/// the forecast `pm25Ahead` from the next whole hour on; pollen now and hourly from the same
/// hour; UV now and hourly from 24 hours before the next whole hour.
func dayAhead(now: Timestamp, pm25Ahead: [Double] = Array(repeating: 5, count: 60), pollenNow: [PollenType: Double]? = nil,
              grassAhead: [Double]? = nil, uvNow: Double? = nil, uvHourly: [Double]? = nil) -> CityConditions {
    let next = Timestamp(timeIntervalSince1970: ((now.timeIntervalSince1970 / 3600).rounded(.down) + 1) * 3600)
    var result = conditions(pm25: 5, at: now)
    result.pollution = Pollution(
        source: "open-meteo", observedAt: next.addingTimeInterval(-3600), hourly: HourlySeries([.pm2_5: Array(repeating: 5, count: 24)]),
        pollen: pollenNow, forecast: HourlyForecast(start: next, series: HourlySeries([.pm2_5: pm25Ahead.map { $0 }])),
        pollenHourly: grassAhead.map { [.grass: HourlyValues(start: next, values: $0.map { $0 })] },
        uv: uvNow == nil && uvHourly == nil ? nil
            : UVIndex(index: uvNow, clearSky: uvNow.map { $0 + 1 }, hourly: uvHourly.map { HourlyValues(start: next.addingTimeInterval(-24 * 3600), values: $0.map { $0 }) }))
    result.asthma = Asthma(risk: .low, source: "estimate", method: "AQHI")
    return result
}

/// Runs one reading per step through the real view model (each fetch a minute after the
/// last, on `clock`) and every output through one monitor: the notifications tagged by step.
func dayAheadAlerts(_ steps: [CityConditions], _ settings: AlertSettings, localTime: LocalTime = .utc,
                    clock: TestClock = TestClock()) async -> (sent: [Sent], outputs: [Output], bodies: [String]) {
    let script = ScriptedFetch(steps.map { .success($0) })
    var environment = MainViewModel.Environment.scripted(script, clock: clock)
    environment.localTime = localTime
    environment.alerts = settings
    // One poll at a time: refreshes sent together merge into one fetch.
    let outputs = await pollHistory(MainViewModel(environment: environment), polls: steps.count)
    var monitor = AlertMonitor(settings: settings)
    var sent: [Sent] = []
    var bodies: [String] = []
    var step = -1
    for output in outputs {
        if output.isLoading { step += 1 }
        for notification in monitor.observe(output) {
            sent.append(Sent(step, notification.urgency, notification.summary))
            bodies.append(notification.body)
        }
    }
    return (sent, outputs.filter { !$0.isLoading }, bodies)
}

@Suite("day ahead: pollen, UV, pre-alerts and the briefing through the view model")
struct DayAheadTests {
    // The test clock's first fetch is at 2026-11-18 11:07:40 UTC: the forecast starts at 12:00.
    static let start = TestClock().now.addingTimeInterval(60)
    /// Good until 17:00 UTC, then PM2.5 150 µg/m³ for five hours: Unhealthy from 17:00.
    static let crossingIn6h = Array(repeating: 5.0, count: 5) + Array(repeating: 150, count: 5) + Array(repeating: 5, count: 50)
    /// The same episode at 300 µg/m³: Hazardous at its worst.
    static let crossingWorse = Array(repeating: 5.0, count: 5) + Array(repeating: 300, count: 5) + Array(repeating: 5, count: 50)
    static let clean = Array(repeating: 5.0, count: 60)
    static let preAlert = AlertSettings(standard: .us, category: "unhealthy", preAlertSeconds: 8 * 3600)

    @Test("a crossing in 6 h with pre_alert 8h: one notification at the first poll, none on the next ones")
    func preAlertOnce() async {
        let steps = Array(repeating: dayAhead(now: Self.start, pm25Ahead: Self.crossingIn6h), count: 4)
        let (sent, outputs, bodies) = await dayAheadAlerts(steps, Self.preAlert)
        #expect(sent == [Sent(0, .normal, "Forecast: US AQI Unhealthy from about 17:00 UTC, PM2.5")])
        #expect(bodies.first?.hasPrefix("Brooklyn: US AQI up to ") == true)
        // The NowCast lags: the hour after the last 150 µg/m³ one is still Unhealthy.
        #expect(bodies.first?.contains(" Unhealthy at ") == true && bodies.first?.hasSuffix(", 17:00 UTC–23:00 UTC") == true, "\(bodies)")
        #expect(outputs.last?.outlook.warnings.map(\.kind) == [.air])
    }

    @Test("without pre_alert the same forecast sends nothing; a crossing 10 h ahead waits until it is 8 h away")
    func preAlertWindow() async {
        var off = Self.preAlert
        off.preAlertSeconds = nil
        #expect(await dayAheadAlerts([dayAhead(now: Self.start, pm25Ahead: Self.crossingIn6h)], off).sent.isEmpty)
        let far = Array(repeating: 5.0, count: 9) + Array(repeating: 150, count: 5) + Array(repeating: 5, count: 46)
        #expect(await dayAheadAlerts([dayAhead(now: Self.start, pm25Ahead: far)], Self.preAlert).sent.isEmpty)
    }

    @Test("an improving forecast cancels silently after hold readings; the next crossing is a new episode")
    func improvementCancels() async {
        let crossing = dayAhead(now: Self.start, pm25Ahead: Self.crossingIn6h)
        let clean = dayAhead(now: Self.start, pm25Ahead: Self.clean)
        let (sent, _, _) = await dayAheadAlerts([crossing, clean, clean, crossing], Self.preAlert)
        #expect(sent.map(\.step) == [0, 3])
        #expect(sent.allSatisfy { $0.summary.hasPrefix("Forecast: US AQI Unhealthy") })
        // One clean forecast between two crossings is a wobble, not an improvement: no repeat.
        let wobble = await dayAheadAlerts([crossing, clean, crossing, crossing], Self.preAlert)
        #expect(wobble.sent.map(\.step) == [0])
    }

    @Test("a worsening forecast re-alerts once")
    func worseningReAlertsOnce() async {
        let steps = [dayAhead(now: Self.start, pm25Ahead: Self.crossingIn6h)]
            + Array(repeating: dayAhead(now: Self.start, pm25Ahead: Self.crossingWorse), count: 3)
        let (sent, _, bodies) = await dayAheadAlerts(steps, Self.preAlert)
        #expect(sent.map(\.step) == [0, 1])
        // At 300 µg/m³ the first hour is already Very Unhealthy (NowCast 152 µg/m³).
        #expect(sent.last?.summary == "Forecast worse: US AQI Very Unhealthy from about 17:00 UTC, PM2.5")
        #expect(bodies.last?.contains("Hazardous") == true)
    }

    @Test("the briefing goes out once, at the first reading from its local time on, with tomorrow's peak")
    func briefingAtItsTime() async {
        // Berlin in winter (UTC+1): the fetches are at 12:07, 12:08, 12:09, 12:10 and 12:11 local.
        var settings = AlertSettings(standard: .us, briefingMinute: 12 * 60 + 10)
        settings.hold = 2
        // Tomorrow (local) runs from 23:00 UTC today: forecast hours 11 to 34. PM2.5 80 µg/m³
        // from 14:00 to 18:00 UTC tomorrow (hours 26–30), grass 30 grains/m³ (high) all day, UV 7 at noon.
        let pm = (0..<60).map { (26...30).contains($0) ? 80.0 : 5 }
        let uv = (0..<84).map { $0 == 47 ? 7.0 : 1 }  // 11:00 UTC tomorrow (noon in Berlin)
        let reading = dayAhead(now: Self.start, pm25Ahead: pm, pollenNow: [.grass: 2], grassAhead: Array(repeating: 30, count: 60),
                               uvNow: 1, uvHourly: uv)
        let (sent, outputs, bodies) = await dayAheadAlerts(Array(repeating: reading, count: 5), settings, localTime: .fixed(3600))
        #expect(sent == [Sent(3, .low, "Breather outlook")])
        let briefing = outputs.last?.outlook.briefing ?? ""
        #expect(bodies == ["Brooklyn: \(briefing)"])
        // PM2.5 80 from 15:00 local: NowCast (the US index's mean) Unhealthy from the second
        // hour, 16:00, to the end of the last, 20:00, at most 166 (a steady 80 would be 168).
        // Tomorrow's best hours outside: grass (30, NAB "high") spoils every waking hour, from 07:00 local.
        #expect(briefing == "Tomorrow: US AQI up to 166 Unhealthy 16:00–20:00; grass pollen high; UV 7 high; "
                + "no good hours outside (grass pollen peaks 07:00)")
        #expect(outputs.last?.outlook.days.map(\.date) == ["2026-11-18", "2026-11-19", "2026-11-20", "2026-11-21"])
    }

    @Test("pollen and UV alerts: one per crossing after hold readings, then a recovery")
    func pollenAndUVAlerts() async {
        let settings = AlertSettings(standard: .us, pollen: .high, uv: .high, hold: 2)
        let high = dayAhead(now: Self.start, pollenNow: [.grass: 61, .birch: 3], uvNow: 8)
        let low = dayAhead(now: Self.start, pollenNow: [.grass: 3], uvNow: 2)
        let (sent, _, bodies) = await dayAheadAlerts([low, high, high, high, low, low], settings)
        #expect(sent == [Sent(2, .normal, "Pollen: grass high"), Sent(2, .normal, "UV index 8: very high"),
                         Sent(5, .low, "Pollen back to low"), Sent(5, .low, "UV back to low")])
        #expect(bodies[0] == "Brooklyn: grass 61 grains/m³ (high, AAAAI NAB)")
    }

    @Test("the outputs: pollen by species, UV with today's peak, compact text from the configured level")
    func outputs() async {
        let uvHourly = (0..<48).map { $0 == 13 + 24 - 12 ? 9.0 : 0 }  // 13:00 UTC today: 9
        let reading = dayAhead(now: Self.start, pollenNow: [.grass: 61, .birch: 12, .olive: 0], uvNow: 8, uvHourly: uvHourly)
        let (_, outputs, _) = await dayAheadAlerts([reading], AlertSettings(standard: .us))
        let output = outputs.last!
        #expect(output.pollenSummary == "grass 61 high, birch 12 low")
        #expect(output.pollenTop == "grass high")
        #expect(output.pollen.map(\.count) == [61, 12, 0])
        #expect(output.uvSummary == "UV 8 very high, peak 9 at 13:00 UTC")
        #expect(output.uv?.category == .veryHigh)
        // The compact text's 40 characters: the advice that matters first (grass at "high" keeps
        // the windows closed: [advice] pollen), then what fits of the asthma risk, pollen, UV and
        // the temperature; the full text has them all.
        #expect(output.barTextCompact == "US AQI 28 Good · UV 8 · keep closed", "\(output.barTextCompact)")
        var full = output
        full.isCompact = false
        #expect(full.barText.contains(" · grass pollen high · UV 8 very high"), "\(full.barText)")
        #expect(output.details.contains("Pollen: grass 61 high, birch 12 low (grains/m³, AAAAI NAB levels)"))
        #expect(output.details.contains("UV: 8 very high (clear sky 9), today's peak 9 at 13:00 UTC"))
        let fields = Dictionary(uniqueKeysWithValues: output.displayFields.map { ($0.key, $0.value) })
        #expect(fields["pollen_top"] == "grass high" && fields["uv"] == output.uvSummary)
    }

    @Test("a reload's [bar] and [alerts] re-render the bar text and the warnings without a fetch")
    func reload() async {
        let clock = TestClock()
        let reading = dayAhead(now: clock.now, pm25Ahead: Self.crossingIn6h, pollenNow: [.grass: 12])
        let fetches = ScriptedFetch([.success(reading)])
        let viewModel = MainViewModel(environment: .init(fetch: { _ throws(ProviderFailure) in try fetches.next() }, now: { clock.now }))
        let outputs = await history(viewModel) { inputs in
            inputs.viewDidRefresh()
            inputs.dayAhead(DayAheadSettings(barPollen: .moderate), Self.preAlert)
        }
        #expect(outputs.count == 3)
        #expect(outputs[1].outlook.warnings.isEmpty && !outputs[1].barTextFull.contains("grass"))
        #expect(outputs[2].outlook.warnings.map(\.kind) == [.air])
        #expect(outputs[2].compactDayAhead == ["grass moderate"])
        #expect(outputs[2].barTextFull.contains(" · grass pollen moderate"), "\(outputs[2].barTextFull)")
    }

    @Test("a bar showing another standard: the warnings are still judged under the alerts' standard")
    func otherStandard() async {
        let clock = TestClock()
        let fetches = ScriptedFetch([.success(dayAhead(now: clock.now, pm25Ahead: Self.crossingIn6h))])
        var environment = MainViewModel.Environment(fetch: { _ throws(ProviderFailure) in try fetches.next() }, now: { clock.now })
        environment.alerts = Self.preAlert
        let outputs = await history(MainViewModel(environment: environment, standard: .eu)) { $0.viewDidRefresh() }
        let warning = outputs.last?.outlook.warnings.first
        #expect(warning?.summary == "US AQI Unhealthy from about 17:00 UTC, PM2.5", "\(String(describing: warning))")
        #expect(outputs.last?.outlook.days.first?.air?.index.standard == .eu)
    }

    @Test("no pollen in the reply: 'no pollen data here', never zeros; nothing in the compact text")
    func noPollen() async {
        let (_, outputs, _) = await dayAheadAlerts([dayAhead(now: Self.start, uvNow: 3)], AlertSettings(standard: .us))
        let output = outputs.last!
        #expect(output.pollen.isEmpty)
        #expect(output.pollenSummary == "no pollen data here")
        #expect(output.pollenTop == "")
        #expect(output.details.contains("Pollen: no pollen data here"))
        #expect(!output.barTextCompact.contains("pollen") && !output.barTextCompact.contains("UV"), "\(output.barTextCompact)")
    }
}

@Suite("day-ahead strings")
struct DayAheadFormatTests {
    @Test("compact text thresholds", arguments: [
        (PollenLevel.high, UVCategory.high, 25.0, 6.0, ["grass high", "UV 6"]),
        (.high, .high, 19.0, 5.4, []),
        (.moderate, .veryHigh, 19.0, 7.0, ["grass moderate"]),
        (.low, .low, 0.0, 0.0, ["UV 0"]),
    ])
    func compact(pollen: PollenLevel, uv: UVCategory, grass: Double, index: Double, parts: [String]) {
        let counts = PollenCount.ranked([.grass: grass])
        let reading = UVReading(index: index, clearSky: nil, peak: nil, peakTime: nil)
        #expect(Format.compactDayAhead(pollen: counts, uv: reading, settings: DayAheadSettings(barPollen: pollen, barUV: uv)) == parts)
    }

    @Test("a day at one category from midnight to midnight reads 'all day'")
    func allDay() {
        let start = Timestamp(timeIntervalSince1970: 1_795_046_400)  // 2026-11-19 00:00 UTC
        let index = AirQualityIndex(standard: .us, value: 54, category: AQIStandard.us.categories[1], mainPollutants: [.pm2_5], subIndices: [])
        var day = OutlookDay(date: "2026-11-19", air: ForecastHour(time: start, index: index),
                             airHours: (start, start.addingTimeInterval(86_400)), pollen: [], uvPeak: nil)
        #expect(Outlook.briefing(day, title: "Tomorrow", standard: .us, localTime: .utc) == "Tomorrow: US AQI up to 54 Moderate all day")
        day.airHours = (start.addingTimeInterval(15 * 3600), start.addingTimeInterval(19 * 3600))
        #expect(Outlook.briefing(day, title: "Tomorrow", standard: .us, localTime: .utc)
                == "Tomorrow: US AQI up to 54 Moderate 15:00 UTC–19:00 UTC")
    }

    @Test("pollen all counted at zero reads as none, not as missing data")
    func zeros() {
        let counts = PollenCount.ranked([.grass: 0, .birch: 0.4])
        #expect(Format.pollenSummary(counts) == "none (every species under 1 grain/m³)")
        #expect(Format.pollenTop(counts) == "")
        #expect(Format.pollenSummary([]) == "no pollen data here")
    }
}
