import BreatherHistory
import BreatherModel
import BreatherViews

/// `breather insights --format html`: the report for a clinician, one self-contained page (inline
/// CSS, no script, nothing fetched) that prints on A4 or Letter. The same numbers as json and the
/// table, one decimal for people: the period, GINA control with its answers, reliever use per week,
/// peak flow in its zones, the exposures on good and bad days with the suspected triggers, then
/// every log entry, and the methods and sources. Every text from the log or the store is escaped.
enum InsightsHTML {
    /// What the page says besides the report: when it was made, and the air-quality standard
    /// the user reads the bar in (named for the clinician; the exposures are concentrations).
    struct Context {
        var now: Int
        var standard: AQIStandard
    }

    static func page(_ report: InsightsReport, _ context: Context) -> String {
        let e = MarkupEscaping.text
        let period = "\(HistoryTime.day(report.since)) to \(HistoryTime.day(context.now))"
        var html = "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n"
        html += "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n<meta name=\"color-scheme\" content=\"light dark\">\n"
        // Nothing may load from elsewhere, even by mistake: the browser enforces it.
        html += "<meta http-equiv=\"Content-Security-Policy\" content=\"default-src 'none'; style-src 'unsafe-inline'\">\n"
        html += "<title>Breathing log and air exposure, \(e(period))</title>\n<style>\(InsightsHTMLStyle.css)</style>\n</head>\n<body>\n"
        html += "<header><h1>Breathing log and air exposure</h1>"
        html += "<p class=\"meta\">Period <b id=\"period\">\(e(period))</b> · written \(e(HistoryTime.minute(context.now))) by Breather from the"
            + " person's own log and the air recorded where they live · <b>not medical advice</b>: a pattern in one person's log, not a finding.</p></header>\n<main>\n"
        html += summary(report) + control(report) + reliever(report) + peakFlow(report) + exposures(report) + log(report)
        html += methods(report, context) + "</main>\n</body>\n</html>\n"
        return html
    }

    private static func summary(_ report: InsightsReport) -> String {
        let t = report.triggers
        var html = "<section id=\"summary\"><h2>Summary</h2><p>Logged days (with a score): <b id=\"logged-days\">\(t.loggedDays)</b>,"
            + " good (score 1–2) <b id=\"good-days\">\(t.goodDays)</b>, bad (score 3–4) <b id=\"bad-days\">\(t.badDays)</b>;"
            + " entries <b id=\"entries\">\(report.entries.count)</b>.</p>"
        if let more = t.moreDaysNeeded {
            html += "<p id=\"suspects\">Triggers: not enough data yet: <b id=\"more-days\">\(more)</b> more logged \(more == 1 ? "day" : "days") before anything is compared.</p>"
        } else if t.suspects.isEmpty {
            html += "<p id=\"suspects\">Suspected triggers: none (no exposure was above every good day's on two or more bad days).</p>"
        } else {
            html += "<p>Suspected triggers (above every good day's value on two or more bad days, on no good day):</p><ul id=\"suspects\">"
            for s in t.suspects {
                html += "<li data-id=\"\(s.feature.id)\">\(MarkupEscaping.text(s.feature.metric.label)), \(s.feature.delay): above <b>\(number(s.suspectedAbove))</b>"
                    + " \(MarkupEscaping.text(s.feature.metric.unit)) (\(s.badDaysAbove) of \(s.badDays) bad days, no good day of \(s.goodDays))</li>"
            }
            html += "</ul>"
        }
        return html + "</section>\n"
    }

    private static func control(_ report: InsightsReport) -> String {
        var html = "<section id=\"control\"><h2>Asthma control (GINA)</h2>"
        guard let c = report.control else { return html + "<p>No entry in the last four weeks.</p></section>\n" }
        let level = switch c.level { case .controlled: "well controlled"; case .partly: "partly controlled"; case .uncontrolled: "uncontrolled" }
        html += "<p>Last \(c.weeks == 1 ? "week" : InsightsFormat.one(c.weeks) + " weeks"): <b id=\"control-level\" data-level=\"\(c.level.rawValue)\">\(level)</b>"
            + " (\(c.yesCount) of 4 answered yes).</p>"
        html += head(["Question", "Answer", "#Days"])
        for (id, question, answer, days) in [("day-symptoms", "Daytime symptoms more than twice a week", c.daySymptoms, c.symptomDays),
                                             ("night-waking", "Any night waking due to asthma", c.nightWaking, c.nightDays),
                                             ("reliever-needed", "Reliever needed more than twice a week", c.relieverNeeded, c.relieverDays),
                                             ("activity-limited", "Any activity limitation due to asthma", c.activityLimited, c.limitedDays)] {
            html += "<tr id=\"\(id)\"><td>\(question)</td><td>\(answer ? "yes" : "no")</td><td class=\"n\">\(days)</td></tr>"
        }
        return html + "</tbody></table></section>\n"
    }

    private static func reliever(_ report: InsightsReport) -> String {
        var html = "<section id=\"reliever\"><h2>Reliever use per week</h2>"
        guard !report.reliever.isEmpty else { return html + "<p>No reliever use logged.</p></section>\n" }
        html += head(["Week of (Monday)", "#Puffs", "#Days used"])
        for week in report.reliever {
            html += "<tr><td>\(HistoryTime.day(week.weekStart))</td><td class=\"n\">\(week.puffs)</td><td class=\"n\">\(week.days)</td></tr>"
        }
        return html + "</tbody></table></section>\n"
    }

    private static func peakFlow(_ report: InsightsReport) -> String {
        var html = "<section id=\"peak-flow\"><h2>Peak flow</h2>"
        guard let best = report.personalBest else {
            return html + "<p>No personal best configured (<code>[log] personal_best</code>): no zones.</p></section>\n"
        }
        html += "<p>Personal best <b id=\"personal-best\">\(best)</b> L/min. Zones: green ≥ 80 %, yellow 50–80 %, red &lt; 50 %.</p>"
        guard !report.peakFlows.isEmpty else { return html + "<p>No peak flow logged.</p></section>\n" }
        var zones: [PeakFlowReading.Zone: Int] = [:]
        for reading in report.peakFlows { zones[reading.zone, default: 0] += 1 }
        html += "<p>Readings: \(report.peakFlows.count); " + [PeakFlowReading.Zone.green, .yellow, .red].map {
            "\($0.rawValue) <b id=\"zone-\($0.rawValue)\">\(zones[$0] ?? 0)</b>"
        }.joined(separator: ", ") + ".</p>"
        html += head(["Time", "#L/min", "#% of best", "Zone"])
        for r in report.peakFlows {
            html += "<tr><td class=\"t\">\(HistoryTime.minute(r.time))</td><td class=\"n\">\(r.peakFlow)</td><td class=\"n\">\(r.percent)</td>"
                + "<td><span class=\"zone \(r.zone.rawValue)\">\(r.zone.rawValue)</span></td></tr>"
        }
        return html + "</tbody></table></section>\n"
    }

    private static func exposures(_ report: InsightsReport) -> String {
        let t = report.triggers
        var html = "<section id=\"exposures\"><h2>Exposures on good and bad days</h2>"
        if let more = t.moreDaysNeeded {
            return html + "<p>Compared from \(TriggerReport.minimumLoggedDays) logged days on: \(more) more needed.</p></section>\n"
        }
        html += "<p class=\"small\">Each exposure at its delay (days before the logged day); a day without enough hours of data is left"
            + " out, never counted as zero. “Tolerated up to”: the highest value on a good day.</p>"
        html += "<div class=\"wide\">" + head(["Exposure", "Delay", "Unit", "#Good days", "#Bad days", "#Good mean", "#Bad mean", "#Tolerated up to",
                                               "#Bad days above", "#Suspected above"])
        for c in t.comparisons {
            html += "<tr data-id=\"\(c.feature.id)\"\(c.suspectedAbove == nil ? "" : " class=\"suspect\"")><td>\(MarkupEscaping.text(c.feature.metric.label))</td>"
                + "<td>\(c.feature.delay)</td><td>\(MarkupEscaping.text(c.feature.metric.unit))</td><td class=\"n\">\(c.goodDays)</td><td class=\"n\">\(c.badDays)</td>"
                + "<td class=\"n\">\(number(c.goodMean))</td><td class=\"n\">\(number(c.badMean))</td><td class=\"n\">\(number(c.toleratedUpTo))</td>"
                + "<td class=\"n\">\(c.badDaysAbove)</td><td class=\"n\">\(c.suspectedAbove.map { "<b>\(InsightsFormat.one($0))</b>" } ?? "–")</td></tr>"
        }
        return html + "</tbody></table></div></section>\n"
    }

    private static func log(_ report: InsightsReport) -> String {
        let e = MarkupEscaping.text
        var html = "<section id=\"log\"><h2>The log</h2>"
        guard !report.entries.isEmpty else { return html + "<p>No entry in the period.</p></section>\n" }
        html += "<div class=\"wide\">" + head(["Time", "Place", "Day", "#Reliever", "#Peak flow", "Night", "Limited", "Symptoms (0–3)", "Tags", "Note"])
        let words = [1: "good", 2: "fair", 3: "poor", 4: "bad"]
        for entry in report.entries {
            let score = entry.score.map { "\($0) \(words[$0] ?? "")" } ?? ""
            let symptoms = Symptom.allCases.compactMap { s in entry.symptoms[s].map { "\(s.rawValue.split(separator: "_").joined(separator: " ")) \($0)" } }
            html += "<tr\(entry.score.map { $0 >= 3 ? " class=\"bad\"" : "" } ?? "")><td class=\"t\">\(HistoryTime.minute(entry.time))</td><td>\(e(entry.place))</td>"
                + "<td class=\"t\">\(score)</td><td class=\"n\">\(entry.reliever.map(String.init) ?? "")</td><td class=\"n\">\(entry.peakFlow.map(String.init) ?? "")</td>"
                + "<td>\(yes(entry.nightWaking))</td><td>\(yes(entry.activityLimited))</td><td>\(e(symptoms.joined(separator: ", ")))</td>"
                + "<td>\(e(entry.tags.joined(separator: ", ")))</td><td class=\"note\">\(e(entry.note))</td></tr>"
        }
        return html + "</tbody></table></div></section>\n"
    }

    private static func methods(_ report: InsightsReport, _ context: Context) -> String {
        let e = MarkupEscaping.text
        var html = "<section id=\"methods\"><h2>Methods and sources</h2><ul>"
        html += "<li>Control: GINA's four yes/no questions over the last four weeks (Global Initiative for Asthma, assessment of"
            + " asthma control, Box 2-2): none yes, well controlled; one or two, partly controlled; three or four, uncontrolled.</li>"
        html += "<li>Peak flow as a percentage of the personal best from the person's action plan: green ≥ 80 %, yellow 50–80 %, red &lt; 50 %.</li>"
        html += "<li>Exposures: daily values from the hourly readings at the logged place (a day needs 18 of its 24 hours)."
            + " PM2.5 24-h mean on the day and the day before; NO2 highest hour on the day (meta-analysis of 84 studies, <i>J Asthma</i> 2022);"
            + " ozone highest 8-h mean over days 0–2 (Houston EMS case-crossover, PMC4108967); wildfire smoke within 3 days"
            + " (British Columbia, PMC7313403; Colorado, PMC8163094); pollen highest hour over days 0–3 (Erbas et al. 2018).</li>"
        html += "<li>No p-values: on a few dozen days the counts are shown instead. A suspect needs \(TriggerReport.minimumLoggedDays)"
            + " logged days, two good days and \(TriggerReport.minimumBadDaysAbove) bad days above every good day.</li>"
        html += "<li>Air-quality standard the person reads: <span id=\"standard\">\(e(context.standard.displayName))</span>."
            + " Data recorded from: <span id=\"sources\">\(e(report.dataSources.isEmpty ? "none" : report.dataSources.joined(separator: ", ")))</span>.</li>"
        return html + "</ul><p class=\"small\">Not medical advice: follow the person's own asthma action plan. Written by Breather; nothing fetched by this page.</p></section>\n"
    }

    /// A table's start and head row; a name starting with "#" is a number column (right-aligned).
    private static func head(_ names: [String]) -> String {
        "<table><thead><tr>" + names.map { $0.hasPrefix("#") ? "<th class=\"n\">\($0.dropFirst())</th>" : "<th>\($0)</th>" }.joined() + "</tr></thead><tbody>"
    }

    private static func number(_ value: Double?) -> String { value.map(InsightsFormat.one) ?? "–" }
    private static func yes(_ value: Bool?) -> String { value.map { $0 ? "yes" : "no" } ?? "" }
}
