import BreatherConfig
import BreatherHTTP
import BreatherModel
import BreatherTestSupport
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

extension TestClock {
    /// This clock as a fetch deadline's: it stands still until the test calls `advance`.
    var deadlineClock: FetchDeadline.Clock {
        let (origin, start) = (now, ContinuousClock.now)
        return FetchDeadline.Clock { start.advanced(by: .seconds(self.now.timeIntervalSince(origin))) }
    }
}

extension ConditionsFetcher {
    /// `fetch` with its deadline on a `TestClock` nobody moves, for tests about anything but
    /// the deadline. On the real clock, a parallel run on a loaded machine can keep the fetch's
    /// task waiting for a cooperative thread past the 30 s, and the sources then count as timed out.
    func fetchUntimed(at location: Location, _ request: FetchRequest) async -> CityConditions {
        await FetchDeadline.$clock.withValue(TestClock().deadlineClock) { await fetch(at: location, request) }
    }
}

/// A source that answers at once, or (`hangs`) uses up the whole fetch's time, as a hung
/// provider does: it moves the test's clock past the deadline, then answers or fails with a
/// timeout. It hangs only once `after` has been asked, so the sources that run side by side
/// with it get their turn first, whichever order the tasks happen to run in.
struct SlowSource: AirQualityProvider, WeatherProvider, AsthmaProvider {
    let id: ProviderID
    var hangs = false
    var after: String?
    var fails = false
    var needsNetwork = true
    let log: CallLog
    var clock: TestClock?

    private func answer() async throws(ProviderFailure) {
        log.record(id.rawValue)
        if hangs, let deadline = FetchDeadline.current, let clock {
            if let after {
                // Bounded, so a source that is never asked fails the test instead of hanging it.
                for _ in 0..<3000 where !log.calls.contains(after) { try? await Task.sleep(for: .milliseconds(10)) }
            }
            clock.advance(deadline.remainingSeconds + 1)
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
/// out the request's own total timeout (on the test's clock), then reports a timeout. It
/// records each limit it got.
final class HungHTTP: HTTPClient, @unchecked Sendable {
    private let lock = NSLock()
    private var limits: [Double] = []
    private let clock: TestClock
    var totalTimeouts: [Double] { lock.withLock { limits } }

    init(clock: TestClock) { self.clock = clock }

    func get(_ request: HTTPRequest) async throws(HTTPError) -> HTTPResponse {
        lock.withLock { limits.append(request.totalTimeoutSeconds) }
        clock.advance(request.totalTimeoutSeconds)
        throw .timeout(url: redactingSecrets(request.url), seconds: request.totalTimeoutSeconds)
    }
}

/// Every test runs its deadlines on a `TestClock`: time passes only where a test moves it.
@Suite("one deadline for a whole fetch")
struct FetchDeadlineTests {
    let clock = TestClock()

    /// `body` with every deadline made in it (the fetcher's own too) on the test's clock.
    func onTestClock<T: Sendable>(_ body: () async -> T) async -> T {
        await FetchDeadline.$clock.withValue(clock.deadlineClock) { await body() }
    }

    @Test("after the deadline the remaining sources are not asked; what arrived in time is kept")
    func skipsRemainingSources() async {
        let log = CallLog()
        let fetcher = ConditionsFetcher(
            air: [SlowSource(id: .airVisual, hangs: true, after: "open-meteo", fails: true, log: log, clock: clock),
                  SlowSource(id: .waqi, log: log), SlowSource(id: .openWeatherMap, log: log)],
            weather: [SlowSource(id: .openMeteo, log: log)],
            asthma: [SlowSource(id: .propeller, log: log), SlowSource(id: .estimate, needsNetwork: false, log: log)],
            deadlineSeconds: 5)
        let conditions = await onTestClock { await fetcher.fetch(at: place, FetchRequest(standard: .us)) }
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
                                        weather: [], asthma: [], deadlineSeconds: 5)
        let conditions = await onTestClock { await fetcher.fetch(at: place, FetchRequest(standard: .us)) }
        #expect(log.calls == ["airvisual", "waqi"])
        #expect(conditions.pollution?.source == "waqi")
    }

    @Test("each request gets the smaller of its own timeout and the time left; a cut request names the deadline")
    func requestsAreCutToTimeLeft() async throws {
        let hung = HungHTTP(clock: clock)
        let client = TimeLimitedHTTPClient(hung, totalSeconds: 5)
        let url = "http://127.0.0.1:1/v2/nearest_city?lat=1&key=sekrit-0000"
        clock.advance(100)  // a deadline starts from whatever the clock reads, not from zero
        let result: Result<HTTPResponse, HTTPError> = await FetchDeadline(seconds: 0.3, clock: clock.deadlineClock).run {
            do throws(HTTPError) { return .success(try await client.get(HTTPRequest(url: url))) } catch { return .failure(error) }
        }
        #expect(abs(try #require(hung.totalTimeouts.first) - 0.3) < 1e-6, "the 0.3 s left, not the 5 s timeout")
        #expect(result.failure == .fetchDeadline(url: "http://127.0.0.1:1/v2/nearest_city?lat=1&key=REDACTED", seconds: 0.3))
        #expect(result.failure?.description == "stopped: the 0.3 s limit for the whole fetch ran out (http://127.0.0.1:1/v2/nearest_city?lat=1&key=REDACTED)")

        // Past the deadline nothing more is sent.
        let late: Result<HTTPResponse, HTTPError> = await FetchDeadline(seconds: 0, clock: clock.deadlineClock).run {
            do throws(HTTPError) { return .success(try await client.get(HTTPRequest(url: url))) } catch { return .failure(error) }
        }
        #expect(late.failure == .fetchDeadline(url: "http://127.0.0.1:1/v2/nearest_city?lat=1&key=REDACTED", seconds: 0))
        #expect(hung.totalTimeouts.count == 1)
    }

    @Test("outside any deadline, or with more time left than the timeout, the configured timeout applies")
    func ownTimeoutWhenTimeIsPlenty() async {
        let hung = HungHTTP(clock: clock)
        let client = TimeLimitedHTTPClient(hung, totalSeconds: 0.05)
        _ = try? await client.get(HTTPRequest(url: "http://127.0.0.1:1/a"))
        let failure: HTTPError? = await FetchDeadline(seconds: 30, clock: clock.deadlineClock).run {
            do throws(HTTPError) { _ = try await client.get(HTTPRequest(url: "http://127.0.0.1:1/b")); return nil } catch { return error }
        }
        #expect(hung.totalTimeouts == [0.05, 0.05])
        #expect(failure == .timeout(url: "http://127.0.0.1:1/b", seconds: 0.05), "the provider's own timeout, not the deadline")
    }

    @Test("a request's own smaller limit stands (a sensor's 10 s under timeout = 20 s); the largest timeout decides for the rest")
    func ownSmallerLimitStands() async {
        let hung = HungHTTP(clock: clock)
        let largest = Double(Settings.timeoutRange.upperBound)
        _ = try? await TimeLimitedHTTPClient(hung, totalSeconds: 20).get(HTTPRequest(url: "http://127.0.0.1:1/measures/current", totalTimeoutSeconds: 10))
        _ = try? await TimeLimitedHTTPClient(hung, totalSeconds: largest).get(HTTPRequest(url: "http://127.0.0.1:1/v1/forecast"))
        #expect(hung.totalTimeouts == [10, largest])
    }

    @Test("the time left shrinks as the clock moves; under 10 ms left counts as passed")
    func passesWithTheClock() {
        let deadline = FetchDeadline(seconds: 2, clock: clock.deadlineClock)
        #expect(abs(deadline.remainingSeconds - 2) < 1e-6)
        #expect(!deadline.hasPassed)
        clock.advance(1.5)
        #expect(abs(deadline.remainingSeconds - 0.5) < 1e-6)
        #expect(!deadline.hasPassed)
        clock.advance(0.495)
        #expect(deadline.hasPassed, "5 ms left: no request is worth starting")
        clock.advance(10)
        #expect(deadline.remainingSeconds < 0 && deadline.hasPassed)
    }

    @Test("an earlier deadline already in force wins over a later one")
    func earlierDeadlineWins() async {
        await onTestClock {
            let outer = FetchDeadline(seconds: 10)
            let seen = await outer.run { await FetchDeadline(seconds: 11).run { FetchDeadline.current?.seconds } }
            #expect(seen == 10)
            let inner = await outer.run { await FetchDeadline(seconds: 9).run { FetchDeadline.current?.seconds } }
            #expect(inner == 9)
            // Made once the clock moved: the end counts, not the length (6 s from then ends at 11).
            clock.advance(5)
            let later = await outer.run { await FetchDeadline(seconds: 6).run { FetchDeadline.current?.seconds } }
            #expect(later == 10, "the outer deadline ends first")
            let sooner = await outer.run { await FetchDeadline(seconds: 4).run { FetchDeadline.current?.seconds } }
            #expect(sooner == 4)
        }
        #expect(FetchDeadline.current == nil)
    }

    @Test("out-of-range lengths are bounded instead of overflowing the clock", arguments: [Double.infinity, 1e30, -5, .nan])
    func boundedLength(seconds: Double) {
        let deadline = FetchDeadline(seconds: seconds, clock: TestClock().deadlineClock)
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
