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
        await gate.record("airvisual", failure: failure(.rateLimited, retryAfter: 120))
        #expect(await gate.wait(for: "airvisual") == 120)
        #expect(await gate.wait(for: "open-meteo") == nil, "other providers are not held back")
        let held = await gate.hold("airvisual", part: .air, isUserRequest: true)
        #expect(held?.message == "not asked: the provider asked to wait 120s more (Retry-After)", "a click does not override Retry-After")
        clock.advance(120)
        #expect(await gate.hold("airvisual", part: .air, isUserRequest: false) == nil)
    }

    @Test("a person's request skips the failure backoff, a timer tick does not")
    func userRequestSkipsBackoff() async {
        let gate = gate()
        await gate.record("airvisual", failure: failure(.unavailable))
        let held = await gate.hold("airvisual", part: .air, isUserRequest: false)
        #expect(held?.message == "not asked: backing off 10s more after failures (a click or SIGUSR1 asks now)")
        #expect(await gate.hold("airvisual", part: .air, isUserRequest: true) == nil)
    }

    @Test("a reply that shows the provider is up (bad data) clears the backoff count")
    func badDataClearsBackoff() async {
        let gate = gate()
        await gate.record("airvisual", failure: failure(.unavailable))
        await gate.record("airvisual", failure: failure(.unavailable))
        await gate.record("airvisual", failure: failure(.badData))
        #expect(await gate.wait(for: "airvisual") == nil)
        await gate.record("airvisual", failure: failure(.unavailable))
        #expect(await gate.wait(for: "airvisual") == 10, "the count started again from one")
    }

    @Test("a Retry-After of centuries holds the provider back for a day at most")
    func retryAfterCapped() async {
        let gate = gate()
        await gate.record("airvisual", failure: failure(.rateLimited, retryAfter: 9_999_999_999))
        #expect(await gate.wait(for: "airvisual") == ProviderGate.longestRetryAfterSeconds)
        clock.advance(Double(ProviderGate.longestRetryAfterSeconds))
        #expect(await gate.wait(for: "airvisual") == nil)
    }

    @Test("temporary failures back off exponentially up to the cap; a success resets")
    func backoff() async {
        let gate = gate()
        var waits: [Int?] = []
        for _ in 0..<5 {
            await gate.record("airvisual", failure: failure(.unavailable))
            waits.append(await gate.wait(for: "airvisual"))
        }
        #expect(waits == [10, 20, 40, 60, 60])
        await gate.record("airvisual", failure: nil)
        #expect(await gate.wait(for: "airvisual") == nil)
        await gate.record("airvisual", failure: failure(.timeout))
        #expect(await gate.wait(for: "airvisual") == 10)
    }

    @Test("jitter shortens the wait; configuration and bad-data failures do not back off")
    func jitterAndPermanent() async {
        let jittered = gate(jitter: 0.5)
        await jittered.record("airvisual", failure: failure(.unavailable))
        #expect(await jittered.wait(for: "airvisual") == 5)
        let plain = gate()
        await plain.record("airvisual", failure: failure(.configuration))
        await plain.record("airvisual", failure: failure(.badData))
        #expect(await plain.wait(for: "airvisual") == nil)
    }
}
