import BreatherLocale

/// `breather insights` as text for people (table), json and CSV. Numbers are rounded to one
/// decimal for people; json and CSV keep the shortest exact form.
public enum InsightsFormat {
    /// The readable report, in the language bound in `L10n.language` (the command binds it for
    /// this format only: json and CSV stay English), with the decimal mark it writes; the
    /// comparison's columns are measured in display columns, so they line up in Chinese too.
    public static func table(_ report: InsightsReport) -> String {
        let triggers = report.triggers
        var lines = [tr("Logged days since %s: %s (%s good, %s bad)").filled(HistoryTime.day(report.since), "\(triggers.loggedDays)",
                                                                             "\(triggers.goodDays)", "\(triggers.badDays)")]
        if let more = triggers.moreDaysNeeded {
            lines.append(trn("Triggers: not enough data yet: %d more logged day (a score each day).",
                             "Triggers: not enough data yet: %d more logged days (a score each day).", more))
        } else if triggers.badDays == 0 {
            lines.append(tr("Triggers: no bad day (score 3 or 4) logged yet: nothing to compare."))
        } else {
            let suspects = triggers.suspects
            lines.append(suspects.isEmpty ? tr("Suspected triggers: none (no exposure was above every good day's on two or more bad days).")
                                          : tr("Suspected triggers:"))
            for suspect in suspects {
                let unit = ExposureMetric.peoplesUnit(suspect.feature.metric.unit)
                lines.append("  " + tr("%s, %s: suspected above %s %s (%s of %s bad days above it, no good day of %s)").filled(
                    suspect.feature.metric.peoplesLabel, suspect.feature.peoplesDelay, local(suspect.suspectedAbove!), unit,
                    "\(suspect.badDaysAbove)", "\(suspect.badDays)", "\(suspect.goodDays)"))
            }
            lines.append("")
            let headings = [tr("exposure", context: "insights"), tr("delay", context: "insights"), tr("good days", context: "insights"),
                            tr("bad days", context: "insights"), tr("good mean", context: "insights"), tr("bad mean", context: "insights"),
                            tr("tolerated up to", context: "insights"), tr("bad days above", context: "insights")]
            let rows = triggers.comparisons.map { comparison in
                [comparison.feature.metric.peoplesLabel, comparison.feature.peoplesDelay, "\(comparison.goodDays)", "\(comparison.badDays)",
                 comparison.goodMean.map(local) ?? "-", comparison.badMean.map(local) ?? "-", comparison.toleratedUpTo.map(local) ?? "-",
                 "\(comparison.badDaysAbove)"]
            }
            // English's widths, or a column's widest text and a space.
            let widths = [36, 14, 11, 10, 11, 10, 17, 0].enumerated().map { column, least in
                ([headings] + rows).reduce(least) { max($0, $1[column].displayWidth + 1) }
            }
            for fields in [headings] + rows {
                lines.append(zip(fields, widths).dropLast().map { $0.padded(to: $1) }.joined() + fields[fields.count - 1])
            }
        }
        lines.append("")
        if let control = report.control {
            let period = control.weeks == 1 ? tr("Asthma control (GINA, last week): %s")
                : tr("Asthma control (GINA, last %s weeks): %s").filled(local(control.weeks))
            lines.append(period.filled(words(control.level)))
            lines.append("  " + tr("day symptoms more than twice a week: %s (%s)").filled(yes(control.daySymptoms), days(control.symptomDays)))
            lines.append("  " + tr("any night waking: %s (%s)").filled(yes(control.nightWaking), trn("%d night", "%d nights", control.nightDays)))
            lines.append("  " + tr("reliever more than twice a week: %s (%s)").filled(yes(control.relieverNeeded), days(control.relieverDays)))
            lines.append("  " + tr("any activity limited: %s (%s)").filled(yes(control.activityLimited), days(control.limitedDays)))
        } else {
            lines.append(tr("Asthma control (GINA): no entry in the last four weeks."))
        }
        if !report.reliever.isEmpty {
            lines.append(tr("Reliever per week:"))
            for week in report.reliever {
                lines.append("  " + tr("week of %s: %s on %s").filled(HistoryTime.day(week.weekStart), trn("%d puff", "%d puffs", week.puffs), days(week.days)))
            }
        }
        if let best = report.personalBest {
            lines.append(tr("Peak flow (personal best %s L/min):").filled("\(best)"))
            if report.peakFlows.isEmpty { lines.append("  " + tr("none logged")) }
            for reading in report.peakFlows {
                lines.append("  \(HistoryTime.minute(reading.time))  \(reading.peakFlow) L/min  \(reading.percent) %  \(zone(reading.zone))")
            }
        } else if report.peakFlows.isEmpty {
            lines.append(tr("Peak flow: set [log] personal_best in the config to see zones."))
        }
        lines.append(tr("Not medical advice: follow your own asthma action plan."))
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
    /// One decimal with the decimal mark of the language bound: `12.3`, `12,3` in de, fr, es.
    private static func local(_ value: Double) -> String { L10n.number(one(value)) }
    /// `1 day`, `5 days`.
    private static func days(_ number: Int) -> String { trn("%d day", "%d days", number) }
    private static func yes(_ answer: Bool) -> String { answer ? tr("yes", context: "log") : tr("no", context: "log") }
    private static func words(_ level: ControlReport.Level) -> String {
        switch level {
        case .controlled: tr("well controlled")
        case .partly: tr("partly controlled")
        case .uncontrolled: tr("uncontrolled")
        }
    }
    private static func zone(_ zone: PeakFlowReading.Zone) -> String {
        switch zone {
        case .green: tr("green", context: "peak flow")
        case .yellow: tr("yellow", context: "peak flow")
        case .red: tr("red", context: "peak flow")
        }
    }
}
