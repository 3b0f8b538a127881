import Foundation
import Testing
import BreatherModel
import BreatherTestSupport
@testable import BreatherViewModel

/// The view model as the owner of the standard and of the conditions on hand (issue 9).
@Suite("the view model owns the standard and the conditions on hand")
struct ConditionsStoreTests {
    /// An AirVisual-style answer: a US index only, no concentrations.
    func indexOnly(at date: Timestamp) -> CityConditions {
        CityConditions(location: brooklyn, weather: Weather(temperatureC: 20, source: "airvisual"),
                       pollution: Pollution(source: "airvisual", reported: [ReportedIndex(standard: .us, value: 57, mainPollutant: .pm2_5, field: "aqius")]),
                       fetchedAt: date)
    }

    @Test("a standard the data on hand cannot serve asks the next air source, skipping the one on hand, and keeps the weather")
    func standardNeedsAnotherSource() async {
        let clock = TestClock()
        let requests = RequestLog()
        let fromOpenMeteo = CityConditions(location: brooklyn, pollution: conditions(pm25: 75, at: clock.now).pollution,
                                           fetchedAt: clock.now.addingTimeInterval(1))
        let fetch = ScriptedFetch([.success(indexOnly(at: clock.now)), .success(fromOpenMeteo)])
        let viewModel = MainViewModel(environment: .init(fetch: { request throws(ProviderFailure) in
            requests.add(request)
            return try fetch.next()
        }, now: { clock.now }))
        let outputs = await history(viewModel) {
            $0.viewDidRefresh()
            $0.aqiStandard(.eu)
        }
        #expect(requests.all.count == 2)
        #expect(requests.all[1] == FetchRequest(standard: .eu, parts: [.air, .asthma], skippedAirSources: ["airvisual"]))
        let loading = outputs[outputs.count - 2]
        #expect(loading.isLoading && loading.error == "airvisual gives no eu index: asking the next air source")
        let last = outputs[outputs.count - 1]
        #expect(last.standard == .eu && last.aqi != "unavailable" && last.error == nil, "\(last.aqi) \(last.error ?? "")")
        #expect(last.temperature == "20°C", "the weather fetched before is kept")
        #expect(last.staleParts.isEmpty)
    }

    @Test("a standard the data on hand serves re-renders without any fetch")
    func standardWithoutFetch() async {
        let clock = TestClock()
        let fetch = ScriptedFetch([.success(conditions(pm25: 75, at: clock.now))])
        let viewModel = MainViewModel(environment: .init(fetch: { _ throws(ProviderFailure) in try fetch.next() }, now: { clock.now }))
        let outputs = await history(viewModel) {
            $0.viewDidRefresh()
            $0.aqiStandard(.china)
            $0.aqiStandard(.uk)
        }
        #expect(fetch.calls == 1)
        #expect(outputs.map(\.standard) == [.us, .us, .china, .uk])
    }

    @Test("a failed weather part keeps the last weather, marked stale, while the air is fresh; the store gets the merge")
    func failedWeatherKept() async {
        let clock = TestClock()
        let weatherDown = ProviderFailure(provider: "open-meteo", part: .weather, kind: .unavailable, message: "HTTP 503")
        var second = conditions(pm25: 5, at: clock.now.addingTimeInterval(60), failures: [weatherDown])
        second.weather = nil
        second.partsFetchedAt.weather = nil
        let fetch = ScriptedFetch([.success(conditions(pm25: 75, at: clock.now)), .success(second)])
        let saved = SavedLog()
        let viewModel = MainViewModel(environment: .init(fetch: { _ throws(ProviderFailure) in
            defer { clock.advance(60) }
            return try fetch.next()
        }, save: { saved.add($0) }, now: { clock.now }))
        let outputs = await pollHistory(viewModel, polls: 2)
        let last = outputs[outputs.count - 1]
        #expect(last.aqi == "28", "the new air reading shows")
        #expect(last.temperature == "12°C", "the last good weather stays")
        #expect(last.staleParts == [.weather])
        #expect(!last.isStale, "the line's main part, the air, is fresh")
        // The kept weather is marked where it shows; the fresh index is not.
        #expect(last.barTextCompact.hasPrefix("US AQI 28 Good · 12°C* · "), "\(last.barTextCompact)")
        #expect(!last.barTextCompact.contains("stale"), "\(last.barTextCompact)")
        #expect(last.mark(.weather, "*") == "*" && last.mark(.air, "*").isEmpty)
        #expect(saved.all.last?.weather?.temperatureC == 12.3 && saved.all.last?.failures == [weatherDown])
    }
}

final class RequestLog: @unchecked Sendable {
    private let lock = NSLock()
    private var requests: [FetchRequest] = []
    func add(_ request: FetchRequest) { lock.withLock { requests.append(request) } }
    var all: [FetchRequest] { lock.withLock { requests } }
}

final class SavedLog: @unchecked Sendable {
    private let lock = NSLock()
    private var saved: [CityConditions] = []
    func add(_ conditions: CityConditions) { lock.withLock { saved.append(conditions) } }
    var all: [CityConditions] { lock.withLock { saved } }
}
