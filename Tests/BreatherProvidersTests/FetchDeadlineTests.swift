import BreatherHTTP
import BreatherModel
import Foundation
import Testing
@testable import BreatherProviders

/// Counts the calls a fake source gets, from any task.
final class CallLog: @unchecked Sendable {
    private let lock = NSLock()
    private var names: [String] = []
    var calls: [String] { lock.withLock { names } }
    func record(_ name: String) { lock.withLock { names.append(name) } }
}

/// A source that answers at once, or (`hangs`) only once the fetch's deadline has passed, as a
/// hung provider does; it then answers or fails with a timeout. Hanging until the deadline, not
/// for a fixed time, keeps the test about order rather than about how busy the machine is.
struct SlowSource: AirQualityProvider, WeatherProvider, AsthmaProvider {
    let id: ProviderID
    var hangs = false
    var fails = false
    var needsNetwork = true
    let log: CallLog

    private func answer() async throws(ProviderFailure) {
        log.record(id.rawValue)
        if hangs, let deadline = FetchDeadline.current {
            // Bounded, so a deadline that never passes fails the test instead of hanging it.
            for _ in 0..<6000 where !deadline.hasPassed { try? await Task.sleep(for: .milliseconds(10)) }
        }
        if fails { throw ProviderFailure(provider: id, part: .air, kind: .timeout, message: "timed out") }
    }

    func airQuality(at location: Location) async throws(ProviderFailure) -> Pollution {
        try await answer()
        return Pollution(source: id.rawValue, hourly: HourlySeries([.pm2_5: Array(repeating: 10, count: 24)]))
    }

    func weather(at location: Location) async throws(ProviderFailure) -> Weather {
        try await answer()
        return Weather(temperatureC: 12, source: id.rawValue)
    }

    func asthma(at location: Location, pollution: Pollution?) async throws(ProviderFailure) -> Asthma {
        try await answer()
        return Asthma(risk: .low, source: id.rawValue)
    }
}

/// An HTTP client that behaves like libcurl against a server slower than any limit: it waits
/// out the request's own total timeout, then reports a timeout. It records each limit it got.
final class HungHTTP: HTTPClient, @unchecked Sendable {
    private let lock = NSLock()
    private var limits: [Double] = []
    var totalTimeouts: [Double] { lock.withLock { limits } }

    func get(_ request: HTTPRequest) async throws(HTTPError) -> HTTPResponse {
        lock.withLock { limits.append(request.totalTimeoutSeconds) }
        try? await Task.sleep(for: .milliseconds(Int(request.totalTimeoutSeconds * 1000)))
        throw .timeout(url: redactingSecrets(request.url), seconds: request.totalTimeoutSeconds)
    }
}

@Suite("one deadline for a whole fetch")
struct FetchDeadlineTests {
    @Test("after the deadline the remaining sources are not asked; what arrived in time is kept")
    func skipsRemainingSources() async {
        let log = CallLog()
        let fetcher = ConditionsFetcher(
            air: [SlowSource(id: .airVisual, hangs: true, fails: true, log: log), SlowSource(id: .waqi, log: log),
                  SlowSource(id: .openWeatherMap, log: log)],
            weather: [SlowSource(id: .openMeteo, log: log)],
            asthma: [SlowSource(id: .propeller, log: log), SlowSource(id: .estimate, needsNetwork: false, log: log)],
            deadlineSeconds: 5)  // time enough for the weather to be asked however busy the machine
        let conditions = await fetcher.fetch(at: place, FetchRequest(standard: .us))
        #expect(Set(log.calls) == ["airvisual", "open-meteo", "estimate"], "sources after the deadline must not be asked")
        #expect(conditions.pollution == nil)
        #expect(conditions.weather?.source == "open-meteo", "the weather that came in time is kept")
        #expect(conditions.asthma?.source == "estimate", "a local estimator still runs after the deadline")
        #expect(conditions.failures.map(\.provider) == ["airvisual", "waqi", "openweathermap", "propeller"])
        #expect(conditions.failures.dropFirst().allSatisfy { $0.kind == .timeout })
        #expect(conditions.failures[1].message == "not asked: the 5 s limit for the whole fetch ran out waiting for airvisual")
        #expect(conditions.failures[3].message == "not asked: the 5 s limit for the whole fetch ran out")
    }

    @Test("with time left every source is asked in order, as before")
    func noDeadlineReached() async {
        let log = CallLog()
        let fetcher = ConditionsFetcher(air: [SlowSource(id: .airVisual, fails: true, log: log), SlowSource(id: .waqi, log: log)],
                                        weather: [], asthma: [], deadlineSeconds: 60)
        let conditions = await fetcher.fetch(at: place, FetchRequest(standard: .us))
        #expect(log.calls == ["airvisual", "waqi"])
        #expect(conditions.pollution?.source == "waqi")
    }

    @Test("each request gets the smaller of its own timeout and the time left; a cut request names the deadline")
    func requestsAreCutToTimeLeft() async throws {
        let hung = HungHTTP()
        let client = TimeLimitedHTTPClient(hung, totalSeconds: 5)
        let url = "http://127.0.0.1:1/v2/nearest_city?lat=1&key=sekrit-0000"
        let result: Result<HTTPResponse, HTTPError> = await FetchDeadline(seconds: 0.3).run {
            do throws(HTTPError) { return .success(try await client.get(HTTPRequest(url: url))) } catch { return .failure(error) }
        }
        #expect(try #require(hung.totalTimeouts.first) <= 0.3)
        #expect(result.failure == .fetchDeadline(url: "http://127.0.0.1:1/v2/nearest_city?lat=1&key=REDACTED", seconds: 0.3))
        #expect(result.failure?.description == "stopped: the 0.3 s limit for the whole fetch ran out (http://127.0.0.1:1/v2/nearest_city?lat=1&key=REDACTED)")

        // Past the deadline nothing more is sent.
        let late: Result<HTTPResponse, HTTPError> = await FetchDeadline(seconds: 0).run {
            do throws(HTTPError) { return .success(try await client.get(HTTPRequest(url: url))) } catch { return .failure(error) }
        }
        #expect(late.failure == .fetchDeadline(url: "http://127.0.0.1:1/v2/nearest_city?lat=1&key=REDACTED", seconds: 0))
        #expect(hung.totalTimeouts.count == 1)
    }

    @Test("outside any deadline, or with more time left than the timeout, the configured timeout applies")
    func ownTimeoutWhenTimeIsPlenty() async {
        let hung = HungHTTP()
        let client = TimeLimitedHTTPClient(hung, totalSeconds: 0.05)
        _ = try? await client.get(HTTPRequest(url: "http://127.0.0.1:1/a"))
        let failure: HTTPError? = await FetchDeadline(seconds: 30).run {
            do throws(HTTPError) { _ = try await client.get(HTTPRequest(url: "http://127.0.0.1:1/b")); return nil } catch { return error }
        }
        #expect(hung.totalTimeouts == [0.05, 0.05])
        #expect(failure == .timeout(url: "http://127.0.0.1:1/b", seconds: 0.05), "the provider's own timeout, not the deadline")
    }

    @Test("an earlier deadline already in force wins over a later one")
    func earlierDeadlineWins() async {
        // Far apart, so that no pause of a busy machine between the two can swap their order.
        let outer = FetchDeadline(seconds: 100)
        let seen = await outer.run { await FetchDeadline(seconds: 3000).run { FetchDeadline.current?.seconds } }
        #expect(seen == 100)
        let inner = await outer.run { await FetchDeadline(seconds: 50).run { FetchDeadline.current?.seconds } }
        #expect(inner == 50)
        #expect(FetchDeadline.current == nil)
    }

    @Test("out-of-range lengths are bounded instead of overflowing the clock", arguments: [Double.infinity, 1e30, -5, .nan])
    func boundedLength(seconds: Double) {
        let deadline = FetchDeadline(seconds: seconds)
        #expect((0...86_400).contains(deadline.seconds))
        #expect(deadline.remainingSeconds <= 86_400)
    }
}

extension Result {
    var failure: Failure? {
        if case .failure(let error) = self { return error }
        return nil
    }
}
