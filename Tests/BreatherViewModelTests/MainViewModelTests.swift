import BreatherModel
import BreatherTestSupport
import BreatherViewModel
import Foundation
import Testing

/// A scripted provider: each fetch takes the next result, and counts how often it was asked.
final class ScriptedFetch: @unchecked Sendable {
    private let lock = NSLock()
    private var results: [Result<CityConditions, ProviderFailure>]
    private(set) var calls = 0

    init(_ results: [Result<CityConditions, ProviderFailure>]) { self.results = results }

    func next() throws(ProviderFailure) -> CityConditions {
        let result: Result<CityConditions, ProviderFailure> = lock.withLock {
            calls += 1
            return results.removeFirst()
        }
        return try result.get()
    }
}

extension MainViewModel.Environment {
    /// An environment whose fetches take `script`'s next result `seconds` apart on `clock` (a
    /// minute unless given), every part stamped as fetched then, and whose `now` is `clock`'s.
    static func scripted(_ script: ScriptedFetch, clock: TestClock, every seconds: Double = 60) -> Self {
        Self(fetch: { _ throws(ProviderFailure) in
            clock.advance(seconds)
            var result = try script.next()
            result.fetchedAt = clock.now
            result.partsFetchedAt = PartTimes(air: clock.now, weather: clock.now, asthma: clock.now)
            return result
        }, now: { clock.now })
    }
}

let brooklyn = Location(name: "Brooklyn", latitude: 40.6769, longitude: -73.9423)

/// Conditions with a steady PM2.5 level (µg/m³) over 24 hours, 12.3 °C and a medium asthma risk.
func conditions(pm25: Double, at date: Timestamp, failures: [ProviderFailure] = []) -> CityConditions {
    let hours = Array(repeating: Optional(pm25), count: 24)
    return CityConditions(
        location: brooklyn,
        weather: Weather(temperatureC: 12.3, humidity: 63, pressureHPa: 1013.2, windSpeedMS: 3.64, windDirectionDeg: 225, source: "test"),
        pollution: Pollution(source: "test", hourly: HourlySeries([.pm2_5: hours])),
        asthma: Asthma(risk: .medium, probability: 0.63, source: "propeller"),
        failures: failures, fetchedAt: date)
}

let outage = ProviderFailure(provider: "open-meteo", part: .air, kind: .unavailable, message: "HTTP 503: service unavailable")

/// Drives the view model: sends the events, finishes, and returns every output in order.
func history(_ viewModel: MainViewModel, _ events: (MainViewModel.Input) -> Void) async -> [Output] {
    events(viewModel.inputs)
    viewModel.finish()
    var outputs: [Output] = []
    for await output in viewModel.outputs { outputs.append(output) }
    return outputs
}

/// Like `history` for `polls` refreshes a poll interval apart: each is sent once the one before
/// has shown its result (refreshes sent together are one burst, and merge into one fetch), with
/// `between` sending other events after each result.
func pollHistory(_ viewModel: MainViewModel, polls: Int, between: (Int, MainViewModel.Input) -> Void = { _, _ in }) async -> [Output] {
    var outputs: [Output] = []
    var iterator = viewModel.outputs.makeAsyncIterator()
    for index in 0..<polls {
        viewModel.inputs.viewDidRefresh()
        var sawLoading = false
        while let output = await iterator.next() {
            outputs.append(output)
            if output.isLoading { sawLoading = true } else if sawLoading { break }
        }
        between(index, viewModel.inputs)
    }
    viewModel.finish()
    while let output = await iterator.next() { outputs.append(output) }
    return outputs
}

@Suite("MainViewModel input → output history")
struct MainViewModelTests {
    @Test("refresh: loading, then the formatted conditions")
    func refresh() async {
        let clock = TestClock()
        let fetch = ScriptedFetch([.success(conditions(pm25: 35.0, at: clock.now))])
        let viewModel = MainViewModel(environment: .init(fetch: { _ throws(ProviderFailure) in try fetch.next() }, now: { clock.now }))
        let outputs = await history(viewModel) { $0.viewDidRefresh() }

        #expect(outputs.map(\.isLoading) == [true, false])
        #expect(outputs[0].staleness == "never fetched")
        #expect(outputs[0].aqi == "unavailable")
        let shown = outputs[1]
        #expect(shown.city == "Brooklyn")
        #expect(shown.aqi == "99")  // PM2.5 35.0 → 99 on the 2024 EPA table
        #expect(shown.airQualityCategory == "Moderate")
        #expect(shown.mainPollutant == "PM2.5")
        #expect(shown.aqiColor == "#FFFF00")
        #expect(shown.temperature == "12°C")
        #expect(shown.humidity == "63%")
        #expect(shown.pressure == "1013 hPa")
        #expect(shown.wind == "3.6 m/s SW")
        #expect(shown.asthmaRisk == "medium")
        #expect(shown.asthmaProbability == "63%")
        #expect(shown.error == nil)
        #expect(shown.staleness == "")
        #expect(!shown.isStale)
        #expect(fetch.calls == 1)
    }

    @Test("switching the standard re-renders without a new fetch")
    func switchStandard() async {
        let clock = TestClock()
        let fetch = ScriptedFetch([.success(conditions(pm25: 75, at: clock.now))])
        let viewModel = MainViewModel(environment: .init(fetch: { _ throws(ProviderFailure) in try fetch.next() }, now: { clock.now }))
        let outputs = await history(viewModel) {
            $0.viewDidRefresh()
            $0.aqiStandard(.china)
        }
        #expect(outputs.count == 3)
        #expect(outputs.map(\.standard) == [.us, .us, .china])
        #expect(outputs[1].aqi == "165")  // US: 75 µg/m³ NowCast → 165 Unhealthy
        #expect(outputs[1].airQualityCategory == "Unhealthy")
        #expect(outputs[2].aqi == "114")  // China HJ 633-2026: 1-h PM2.5 75 → 114
        #expect(outputs[2].airQualityCategory == "Lightly Polluted")
        #expect(outputs[2].aqiColor == "#FF7E00")
        #expect(fetch.calls == 1)
    }

    @Test("an error after a success keeps the old values, adds the error and marks them stale")
    func errorAfterSuccess() async {
        let clock = TestClock()
        let first = conditions(pm25: 35.0, at: clock.now)
        let fetch = ScriptedFetch([.success(first), .failure(outage)])
        let viewModel = MainViewModel(environment: .init(fetch: { _ throws(ProviderFailure) in
            defer { clock.advance(720) }
            return try fetch.next()
        }, now: { clock.now }))
        let outputs = await pollHistory(viewModel, polls: 2)
        #expect(outputs.map(\.isLoading) == [true, false, true, false])
        let last = outputs[3]
        #expect(last.aqi == "99")
        #expect(last.temperature == "12°C")
        #expect(last.isStale)
        #expect(last.ageSeconds == 1440)
        #expect(last.staleness == "stale, updated 24 min ago")
        #expect(last.error == "open-meteo air: HTTP 503: service unavailable")
        #expect(last.conditions?.pollution == first.pollution && last.conditions?.weather == first.weather)
        #expect(last.staleParts == [.air], "the part the failure names is marked stale")
    }

    @Test("the one-shot's events (stored data, a standard, a refresh) end in the state it prints: the last output",
          arguments: [false, true])
    func finalState(refreshFails: Bool) async {
        let clock = TestClock()
        let stored = conditions(pm25: 35.0, at: clock.now)
        clock.advance(900)
        let fetch = ScriptedFetch([refreshFails ? .failure(outage) : .success(conditions(pm25: 55.0, at: clock.now))])
        let viewModel = MainViewModel(environment: .init(fetch: { _ throws(ProviderFailure) in try fetch.next() },
                                                         now: { clock.now }))
        viewModel.seed(with: stored)
        let outputs = await history(viewModel) {
            $0.aqiStandard(.china)
            $0.viewDidRefresh()
        }
        // seed, standard, loading, result
        #expect(outputs.map(\.isLoading) == [false, false, true, false])
        #expect(fetch.calls == 1)
        guard let shown = outputs.last else { return }
        #expect(shown.standard == .china)
        if refreshFails {
            #expect(shown.aqi == "50", "the stored 1-h PM2.5 35.0 under HJ 633-2026")
            #expect(shown.isStale)
            #expect(shown.error == "open-meteo air: HTTP 503: service unavailable")
        } else {
            #expect(shown.aqi == "90", "the fetched 1-h PM2.5 55.0 under HJ 633-2026")
            #expect(!shown.isStale)
            #expect(shown.error == nil)
        }
    }

    @Test("a scroll steps from the standard shown through the cycle; a new cycle keeps the standard shown")
    func stepThroughCycle() async {
        let clock = TestClock()
        let fetch = ScriptedFetch([])
        let viewModel = MainViewModel(environment: .init(fetch: { _ throws(ProviderFailure) in try fetch.next() }, now: { clock.now }),
                                      standard: .us, standards: [.us, .china, .eu])
        viewModel.seed(with: conditions(pm25: 35.0, at: clock.now))
        let outputs = await history(viewModel) {
            $0.stepStandard(1)          // china
            $0.standardCycle([.us, .china, .eu, .uk])
            $0.stepStandard(1)          // eu: from the one shown, not from the config's
            $0.stepStandard(2)          // us: wraps round
            $0.stepStandard(-1)         // uk
        }
        #expect(outputs.map(\.standard) == [.us, .china, .china, .eu, .us, .uk])
        #expect(fetch.calls == 0, "the stored data serves every one of them")
    }

    @Test("an error before any success: no values, the error, never fetched")
    func errorBeforeSuccess() async {
        let fetch = ScriptedFetch([.failure(outage)])
        let viewModel = MainViewModel(environment: .init(fetch: { _ throws(ProviderFailure) in try fetch.next() }))
        let outputs = await history(viewModel) { $0.viewDidRefresh() }
        #expect(outputs.count == 2)
        let last = outputs[1]
        #expect(!last.hasData)
        #expect(last.aqi == "unavailable")
        #expect(last.temperature == "unavailable")
        #expect(last.staleness == "never fetched")
        #expect(last.error == "open-meteo air: HTTP 503: service unavailable")
        #expect(!last.isStale)
    }

    @Test("repeated refreshes fetch each time and recover after a failure")
    func repeatedRefreshes() async {
        let clock = TestClock()
        let fetch = ScriptedFetch([.success(conditions(pm25: 5, at: clock.now)), .failure(outage),
                                   .success(conditions(pm25: 75, at: clock.now.addingTimeInterval(2)))])
        // Time passes between fetches, as it always does: a part kept from an earlier fetch is older than the latest.
        let viewModel = MainViewModel(environment: .init(fetch: { _ throws(ProviderFailure) in
            defer { clock.advance(1) }
            return try fetch.next()
        }, now: { clock.now }))
        let outputs = await pollHistory(viewModel, polls: 3)
        #expect(fetch.calls == 3)
        #expect(outputs.filter { !$0.isLoading }.map(\.aqi) == ["28", "28", "165"])
        #expect(outputs.filter { !$0.isLoading }.map(\.isStale) == [false, true, false])
        #expect(outputs.last?.error == nil)
    }

    @Test("a partial failure shows the missing part as unavailable and names it")
    func partialFailure() async {
        var partial = conditions(pm25: 5, at: Timestamp.now())
        partial.asthma = nil
        partial.failures = [ProviderFailure(provider: "propeller", part: .asthma, kind: .unavailable, message: "HTTP 502")]
        let fetch = ScriptedFetch([.success(partial)])
        let viewModel = MainViewModel(environment: .init(fetch: { _ throws(ProviderFailure) in try fetch.next() }))
        let outputs = await history(viewModel) { $0.viewDidRefresh() }
        #expect(outputs.last?.asthmaRisk == "unavailable")
        #expect(outputs.last?.aqi == "28")
        #expect(outputs.last?.error == "propeller asthma: HTTP 502")
        #expect(outputs.last?.isStale == false)
    }
}
