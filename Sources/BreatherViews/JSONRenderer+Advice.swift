import BreatherJSON
import BreatherModel
import BreatherViewModel

extension JSONRenderer {
    /// `advice`: `{action, words, reasons[], smoke, matters, best_hours}` (README "What to do
    /// now"); `best_hours` is `{start, end, summary, worse}` (start and end null when no hour is
    /// good) or null without a forecast. null before any data.
    func advice(_ output: Output) -> JSONValue {
        guard let advice = output.advice else { return .null }
        let best: JSONValue = output.bestHours.map { hours in
            .object(["start": hours.startAt.map(JSONValue.string) ?? .null, "end": hours.endAt.map(JSONValue.string) ?? .null,
                     "summary": .string(hours.summary), "worse": hours.worse.map(JSONValue.string) ?? .null])
        } ?? .null
        return .object(["action": .string(advice.action.rawValue), "words": .string(advice.action.englishWords),
                        "reasons": .array(advice.reasons.map(JSONValue.string)), "smoke": .bool(advice.smoke),
                        "matters": .bool(advice.matters), "best_hours": best])
    }
}
