import Dispatch
import BreatherJSON
import BreatherHTTP
import BreatherModel
@testable import BreatherProviders
import Testing

func airVisual(_ http: FakeHTTP, key: String? = "test-key-0000") -> AirVisual {
    AirVisual(baseURL: "http://fake/v2", key: key, http: http)
}

@Suite("IQAir AirVisual decoding and errors")
struct AirVisualTests {
    @Test("nearest_city → indices as given, weather, one call for both")
    func success() async throws {
        let http = FakeHTTP(["/v2/nearest_city": FakeHTTP.fixture("iqair-airvisual/nearest_city.success.json")])
        let provider = airVisual(http)
        let pollution = try await provider.airQuality(at: place)
        let weather = try await provider.weather(at: place)
        #expect(http.requested.count == 1)
        let us = try pollution.report(for: .us)
        #expect(us.index.value == 52)
        #expect(us.index.category.name == "Moderate")
        #expect(us.index.mainPollutants == [.pm2_5])
        #expect(!us.computed)
        #expect(us.source == "airvisual:aqius")
        let china = try pollution.report(for: .china)
        #expect(china.index.value == 18)
        #expect(china.index.category.name == "Excellent")
        #expect(china.index.mainPollutants.isEmpty)  // China names none at AQI ≤ 50
        #expect(weather.temperatureC == 23)
        #expect(weather.pressureHPa == 999)
        #expect(weather.windSpeedMS == 0.45)
        #expect(weather.condition == .icon("10d"))
        // No concentrations: a standard IQAir does not report cannot be computed.
        #expect(throws: AQIError.self) { try pollution.report(for: .eu) }
    }

    @Test("documented error codes map to failure kinds, quoting IQAir's code", arguments: [
        ("error.incorrect_api_key.json", FailureKind.configuration, "key rejected (incorrect_api_key)"),
        ("error.key_expired.json", .configuration, "key rejected (api_key_expired)"),
        ("error.permission_denied.json", .configuration, "key rejected (permission_denied)"),
        ("error.forbidden.json", .configuration, "key rejected (Forbidden)"),
        ("error.payment_required.json", .configuration, "key rejected (Payment Required)"),
        ("error.feature_not_available.json", .configuration, "key rejected (feature_not_available)"),
        ("error.limit_reached.json", .rateLimited, "rate limited (call_limit_reached)"),
        ("error.call_per_minute_limit_reached.json", .rateLimited, "rate limited (call_per_minute_limit_reached)"),
        ("error.too_many_requests.json", .rateLimited, "rate limited (too_many_requests)"),
        ("error.no_nearest_station.json", .notFound, "no data for this place (no_nearest_station)"),
        ("error.city_not_found.json", .notFound, "no data for this place (city_not_found)"),
        ("error.ip_location_failed.json", .notFound, "no data for this place (ip_location_failed)"),
        ("error.generic.json", .unavailable, "unknown_key"),
    ])
    func errors(file: String, kind: FailureKind, message: String) async throws {
        // The message quotes the code from the body: only the IQAir body parser can produce it,
        // so a status-only mapping or a lost fixture fails here.
        for status in [200, 400] {
            let http = FakeHTTP(["/v2/nearest_city": FakeHTTP.fixture("iqair-airvisual/\(file)", status: status)])
            do {
                _ = try await airVisual(http).airQuality(at: place)
                Issue.record("expected \(kind) for \(file)")
            } catch {
                #expect(error.kind == kind, "\(file) \(status): \(error.message)")
                #expect(error.message == message, "\(file) \(status)")
                #expect(!error.message.contains("test-key-0000"))
            }
        }
    }

    @Test("no key → configuration failure without any request")
    func noKey() async {
        let http = FakeHTTP([:])
        do {
            _ = try await airVisual(http, key: nil).airQuality(at: place)
            Issue.record("expected a failure")
        } catch {
            #expect(error.kind == .configuration)
            #expect(http.requested.isEmpty)
        }
    }

    @Test("a bare JSON string body is read as the error code")
    func bareString() async {
        let http = FakeHTTP(["/v2/nearest_city": FakeHTTP.body("\"node not found\"", status: 404)])
        do {
            _ = try await airVisual(http).airQuality(at: place)
            Issue.record("expected a failure")
        } catch {
            #expect(error.kind == .notFound)
            #expect(error.message == "no data for this place (node not found)")
        }
    }
}

@Suite("Propeller, ipapi and the asthma estimate")
struct OtherProviderTests {
    @Test("Propeller forecast → risk and probability")
    func propeller() async throws {
        let http = FakeHTTP(["/prod/forecast": FakeHTTP.fixture("propeller/forecast.success.json")])
        let asthma = try await Propeller(baseURL: "http://fake/prod", http: http).asthma(at: place, pollution: nil)
        #expect(asthma.risk == .medium)
        #expect(asthma.probability == 0.4938271604938272)
        #expect(asthma.source == "propeller")
    }

    @Test("Propeller error body → unavailable with its message")
    func propellerError() async {
        let http = FakeHTTP(["/prod/forecast": FakeHTTP.fixture("propeller/error.json", status: 500)])
        do {
            _ = try await Propeller(baseURL: "http://fake/prod", http: http).asthma(at: place, pollution: nil)
            Issue.record("expected a failure")
        } catch {
            #expect(error.kind == .unavailable)
            #expect(error.message == "HTTP 500: Internal server error")
        }
    }

    @Test("ipapi → coordinates and city; its 200-with-error body is a failure")
    func ipapi() async throws {
        let ok = FakeHTTP(["/json/": FakeHTTP.body("{\"city\":\"Utrecht\",\"latitude\":52.09,\"longitude\":5.12}")])
        let location = try await IPAPI(baseURL: "http://fake", http: ok).locateByIP()
        #expect(location == Location(name: "Utrecht", latitude: 52.09, longitude: 5.12))
        let limited = FakeHTTP(["/json/": FakeHTTP.body("{\"error\":true,\"reason\":\"RateLimited\"}")])
        await #expect(throws: ProviderFailure.self) { try await IPAPI(baseURL: "http://fake", http: limited).locateByIP() }
    }

    @Test("AQHI bands map to asthma risk", arguments: [(1, AsthmaRisk.low), (3, .low), (4, .medium), (6, .medium), (7, .high), (10, .high), (11, .veryHigh)])
    func estimateBands(aqhi: Int, risk: AsthmaRisk) {
        #expect(AsthmaEstimate.risk(forAQHI: aqhi) == risk)
    }
}

@Suite("fallback order")
struct FetcherTests {
    @Test("the first source that answers wins; earlier failures are kept as warnings")
    func fallback() async {
        let failing = FakeHTTP(["/v2/nearest_city": FakeHTTP.fixture("iqair-airvisual/error.limit_reached.json", status: 429)])
        let working = FakeHTTP(["/aq/air-quality": FakeHTTP.fixture("open-meteo/air_quality.breather_subset.json"),
                                "/v1/forecast": FakeHTTP.fixture("open-meteo/forecast.current.json")])
        let fetcher = ConditionsFetcher(air: [airVisual(failing), openMeteo(working)], weather: [openMeteo(working)],
                                        asthma: [Propeller(baseURL: "http://fake/prod", http: FakeHTTP([:]))])
        let conditions = await fetcher.fetchUntimed(at: place, FetchRequest(standard: .us))
        #expect(conditions.pollution?.source == "open-meteo")
        #expect(conditions.weather?.temperatureC == 17.7)
        #expect(conditions.asthma == nil)
        #expect(conditions.failures.map(\.provider) == ["airvisual", "propeller"])
        #expect(conditions.failures.map(\.kind) == [.rateLimited, .unavailable])
    }
}

@Suite("AirVisual: one request shared by air and weather")
struct AirVisualMemoTests {
    @Test("air and weather asked at once share one request")
    func sharedRequest() async throws {
        let memo = Memo()
        let requests = Counter()
        let body = JSONCursor(.null)
        // Both parts at once, as ConditionsFetcher asks them (async let): the second waits for the first's request.
        async let air = memo.value(for: "u") {
            await requests.add()
            try? await Task.sleep(for: .milliseconds(50))
            return .success(body)
        }
        async let weather = memo.value(for: "u") {
            await requests.add()
            return .success(body)
        }
        _ = await (air, weather)
        #expect(await requests.count == 1)
    }

    @Test("the request runs on the caller's executor (the daemon's LoopExecutor), not on Swift's global pool")
    func keepsTheCallersExecutor() async throws {
        let memo = Memo()
        let executor = QueueExecutor()
        let body = JSONCursor(.null)
        let onExecutor = await withTaskExecutorPreference(executor) { () async -> Bool in
            let seen = Counter()
            _ = await memo.value(for: "u") {
                if executor.isCurrent { await seen.add() }
                return .success(body)
            }
            return await seen.count == 1
        }
        #expect(onExecutor, "the request ran off the caller's executor")
    }
}

private actor Counter {
    var count = 0
    func add() { count += 1 }
}

/// A task executor on a serial dispatch queue that can tell whether it is the one running.
private final class QueueExecutor: TaskExecutor, @unchecked Sendable {
    private let key = DispatchSpecificKey<Bool>()
    private let queue = DispatchQueue(label: "test.executor")

    init() { queue.setSpecific(key: key, value: true) }

    var isCurrent: Bool { DispatchQueue.getSpecific(key: key) == true }

    func enqueue(_ job: UnownedJob) {
        let executor = asUnownedTaskExecutor()
        queue.async { job.runSynchronously(on: executor) }
    }
}
