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
            let summary = advice.smoke ? "Smoke likely: \(advice.action.words)" : "Advice: \(advice.action.words)"
            return AlertNotification(urgency: .normal, summary: summary, body: "\(city): \(advice.reasons.joined(separator: ", "))")
        case .ventilate:
            announcedAdvice = nil
            return nil
        case .unknown:
            return nil
        }
    }
}
