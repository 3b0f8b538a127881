import Foundation
import Testing
import BreatherModel
import BreatherTestSupport
@testable import BreatherProviders

@Suite("provider gate: Retry-After, 429 backoff and early retries")
struct ProviderGateTests {
    let clock = TestClock(at: Timestamp(timeIntervalSince1970: 1_763_800_000))

    /// A gate for a 100 s poll: retries from 10 s, a 429's backoff up to 60 s.
    func gate(jitter: Double = 1) -> ProviderGate {
        let clock = self.clock
        return ProviderGate(firstRetrySeconds: 10, pollSeconds: 100, maxRateLimitSeconds: 60, now: { clock.now }, jitter: { jitter })
    }

    func failure(_ kind: FailureKind, retryAfter: Int? = nil) -> ProviderFailure {
        ProviderFailure(provider: "airvisual", part: .air, kind: kind, message: "x", retryAfterSeconds: retryAfter)
    }

    @Test("Retry-After: no call before it allows, clicks included, then calls again")
    func retryAfter() async throws {
        let gate = gate()
        await gate.record("airvisual", part: .air, failure: failure(.rateLimited, retryAfter: 120))
        #expect(await gate.wait(for: "airvisual", part: .air) == 120)
        #expect(await gate.wait(for: "open-meteo", part: .air) == nil, "other providers are not held back")
        let held = await gate.hold("airvisual", part: .air, isUserRequest: true)
        #expect(held?.message == "not asked: the provider asked to wait 120s more (Retry-After)", "a click does not override Retry-After")
        #expect(await gate.secondsUntilEarlyRetry() == 121, "one retry a second after the provider's own time, not before")
        clock.advance(120)
        #expect(await gate.hold("airvisual", part: .air, isUserRequest: false) == nil)
    }

    @Test("Retry-After 60 with a 15 min poll: the retry is due as the hold ends; a poll held meanwhile keeps it; a success clears it")
    func retryAfterEndsEarly() async throws {
        let gate = ProviderGate(firstRetrySeconds: 30, pollSeconds: 900, now: { [clock] in clock.now }, jitter: { 1 })
        await gate.record("open-meteo", part: .air, failure: failure(.rateLimited, retryAfter: 60))
        #expect(await gate.secondsUntilEarlyRetry() == 61)
        clock.advance(30)  // a fetch meanwhile does not ask the held provider and records nothing for it
        #expect(await gate.hold("open-meteo", part: .air, isUserRequest: true) != nil)
        #expect(await gate.secondsUntilEarlyRetry() == 31)
        clock.advance(31)
        #expect(await gate.hold("open-meteo", part: .air, isUserRequest: false) == nil, "asked at the retry")
        await gate.record("open-meteo", part: .air, failure: nil)
        #expect(await gate.secondsUntilEarlyRetry() == nil)
    }

    @Test("a 429 without Retry-After holds the polls back, exponentially up to the cap; a click asks; a success resets")
    func rateLimitBackoff() async {
        let gate = gate()
        var waits: [Int?] = []
        for _ in 0..<5 {
            await gate.record("airvisual", part: .air, failure: failure(.rateLimited))
            waits.append(await gate.wait(for: "airvisual", part: .air))
        }
        #expect(waits == [10, 20, 40, 60, 60])
        let held = await gate.hold("airvisual", part: .air, isUserRequest: false)
        #expect(held?.message == "not asked: rate limited (429), backing off 60s more (a click or SIGUSR1 asks now)")
        #expect(await gate.hold("airvisual", part: .air, isUserRequest: true) == nil)
        #expect(await gate.secondsUntilEarlyRetry() == nil, "no early retry for a provider that said too many")
        await gate.record("airvisual", part: .air, failure: nil)
        #expect(await gate.wait(for: "airvisual", part: .air) == nil)
    }

    @Test("an outage never holds a poll back; early retries double while under half the poll interval")
    func outageRetries() async {
        let gate = gate()
        var retries: [Double?] = []
        for kind in [FailureKind.unavailable, .timeout, .unavailable, .timeout] {
            await gate.record("airvisual", part: .air, failure: failure(kind))
            #expect(await gate.wait(for: "airvisual", part: .air) == nil, "the next poll asks")
            #expect(await gate.hold("airvisual", part: .air, isUserRequest: false) == nil)
            retries.append(await gate.secondsUntilEarlyRetry())
        }
        // 10, 20, 40 come before half the 100 s interval; 80 would not: the next poll retries.
        #expect(retries == [10, 20, 40, nil])
        await gate.record("airvisual", part: .air, failure: nil)
        await gate.record("airvisual", part: .air, failure: failure(.unavailable))
        #expect(await gate.secondsUntilEarlyRetry() == 10, "a success starts the count again")
    }

    @Test("the earliest retry of several providers comes first, counting down with the clock")
    func earliestRetry() async {
        let gate = gate()
        await gate.record("airvisual", part: .air, failure: failure(.unavailable))
        await gate.record("airvisual", part: .air, failure: failure(.unavailable))
        clock.advance(5)
        await gate.record("open-meteo", part: .air, failure: failure(.timeout))
        #expect(await gate.secondsUntilEarlyRetry() == 10, "open-meteo at 5 + 10 s, before airvisual at 20 s")
        clock.advance(12)
        #expect(await gate.secondsUntilEarlyRetry() == 0, "open-meteo's is overdue: at once")
        await gate.record("open-meteo", part: .air, failure: nil)
        #expect(await gate.secondsUntilEarlyRetry() == 3, "then airvisual's, 20 s after its failure")
    }

    @Test("a reply that shows the provider is up (bad data, a rejected key) clears the count")
    func badDataClearsCount() async {
        let gate = gate()
        await gate.record("airvisual", part: .air, failure: failure(.unavailable))
        await gate.record("airvisual", part: .air, failure: failure(.unavailable))
        await gate.record("airvisual", part: .air, failure: failure(.badData))
        #expect(await gate.secondsUntilEarlyRetry() == nil)
        await gate.record("airvisual", part: .air, failure: failure(.unavailable))
        #expect(await gate.secondsUntilEarlyRetry() == 10, "the count started again from one")
        await gate.record("airvisual", part: .air, failure: failure(.configuration))
        #expect(await gate.secondsUntilEarlyRetry() == nil)
        #expect(await gate.wait(for: "airvisual", part: .air) == nil)
    }

    @Test("a Retry-After of centuries holds the provider back for a day at most")
    func retryAfterCapped() async {
        let gate = gate()
        await gate.record("airvisual", part: .air, failure: failure(.rateLimited, retryAfter: 9_999_999_999))
        #expect(await gate.wait(for: "airvisual", part: .air) == ProviderGate.longestRetryAfterSeconds)
        clock.advance(Double(ProviderGate.longestRetryAfterSeconds))
        #expect(await gate.wait(for: "airvisual", part: .air) == nil)
    }

    @Test("jitter shortens the waits")
    func jitter() async {
        let jittered = gate(jitter: 0.5)
        await jittered.record("airvisual", part: .air, failure: failure(.unavailable))
        #expect(await jittered.secondsUntilEarlyRetry() == 5)
        await jittered.record("open-meteo", part: .air, failure: failure(.rateLimited))
        #expect(await jittered.wait(for: "open-meteo", part: .air) == 5)
    }
}

@Suite("provider gate: one outcome per provider and part")
struct ProviderGatePartTests {
    let clock = TestClock(at: Timestamp(timeIntervalSince1970: 1_763_800_000))
    @Test("Open-Meteo's air API down while its forecast answers: the air part is retried early, the forecast's success does not clear it")
    func partsFailOnTheirOwn() async {
        let gate = ProviderGate(firstRetrySeconds: 30, pollSeconds: 900, now: { [clock] in clock.now }, jitter: { 1 })
        let http = FakeHTTP(["/v1/forecast": FakeHTTP.fixture("open-meteo/forecast.current.json"),
                             "/aq/air-quality": FakeHTTP.body("{}", status: 503)])
        let fetcher = ConditionsFetcher(air: [openMeteo(http)], weather: [openMeteo(http)], asthma: [], gate: gate)
        let conditions = await fetcher.fetchUntimed(at: place, FetchRequest(standard: .us))
        #expect(conditions.weather != nil)
        #expect(conditions.failures.map(\.message) == ["HTTP 503: service unavailable"])
        #expect(await gate.secondsUntilEarlyRetry() == 30)
        #expect(await gate.wait(for: "open-meteo", part: .air) == nil, "the next poll asks")
    }

    @Test("AirVisual's one request serving air and weather: one failure doubles each part's wait once")
    func oneRequestTwoParts() async {
        let gate = ProviderGate(firstRetrySeconds: 10, pollSeconds: 900, now: { [clock] in clock.now }, jitter: { 1 })
        let http = FakeHTTP(["/v2/nearest_city": FakeHTTP.body("{}", status: 503)])
        let fetcher = ConditionsFetcher(air: [airVisual(http)], weather: [airVisual(http)], asthma: [], gate: gate)
        var retries: [Double?] = []
        for _ in 0..<3 {
            _ = await fetcher.fetchUntimed(at: place, FetchRequest(standard: .us))
            retries.append(await gate.secondsUntilEarlyRetry())
        }
        #expect(retries == [10, 20, 40])
    }

    @Test("the default clock is the time since boot, sleep included: a wall-clock step cannot move a hold")
    func steadyClock() {
        var boot = timespec(), wall = timespec()
        clock_gettime(CLOCK_BOOTTIME, &boot)
        let gateNow = ProviderGate.sinceBoot().timeIntervalSince1970
        clock_gettime(CLOCK_REALTIME, &wall)
        #expect(abs(gateNow - Double(boot.tv_sec)) < 5, "CLOCK_BOOTTIME")
        #expect(abs(gateNow - Double(wall.tv_sec)) > 86_400, "not the wall clock")
    }
}
