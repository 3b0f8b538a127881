import BreatherLocale
import BreatherModel

extension AlertMonitor {
    /// One notification when the advice shown (already held: `[advice] hold`) changes to keep
    /// the windows closed, run the purifier or air only briefly, once per change; none for
    /// `ventilate` (the CO2 alert says so), `unknown`, or a change the CO2 alert just announced.
    mutating func observeAdvice(_ advice: Advice, city: String, co2Sent: Bool) -> AlertNotification? {
        defer { lastAdvice = advice.action }
        guard advice.action != lastAdvice else { return nil }
        switch advice.action {
        case .keepClosed, .purifier, .ventilateBriefly:
            guard !co2Sent, advice.action != announcedAdvice else { return nil }
            announcedAdvice = advice.action
            let summary = (advice.smoke ? tr("Smoke likely: %s") : tr("Advice: %s")).filled(advice.action.words)
            return AlertNotification(urgency: .normal, summary: summary, body: tr("%s: %s").filled(city, advice.shownReasons.joined(separator: ", ")))
        case .ventilate:
            announcedAdvice = nil
            return nil
        case .unknown:
            return nil
        }
    }
}

extension Advice {
    /// The first reason about the outdoor air, in the language being rendered (the CO2 alert's
    /// "(ozone 190 µg/m³)"): neither the CO2 nor the indoor PM2.5 one. Told apart by the English form.
    var outdoorReason: String? {
        let shown = shownReasons
        return reasons.indices.first { !reasons[$0].hasPrefix("CO2") && !reasons[$0].hasPrefix("indoor PM2.5") && $0 < shown.count }.map { shown[$0] }
    }
}
