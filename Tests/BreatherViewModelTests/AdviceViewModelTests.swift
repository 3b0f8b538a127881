import BreatherModel
import BreatherTestSupport
import BreatherViewModel
import Foundation
import Testing

@Suite("The advice through the view model")
struct AdviceViewModelTests {
    /// Show: the indoor sensor goes silent. It answers at the first poll (indoor PM2.5 40, clean
    /// air outside: `ventilate`), then fails at every poll, 2 minutes apart, its last reading
    /// kept. The reading has no time of its own, so its age counts from the poll it answered.
    /// Within the stale age (10 min) the advice stands; past it, `unknown` at once — the
    /// 20-minute hold does not keep the last advice on screen.
    @Test("the indoor sensor goes silent: unknown within its stale age, not the last advice")
    func silentSensor() async {
        let clock = TestClock()
        let reading = SensorReading(source: "airgradient", pm2_5: 40, co2PPM: 600)
        var steps: [Result<CityConditions, ProviderFailure>] = []
        for poll in 0..<9 {
            var result = conditions(pm25: 4, at: Timestamp(timeIntervalSince1970: 0))
            result.indoor = reading
            if poll > 0 { result.failures = [ProviderFailure(provider: .airGradient, part: .indoor, kind: .unavailable, message: "cannot connect")] }
            steps.append(.success(result))
        }
        let script = ScriptedFetch(steps)
        let viewModel = MainViewModel(environment: .scripted(script, clock: clock, every: 120))
        let outputs = await pollHistory(viewModel, polls: steps.count).filter { !$0.isLoading }
        let actions = outputs.map { $0.advice?.action }
        // Answered at 2 min; polls at 4 … 18 min: ages 2 … 16 min; 12 min (the 7th poll) is past 10.
        #expect(actions == Array(repeating: .ventilate, count: 6) + Array(repeating: .unknown, count: 3), "\(actions)")
        #expect(outputs[6].advice?.reasons == ["indoor sensor silent for 12 min"])
        #expect(outputs[5].barTextCompact.hasSuffix(" · open window"))
        #expect(!outputs[6].barTextCompact.contains("open window"), "\(outputs[6].barTextCompact)")
    }
}

@Suite("The advice's changes reach the environment")
struct AdviceChangeTests {
    final class Heard: @unchecked Sendable {
        private let lock = NSLock()
        private var actions: [Advice.Action] = []
        func add(_ action: Advice.Action) { lock.withLock { actions.append(action) } }
        var all: [Advice.Action] { lock.withLock { actions } }
    }

    /// Four polls a minute apart: clean, clean, then smoke twice. The hold (20 min) keeps the
    /// first advice; the environment hears the first advice only, once, not every render.
    @Test("each change of the advice shown is heard once, after its hold")
    func heardOnce() async {
        let clock = TestClock()
        let heard = Heard()
        var steps: [Result<CityConditions, ProviderFailure>] = []
        for pm in [4.0, 4, 120, 120] {
            var result = conditions(pm25: pm, at: Timestamp(timeIntervalSince1970: 0))
            result.pollution = Pollution(source: "test", hourly: HourlySeries([.pm2_5: [pm], .pm10: [pm + 10]]))
            steps.append(.success(result))
        }
        let script = ScriptedFetch(steps)
        var environment = MainViewModel.Environment.scripted(script, clock: clock)
        environment.adviceChanged = { _, advice, _ in heard.add(advice.action) }
        let outputs = await pollHistory(MainViewModel(environment: environment), polls: steps.count).filter { !$0.isLoading }
        #expect(outputs.map { $0.advice?.action } == [.ventilate, .ventilate, .ventilate, .ventilate])
        #expect(heard.all == [.ventilate])
        // With no hold, the smoke is heard at once.
        var quick = AdviceSettings()
        quick.holdSeconds = 0
        let heard2 = Heard()
        let script2 = ScriptedFetch(steps)
        var environment2 = MainViewModel.Environment.scripted(script2, clock: clock)
        environment2.advice = quick
        environment2.adviceChanged = { _, advice, _ in heard2.add(advice.action) }
        _ = await pollHistory(MainViewModel(environment: environment2), polls: steps.count)
        #expect(heard2.all == [.ventilate, .keepClosed])
    }
}
