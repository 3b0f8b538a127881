@testable import BreatherApp
import BreatherCache
import BreatherModel
import Testing

/// The store policy with the clock passed in: `max_age` and the backoff after failed fetches
/// are checked at chosen instants, with no process and no sleep.
@Suite("the conditions store's policy, on an injected clock")
struct StorePolicyTests {
    static let fetched = Timestamp(timeIntervalSince1970: 1_780_000_000)

    static func policy(_ extra: String = "") throws -> StorePolicy {
        try AppHarness.context("interval = \"15m\"\n[cache]\nmax_age = \"10m\"\n" + extra).storePolicy
    }

    static func stored(failedFetches: Int = 0, sameSources: Bool = true) -> Stored {
        let conditions = CityConditions(location: Location(latitude: 1, longitude: 2), weather: Weather(temperatureC: 10, source: "open-meteo"), fetchedAt: fetched)
        return Stored(conditions: conditions, sameSources: sameSources, failedFetches: failedFetches)
    }

    @Test("a one-shot answers from a store younger than max_age, and fetches once it is older",
          arguments: [(599.0, true), (600.0, false), (601.0, false), (0.0, true)])
    func maxAge(secondsLater: Double, answers: Bool) throws {
        let policy = try Self.policy()
        #expect(policy.answersOneShot(Self.stored(), refresh: false, now: Self.fetched.addingTimeInterval(secondsLater)) == answers)
    }

    @Test("after failed fetches the store answers for 30 s, doubling per failure, never past max_age",
          arguments: [(1, 30), (2, 60), (3, 120), (4, 240), (5, 480), (6, 600), (40, 600)])
    func backoff(failures: Int, seconds: Int) throws {
        let policy = try Self.policy()
        #expect(policy.retryAfterFailures(failures) == seconds)
        let found = Self.stored(failedFetches: failures)
        #expect(policy.answersOneShot(found, refresh: false, now: Self.fetched.addingTimeInterval(Double(seconds) - 1)))
        #expect(!policy.answersOneShot(found, refresh: false, now: Self.fetched.addingTimeInterval(Double(seconds))))
    }

    @Test("under a stored Retry-After the store answers until the hold ends (issue 48), at most max_age")
    func retryAfterHold() throws {
        let policy = try Self.policy()
        var found = Self.stored(failedFetches: 1)
        found.conditions.failures = [ProviderFailure(provider: "open-meteo", part: .air, kind: .rateLimited, message: "HTTP 429",
                                                     retryAfterSeconds: 120)]
        #expect(policy.answersOneShot(found, refresh: false, now: Self.fetched.addingTimeInterval(119)), "not the 30 s backoff: the hold")
        #expect(!policy.answersOneShot(found, refresh: false, now: Self.fetched.addingTimeInterval(120)))
        found.conditions.failures[0].retryAfterSeconds = 86_400
        #expect(!policy.answersOneShot(found, refresh: false, now: Self.fetched.addingTimeInterval(600)), "never past max_age")
        #expect(!policy.answersOneShot(found, refresh: true, now: Self.fetched), "--refresh asks")
    }

    @Test("--refresh, or a store filled from other [sources], always fetches")
    func refreshAndSources() throws {
        let policy = try Self.policy()
        #expect(!policy.answersOneShot(Self.stored(), refresh: true, now: Self.fetched))
        #expect(!policy.answersOneShot(Self.stored(sameSources: false), refresh: false, now: Self.fetched))
        #expect(!policy.answersOneShot(nil, refresh: false, now: Self.fetched))
    }

    @Test("the daemon's data goes stale after max_age, never before two poll intervals")
    func pollingStaleness() throws {
        #expect(try Self.policy().pollingStaleAfterSeconds == 1800)
        #expect(try Self.policy().oneShotStaleAfterSeconds == 600)
        let long = try AppHarness.context("interval = \"1m\"\n[cache]\nmax_age = \"1h\"\n").storePolicy
        #expect(long.pollingStaleAfterSeconds == 3600)
    }

    @Test("a store for another place is not shown")
    func place() throws {
        let folder = AppHarness.folder()
        let context = try AppHarness.context("[location]\nlatitude = 1\nlongitude = 2\n", folder: folder)
        let cache = ConditionsCache(path: context.cachePath)
        try cache.save(Self.stored().conditions, sources: context.sourcesKey, failedFetches: 0)
        #expect(context.storePolicy.stored(cache)?.conditions.fetchedAt == Self.fetched)
        let elsewhere = try AppHarness.context("[location]\nlatitude = 50\nlongitude = 8\n", folder: folder)
        #expect(elsewhere.storePolicy.stored(cache) == nil)
    }
}
