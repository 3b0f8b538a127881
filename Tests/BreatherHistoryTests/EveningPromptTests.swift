@testable import BreatherHistory
import Testing

/// The bar's evening "log today?" prompt, on InsightsTests' designed 90 days (bad days follow
/// high ozone by one day; ozone high on day 85): asked on day 86 in the evening while the day
/// is not logged, and never before the set time, once logged, or after a day of ordinary air.
@Suite("the evening prompt: when the bar asks for today's log", .serialized)
struct EveningPromptTests {
    static let start = InsightsTests.start
    /// 20:00, minutes after midnight.
    static let evening = 20 * 60

    static func at(day: Int, _ hour: Int, _ minute: Int = 0) -> Int { start + day * 86_400 + hour * 3600 + minute * 60 }

    @Test("after high ozone (a suspect the day before): asked from 20:00 on day 86, not at 19:59, not once logged, not on day 87")
    func designedDays() throws {
        try withTimeZone("UTC") {
            let folder = TempFolder()
            // Logged up to day 85; day 86 (after ozone 150 on day 85) not yet.
            let store = try InsightsTests.store(days: 0..<86, in: folder)
            let suspects = try store.insights(since: Self.start, now: Self.at(day: 86, 21), personalBest: nil).triggers.suspects
            #expect(suspects.map(\.feature.id) == ["o3_8h_max@1"])
            let prompt = try #require(try store.eveningPrompt(at: brooklyn, now: Self.at(day: 86, 20), start: Self.evening, suspects: suspects))
            #expect(prompt.value == 150 && prompt.suspect.suspectedAbove == 110)
            #expect(prompt.line == "Log today? ozone, highest 8-h mean yesterday was 150 µg/m³, above the 110 your log suspects: breather log 1-4 (1 good … 4 bad)")
            #expect(try store.eveningPrompt(at: brooklyn, now: Self.at(day: 86, 19, 59), start: Self.evening, suspects: suspects) == nil)
            // Day 87 follows ordinary ozone (60) on day 86: nothing to ask, logged or not.
            #expect(try store.eveningPrompt(at: brooklyn, now: Self.at(day: 87, 22), start: Self.evening, suspects: suspects) == nil)
            // Any entry today, even a peak flow alone at another place, answers it.
            _ = try store.addLogEntry(LogEntry(time: Self.at(day: 86, 20, 30), place: "elsewhere", peakFlow: 400))
            #expect(try store.eveningPrompt(at: brooklyn, now: Self.at(day: 86, 21), start: Self.evening, suspects: suspects) == nil)
            // A place the store never recorded: no prompt (its air is unknown).
            let away = HistoryPlace(latitude: 1, longitude: 2, name: "Away")
            #expect(try store.eveningPrompt(at: away, now: Self.at(day: 86, 21), start: Self.evening, suspects: suspects) == nil)
        }
    }

    @Test("the decision alone: before the time, logged, or below every suspect's level is no prompt")
    func decision() {
        let ozone = ExposureFeature.all.first { $0.id == "o3_8h_max@1" }!
        let suspect = TriggerComparison(feature: ozone, goodDays: 20, badDays: 5, goodMean: 60, badMean: 150, toleratedUpTo: 110,
                                        badDaysAbove: 5, suspectedAbove: 110)
        let high = ["o3_8h_max@1": 120.0, "o3_8h_max@0": 300]
        #expect(EveningPrompt.check(minute: 1200, start: 1200, todayLogged: false, features: high, suspects: [suspect])?.value == 120)
        #expect(EveningPrompt.check(minute: 1199, start: 1200, todayLogged: false, features: high, suspects: [suspect]) == nil)
        #expect(EveningPrompt.check(minute: 1300, start: 1200, todayLogged: true, features: high, suspects: [suspect]) == nil)
        // At its level is not above it; another delay's value is not the suspect's.
        #expect(EveningPrompt.check(minute: 1300, start: 1200, todayLogged: false, features: ["o3_8h_max@1": 110, "o3_8h_max@0": 300], suspects: [suspect]) == nil)
        #expect(EveningPrompt.check(minute: 1300, start: 1200, todayLogged: false, features: high, suspects: []) == nil)
    }
}
