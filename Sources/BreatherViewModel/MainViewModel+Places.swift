import BreatherModel

extension MainViewModel {
    /// The output of `conditions` held for another place (`[[place]]`) under `standard`, as the
    /// view model renders conditions on hand with no fetch in flight: one place's `[[output]]`
    /// file, its row in the bar's table. Reads the environment's clock and `recentIndices` only.
    public static func output(of conditions: CityConditions, standard: AQIStandard, environment: Environment) -> Output {
        var state = State(standard: standard, environment: environment)
        state.conditions = conditions
        state.readRecentIndices()
        return state.render()
    }

    /// `output(of:)` with the advice `conditions` give now (no hold: a place not shown has
    /// none running) and the best hours outside: a place's card on the dashboard.
    public static func outputWithAdvice(of conditions: CityConditions, standard: AQIStandard, environment: Environment) -> Output {
        var state = State(standard: standard, environment: environment)
        state.conditions = conditions
        state.readRecentIndices()
        var output = state.render()
        let now = environment.now()
        output.advice = state.adviceNow(now: now)
        output.bestHours = BestHours.find(BestHours.hours(conditions.pollution, now: now, count: 49), settings: environment.advice,
                                          localTime: environment.localTime, now: now)
        return output
    }

    /// `output(of:standard:environment:)` with the place's own advice ("what to do now") and
    /// best hours, through `adviceHold`, the place's hold, kept by the caller between outputs
    /// (`[advice] hold`). The change is not sent to `environment.adviceChanged`: the history's
    /// advice rows stay the place shown's.
    public static func output(of conditions: CityConditions, standard: AQIStandard, environment: Environment,
                              adviceHold: inout AdviceHold) -> Output {
        var state = State(standard: standard, environment: environment)
        state.environment.adviceChanged = { _, _, _ in }
        state.conditions = conditions
        state.readRecentIndices()
        state.adviceHold = adviceHold
        let output = state.renderHeld()
        adviceHold = state.adviceHold
        return output
    }

    /// The output of a place nothing is known of but `failures` (its location lookup failed):
    /// no data, the failures as its error, as the view model shows a first fetch that failed.
    public static func output(failing failures: [ProviderFailure], standard: AQIStandard, environment: Environment) -> Output {
        var state = State(standard: standard, environment: environment)
        state.failuresWithoutData = failures
        return state.render()
    }
}
