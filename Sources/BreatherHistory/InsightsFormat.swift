/// `breather insights` as text for people (table), json and CSV. Numbers are rounded to one
/// decimal for people; json and CSV keep the shortest exact form.
public enum InsightsFormat {
    /// The readable report.
    public static func table(_ report: InsightsReport) -> String {
        let triggers = report.triggers
        var lines = ["Logged days since \(HistoryTime.day(report.since)): \(triggers.loggedDays) (\(triggers.goodDays) good, \(triggers.badDays) bad)"]
        if let more = triggers.moreDaysNeeded {
            lines.append("Triggers: not enough data yet: \(more) more logged \(more == 1 ? "day" : "days") (a score each day).")
        } else if triggers.badDays == 0 {
            lines.append("Triggers: no bad day (score 3 or 4) logged yet: nothing to compare.")
        } else {
            let suspects = triggers.suspects
            lines.append(suspects.isEmpty ? "Suspected triggers: none (no exposure was above every good day's on two or more bad days)." : "Suspected triggers:")
            for suspect in suspects {
                lines.append("  \(suspect.feature.metric.label), \(suspect.feature.delay): suspected above \(one(suspect.suspectedAbove!)) \(suspect.feature.metric.unit)"
                             + " (\(suspect.badDaysAbove) of \(suspect.badDays) bad days above it, no good day of \(suspect.goodDays))")
            }
            lines.append("")
            lines.append(pad("exposure", 36) + pad("delay", 14) + pad("good days", 11) + pad("bad days", 10) + pad("good mean", 11) + pad("bad mean", 10) + pad("tolerated up to", 17) + "bad days above")
            for comparison in triggers.comparisons {
                lines.append(pad(comparison.feature.metric.label, 36) + pad(comparison.feature.delay, 14) + pad("\(comparison.goodDays)", 11)
                             + pad("\(comparison.badDays)", 10) + pad(comparison.goodMean.map(one) ?? "-", 11) + pad(comparison.badMean.map(one) ?? "-", 10)
                             + pad(comparison.toleratedUpTo.map(one) ?? "-", 17) + "\(comparison.badDaysAbove)")
            }
        }
        lines.append("")
        if let control = report.control {
            lines.append("Asthma control (GINA, last \(control.weeks == 1 ? "week" : one(control.weeks) + " weeks")): \(words(control.level))")
            lines.append("  day symptoms more than twice a week: \(yes(control.daySymptoms)) (\(count(control.symptomDays, "day")))")
            lines.append("  any night waking: \(yes(control.nightWaking)) (\(count(control.nightDays, "night")))")
            lines.append("  reliever more than twice a week: \(yes(control.relieverNeeded)) (\(count(control.relieverDays, "day")))")
            lines.append("  any activity limited: \(yes(control.activityLimited)) (\(count(control.limitedDays, "day")))")
        } else {
            lines.append("Asthma control (GINA): no entry in the last four weeks.")
        }
        if !report.reliever.isEmpty {
            lines.append("Reliever per week:")
            for week in report.reliever { lines.append("  week of \(HistoryTime.day(week.weekStart)): \(count(week.puffs, "puff")) on \(count(week.days, "day"))") }
        }
        if let best = report.personalBest {
            lines.append("Peak flow (personal best \(best) L/min):")
            if report.peakFlows.isEmpty { lines.append("  none logged") }
            for reading in report.peakFlows {
                lines.append("  \(HistoryTime.minute(reading.time))  \(reading.peakFlow) L/min  \(reading.percent) %  \(reading.zone.rawValue)")
            }
        } else if report.peakFlows.isEmpty {
            lines.append("Peak flow: set [log] personal_best in the config to see zones.")
        }
        lines.append("Not medical advice: follow your own asthma action plan.")
        return lines.joined(separator: "\n") + "\n"
    }

    /// The whole report as one json object.
    public static func json(_ report: InsightsReport) -> String {
        let triggers = report.triggers
        var text = "{\"since\":\(HistoryJSON.string(HistoryTime.rfc3339(report.since))),\"logged_days\":\(triggers.loggedDays),"
        text += "\"good_days\":\(triggers.goodDays),\"bad_days\":\(triggers.badDays),\"more_days_needed\":\(triggers.moreDaysNeeded.map { "\($0)" } ?? "null"),"
        text += "\"suspected\":[" + triggers.suspects.map { HistoryJSON.string($0.feature.id) }.joined(separator: ",") + "],"
        text += "\"exposures\":[" + triggers.comparisons.map { comparison in
            "{\"id\":\(HistoryJSON.string(comparison.feature.id)),\"exposure\":\(HistoryJSON.string(comparison.feature.metric.id)),"
                + "\"lag_days\":\(comparison.feature.lag),\"unit\":\(HistoryJSON.string(comparison.feature.metric.unit)),"
                + "\"good_days\":\(comparison.goodDays),\"bad_days\":\(comparison.badDays),\"good_mean\":\(number(comparison.goodMean)),"
                + "\"bad_mean\":\(number(comparison.badMean)),\"tolerated_up_to\":\(number(comparison.toleratedUpTo)),"
                + "\"bad_days_above\":\(comparison.badDaysAbove),\"suspected_above\":\(number(comparison.suspectedAbove))}"
        }.joined(separator: ",") + "],"
        text += "\"reliever_weeks\":[" + report.reliever.map {
            "{\"week\":\(HistoryJSON.string(HistoryTime.day($0.weekStart))),\"puffs\":\($0.puffs),\"days\":\($0.days)}"
        }.joined(separator: ",") + "],"
        if let control = report.control {
            text += "\"control\":{\"level\":\"\(control.level.rawValue)\",\"weeks\":\(HistoryCSV.number(control.weeks)),"
            text += "\"day_symptoms_over_twice_a_week\":\(control.daySymptoms),\"night_waking\":\(control.nightWaking),"
            text += "\"reliever_over_twice_a_week\":\(control.relieverNeeded),\"activity_limited\":\(control.activityLimited),"
            text += "\"symptom_days\":\(control.symptomDays),\"night_days\":\(control.nightDays),\"reliever_days\":\(control.relieverDays),\"limited_days\":\(control.limitedDays)},"
        } else {
            text += "\"control\":null,"
        }
        text += "\"personal_best\":\(report.personalBest.map { "\($0)" } ?? "null"),\"peak_flow\":[" + report.peakFlows.map {
            "{\"time\":\(HistoryJSON.string(HistoryTime.rfc3339($0.time))),\"pef\":\($0.peakFlow),\"percent\":\($0.percent),\"zone\":\"\($0.zone.rawValue)\"}"
        }.joined(separator: ",") + "]}\n"
        return text
    }

    /// The comparison of bad and good days, one row per exposure and delay (the rest of the
    /// report is in the table and json).
    public static func csv(_ report: InsightsReport) -> String {
        var text = "exposure,lag_days,unit,good_days,bad_days,good_mean,bad_mean,tolerated_up_to,bad_days_above,suspected_above\r\n"
        for comparison in report.triggers.comparisons {
            let fields = [comparison.feature.metric.id, "\(comparison.feature.lag)", comparison.feature.metric.unit, "\(comparison.goodDays)",
                          "\(comparison.badDays)", csvNumber(comparison.goodMean), csvNumber(comparison.badMean),
                          csvNumber(comparison.toleratedUpTo), "\(comparison.badDaysAbove)", csvNumber(comparison.suspectedAbove)]
            text += fields.joined(separator: ",") + "\r\n"
        }
        return text
    }

    /// One decimal: `12.3`, `80` (no trailing `.0`).
    public static func one(_ value: Double) -> String { HistoryCSV.number((value * 10).rounded() / 10) }
    private static func number(_ value: Double?) -> String { value.map(HistoryCSV.number) ?? "null" }
    private static func csvNumber(_ value: Double?) -> String { value.map(HistoryCSV.number) ?? "" }
    /// `1 day`, `5 days`.
    private static func count(_ number: Int, _ noun: String) -> String { "\(number) \(noun)\(number == 1 ? "" : "s")" }
    private static func yes(_ answer: Bool) -> String { answer ? "yes" : "no" }
    private static func words(_ level: ControlReport.Level) -> String {
        switch level {
        case .controlled: "well controlled"
        case .partly: "partly controlled"
        case .uncontrolled: "uncontrolled"
        }
    }

    private static func pad(_ text: String, _ width: Int) -> String {
        text.count >= width ? text + " " : text + String(repeating: " ", count: width - text.count)
    }
}
