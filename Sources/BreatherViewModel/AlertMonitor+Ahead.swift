import BreatherLocale
import BreatherModel

/// A pre-alert sent for an episode still ahead.
struct PendingWarning: Sendable {
    /// The rank of the episode's worst hour when it was announced (or re-announced).
    var rank: Int
    /// True once a worsening has been announced: an episode re-alerts once, not at every step.
    var reAlerted = false
    /// Readings in a row that forecast no such episode within the pre-alert window.
    var misses = 0
}

/// Pollen and UV alerts, pre-alerts and the briefing. The rules are the air and asthma
/// alerts': a crossing or recovery holds `hold` fresh readings; each reading counts once.
/// A pre-alert goes out at once (it already speaks of hours ahead: holding it back only
/// shortens the warning), once per expected episode; a forecast that no longer shows the
/// episode within the window for `hold` readings in a row drops it silently (no flapping
/// "never mind"), and one whose episode turns worse re-alerts once. While the live alert
/// of a kind is on, its pre-alerts are quiet. The briefing goes out once a local day, with the
/// first fresh output from its time on (the controller re-renders at that time, so it need not
/// wait for a poll), at most three hours late (`AlertSettings.isBriefingTime`).
extension AlertMonitor {
    mutating func observeDayAhead(_ output: Output, reading: Timestamp, city: String) -> [AlertNotification] {
        var result: [AlertNotification] = []
        // Pollen and UV kept from an earlier fetch beside a sensor's fresh index are no new
        // reading of theirs: they neither cross nor recover.
        if let limit = settings.pollen, let top = output.pollen.first, !output.isDayAheadStale,
           let alerting = pollen.observe(bad: top.level >= limit, reading: reading, hold: settings.hold) {
            result.append(alerting ? pollenAlert(top, city: city) : pollenRecovery(top, limit: limit, city: city))
        }
        if let limit = settings.uv, let now = output.uv, !output.isDayAheadStale,
           let alerting = uv.observe(bad: now.category >= limit, reading: reading, hold: settings.hold) {
            result.append(alerting ? uvAlert(now, city: city) : uvRecovery(now, limit: limit, city: city))
        }
        if reading != lastAheadReading, let window = settings.preAlertSeconds {
            result += preAlerts(output.outlook, window: window, city: city)
        }
        lastAheadReading = reading
        // Judged on every output, not once per reading: at its time the controller re-renders
        // the reading on hand, which the pre-alerts have already seen.
        if !output.outlook.briefing.isEmpty, lastBriefingDay != output.outlook.localDay,
           settings.isBriefingTime(localMinute: output.outlook.localMinute) {
            lastBriefingDay = output.outlook.localDay
            result.append(AlertNotification(urgency: .low, summary: tr("Breather outlook"), body: tr("%s: %s").filled(city, output.outlook.briefing)))
        }
        return result
    }

    private mutating func preAlerts(_ outlook: Outlook, window: Int, city: String) -> [AlertNotification] {
        var result: [AlertNotification] = []
        for kind in OutlookKind.allCases {
            let ahead = outlook.warnings.first {
                $0.kind == kind && $0.start > outlook.now && $0.start.timeIntervalSince(outlook.now) <= Double(window)
            }
            guard let ahead, !isAlerting(kind) else {
                if var sent = pending[kind] {
                    sent.misses += 1
                    pending[kind] = sent.misses >= settings.hold || isAlerting(kind) ? nil : sent
                }
                continue
            }
            guard var sent = pending[kind] else {
                pending[kind] = PendingWarning(rank: ahead.rank)
                result.append(AlertNotification(urgency: .normal, summary: tr("Forecast: %s").filled(ahead.summary), body: tr("%s: %s").filled(city, ahead.detail)))
                continue
            }
            sent.misses = 0
            if ahead.rank > sent.rank && !sent.reAlerted {
                sent.rank = ahead.rank
                sent.reAlerted = true
                result.append(AlertNotification(urgency: .normal, summary: tr("Forecast worse: %s").filled(ahead.summary),
                                                body: tr("%s: %s").filled(city, ahead.detail)))
            }
            pending[kind] = sent
        }
        return result
    }

    private func pollenAlert(_ top: PollenCount, city: String) -> AlertNotification {
        AlertNotification(urgency: top.level == .veryHigh ? .critical : .normal,
                          summary: tr("Pollen: %s %s").filled(Format.speciesName(top.type), Format.levelName(top.level)),
                          body: tr("%s: %s %s grains/m³ (%s, AAAAI NAB)").filled(city, Format.speciesName(top.type), Format.whole(top.count), Format.levelName(top.level)))
    }

    /// A species under 1 grain/m³ is not named: "alder 0" would read as the top species.
    private func pollenRecovery(_ top: PollenCount, limit: PollenLevel, city: String) -> AlertNotification {
        let counted = top.level > .none ? tr("%s %s grains/m³").filled(Format.speciesName(top.type), Format.whole(top.count)) : tr("every species under 1 grain/m³")
        return AlertNotification(urgency: .low, summary: tr("Pollen back to %s").filled(Format.levelName(top.level)),
                                 body: tr("%s: %s, below %s").filled(city, counted, Format.levelName(limit)))
    }

    private func uvAlert(_ reading: UVReading, city: String) -> AlertNotification {
        AlertNotification(urgency: reading.category == .extreme ? .critical : .normal,
                          summary: tr("UV index %s: %s").filled(String(UVCategory.reported(reading.index)), Format.uvName(reading.category)),
                          body: tr("%s: UV %s %s (WHO)").filled(city, String(UVCategory.reported(reading.index)), Format.uvName(reading.category)))
    }

    private func uvRecovery(_ reading: UVReading, limit: UVCategory, city: String) -> AlertNotification {
        AlertNotification(urgency: .low, summary: tr("UV back to %s").filled(Format.uvName(reading.category)),
                          body: tr("%s: UV %s, below %s").filled(city, String(UVCategory.reported(reading.index)), Format.uvName(limit)))
    }
}
