import Foundation
import Testing
import BreatherModel
import BreatherTestSupport
@testable import BreatherProviders

@Suite("provider gate: Retry-After and backoff")
struct ProviderGateTests {
    let clock = TestClock(at: Date(timeIntervalSince1970: 1_763_800_000))

    func gate(jitter: Double = 1) -> ProviderGate {
        let clock = self.clock
        return ProviderGate(baseBackoffSeconds: 10, maxBackoffSeconds: 60, now: { clock.now }, jitter: { jitter })
    }

    func failure(_ kind: FailureKind, retryAfter: Int? = nil) -> ProviderFailure {
        ProviderFailure(provider: "airvisual", part: .air, kind: kind, message: "x", retryAfterSeconds: retryAfter)
    }

    @Test("Retry-After: no call before it allows, then calls again")
    func retryAfter() async throws {
        let gate = gate()
        await gate.recordFailure(failure(.rateLimited, retryAfter: 120))
        #expect(await gate.wait(for: "airvisual") == 120)
        #expect(await gate.wait(for: "open-meteo") == nil, "other providers are not held back")
        var calls = 0
        await #expect(throws: ProviderFailure.self) {
            try await gate.run("airvisual", part: .air) { () async throws(ProviderFailure) in calls += 1 }
        }
        #expect(calls == 0)
        clock.advance(120)
        try await gate.run("airvisual", part: .air) { () async throws(ProviderFailure) in calls += 1 }
        #expect(calls == 1)
    }

    @Test("a Retry-After of centuries holds the provider back for a day at most")
    func retryAfterCapped() async {
        let gate = gate()
        await gate.recordFailure(failure(.rateLimited, retryAfter: 9_999_999_999))
        #expect(await gate.wait(for: "airvisual") == ProviderGate.longestRetryAfterSeconds)
        clock.advance(Double(ProviderGate.longestRetryAfterSeconds))
        #expect(await gate.wait(for: "airvisual") == nil)
    }

    @Test("temporary failures back off exponentially up to the cap; a success resets")
    func backoff() async {
        let gate = gate()
        var waits: [Int?] = []
        for _ in 0..<5 {
            await gate.recordFailure(failure(.unavailable))
            waits.append(await gate.wait(for: "airvisual"))
        }
        #expect(waits == [10, 20, 40, 60, 60])
        await gate.recordSuccess("airvisual")
        #expect(await gate.wait(for: "airvisual") == nil)
        await gate.recordFailure(failure(.timeout))
        #expect(await gate.wait(for: "airvisual") == 10)
    }

    @Test("jitter shortens the wait; configuration and bad-data failures do not back off")
    func jitterAndPermanent() async {
        let jittered = gate(jitter: 0.5)
        await jittered.recordFailure(failure(.unavailable))
        #expect(await jittered.wait(for: "airvisual") == 5)
        let plain = gate()
        await plain.recordFailure(failure(.configuration))
        await plain.recordFailure(failure(.badData))
        #expect(await plain.wait(for: "airvisual") == nil)
    }
}
