import BreatherLocale
import BreatherModel

extension State {
    /// Notes when the indoor sensor answered: the conditions hold a reading and no failure of it.
    mutating func noteIndoorRead(_ conditions: CityConditions) {
        guard conditions.indoor != nil, !conditions.failures.contains(where: { $0.part == .indoor }) else { return }
        indoorReadAt = max(indoorReadAt ?? conditions.fetchedAt, conditions.fetchedAt)
    }

    /// The advice the data on hand gives now, before its hold; nil without conditions.
    func adviceNow(now: Timestamp) -> Advice? {
        guard let conditions else { return nil }
        let settings = environment.advice
        let input = AdviceInput(conditions: conditions, indoorReadAt: indoorReadAt, settings: settings, now: now)
        // In the interface language too, whichever pass asks: the hold keeps both forms of the reasons.
        return L10n.$language.withValue(environment.language) { Advice.decide(input, settings: settings, localTime: environment.localTime) }
    }

    /// `renderHeldOnce()` in English, with the people's copy in `environment.language` (and
    /// native category names) attached when it differs: json, Prometheus and MQTT read the
    /// English output, the bars and the plain line its `forPeople` copy.
    mutating func renderHeld() -> Output {
        let language = environment.language, native = environment.nativeNames
        guard language != .english || native else { return renderHeldOnce() }
        func inLanguage(_ state: inout State) -> Output {
            var people = L10n.$language.withValue(language) { L10n.$nativeNames.withValue(native) { state.renderHeldOnce() } }
            people.language = language
            people.nativeNames = native
            return people
        }
        // Nothing reads English: the people's copy is the output (`forPeople` returns it).
        guard environment.rendersEnglish else { return inLanguage(&self) }
        var output = renderHeldOnce()
        // A copy: the advice hold was observed by the English pass; this one changes nothing.
        var copy = self
        output.people = PeopleCopy(inLanguage(&copy))
        return output
    }

    /// `render()` with the advice through its hold and the best hours outside: the tooltip's
    /// advice lines and the bar's word come from here. Nothing is fetched: both are worked out
    /// from the conditions on hand.
    mutating func renderHeldOnce() -> Output {
        var output = render()
        let now = environment.now()
        if let advice = adviceNow(now: now), let location = conditions?.location {
            let before = adviceHold.shown?.action
            let held = adviceHold.observe(advice, at: now, holdSeconds: environment.advice.holdSeconds)
            output.advice = held
            if held.action != before { environment.adviceChanged(location, held, now) }
        }
        let hours = BestHours.hours(conditions?.pollution, now: now, count: 49)
        output.bestHours = BestHours.find(hours, settings: environment.advice, localTime: environment.localTime, now: now)
        // The briefing's day (today before noon, else tomorrow, as `Outlook.build` has it) gets its best hours.
        if !output.outlook.briefing.isEmpty {
            let morning = (environment.alerts?.briefingMinute ?? 20 * 60) < 12 * 60
            let from = morning ? now : environment.localTime.startOfDay(now, adding: 1)
            if let best = BestHours.find(hours, settings: environment.advice, localTime: environment.localTime, now: from) {
                output.outlook.briefing += "; \(best.briefingPart)"
            }
        }
        // Before the history line, which stays last.
        let history = output.sparkline.isEmpty ? output.details.endIndex : output.details.index(before: output.details.endIndex)
        output.details.insert(contentsOf: output.adviceDetails, at: history)
        return output
    }
}

extension Output {
    /// The tooltip's advice lines: "Advice: keep windows closed: grass pollen very high until
    /// 18:00" when it matters (not "open a window: outdoor air good" on every good day), then
    /// "Outside: best 06–10 (ozone peaks 15:00)" when there is a forecast.
    var adviceDetails: [String] {
        (advice.flatMap { $0.matters ? [tr("Advice:") + " " + $0.line] : nil } ?? []) + (bestHours.map { [$0.summary] } ?? [])
    }

    /// The compact bar's advice word, only when it matters: ["closed"], ["air briefly"]; else none.
    public var adviceBarPart: [String] {
        guard let advice, advice.matters, !isLoading || hasData else { return [] }
        return [advice.action.short]
    }
}
