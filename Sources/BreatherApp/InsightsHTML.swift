import BreatherHistory
import BreatherLocale
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

    /// The page in the language bound in `L10n.language` (the command binds the people's
    /// language: `--language` before `insights`, `[display] language`, the environment): its
    /// headings, labels, table heads and sentences, `<html lang>` and a decimal comma in de, fr
    /// and es. Ids, classes and `data-` attributes stay the same in every language.
    static func page(_ report: InsightsReport, _ context: Context) -> String {
        let e = MarkupEscaping.text
        let period = tr("%s to %s", context: "report").filled(HistoryTime.day(report.since), HistoryTime.day(context.now))
        let title = tr("Breathing log and air exposure", context: "report")
        // The page's language, as BCP 47 spells it ("zh-CN"), for fonts, hyphens and screen readers.
        let lang = L10n.language == .chinese ? "zh-CN" : L10n.language.rawValue
        var html = "<!DOCTYPE html>\n<html lang=\"\(lang)\">\n<head>\n<meta charset=\"utf-8\">\n"
        html += "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n<meta name=\"color-scheme\" content=\"light dark\">\n"
        // Nothing may load from elsewhere, even by mistake: the browser enforces it.
        html += "<meta http-equiv=\"Content-Security-Policy\" content=\"default-src 'none'; style-src 'unsafe-inline'\">\n"
        html += "<title>\(w(title)), \(e(period))</title>\n<style>\(InsightsHTMLStyle.css)</style>\n</head>\n<body>\n"
        html += "<header><h1>\(w(title))</h1><p class=\"meta\">"
            + w(tr("Period %s · written %s by Breather from the person's own log and the air recorded where they live · %s: a pattern in one person's log, not a finding.", context: "report")).filled("<b id=\"period\">\(e(period))</b>", e(HistoryTime.minute(context.now)),
                                              "<b>\(w(tr("not medical advice", context: "report")))</b>")
            + "</p></header>\n<main>\n"
        html += summary(report) + control(report) + reliever(report) + peakFlow(report) + exposures(report) + log(report)
        html += methods(report, context) + "</main>\n</body>\n</html>\n"
        return html
    }

    private static func summary(_ report: InsightsReport) -> String {
        let t = report.triggers
        var html = "<section id=\"summary\"><h2>\(w(tr("Summary", context: "report")))</h2><p>"
            + w(tr("Logged days (with a score): %s, good (score 1–2) %s, bad (score 3–4) %s; entries %s.", context: "report")).filled(
                "<b id=\"logged-days\">\(t.loggedDays)</b>", "<b id=\"good-days\">\(t.goodDays)</b>", "<b id=\"bad-days\">\(t.badDays)</b>",
                "<b id=\"entries\">\(report.entries.count)</b>") + "</p>"
        if let more = t.moreDaysNeeded {
            html += "<p id=\"suspects\">" + w(trn("Triggers: not enough data yet: %s more logged day before anything is compared.",
                                                  "Triggers: not enough data yet: %s more logged days before anything is compared.", more))
                .filled("<b id=\"more-days\">\(more)</b>") + "</p>"
        } else if t.suspects.isEmpty {
            html += "<p id=\"suspects\">\(w(tr("Suspected triggers: none (no exposure was above every good day's on two or more bad days).")))</p>"
        } else {
            html += "<p>\(w(tr("Suspected triggers (above every good day's value on two or more bad days, on no good day):", context: "report")))</p><ul id=\"suspects\">"
            for s in t.suspects {
                html += "<li data-id=\"\(s.feature.id)\">" + w(tr("%s, %s: above %s %s (%s of %s bad days, no good day of %s)", context: "report")).filled(
                    e(s.feature.metric.peoplesLabel), e(s.feature.peoplesDelay), "<b>\(number(s.suspectedAbove))</b>",
                    e(ExposureMetric.peoplesUnit(s.feature.metric.unit)), "\(s.badDaysAbove)", "\(s.badDays)", "\(s.goodDays)") + "</li>"
            }
            html += "</ul>"
        }
        return html + "</section>\n"
    }

    private static func control(_ report: InsightsReport) -> String {
        var html = "<section id=\"control\"><h2>\(w(tr("Asthma control (GINA)", context: "report")))</h2>"
        guard let c = report.control else { return html + "<p>\(w(tr("No entry in the last four weeks.", context: "report")))</p></section>\n" }
        let level = switch c.level { case .controlled: tr("well controlled"); case .partly: tr("partly controlled"); case .uncontrolled: tr("uncontrolled") }
        let sentence = c.weeks == 1 ? tr("Last week: %s (%s of 4 answered yes).", context: "report")
            : tr("Last %s weeks: %s (%s of 4 answered yes).", context: "report").filled(L10n.number(InsightsFormat.one(c.weeks)))
        html += "<p>" + w(sentence).filled("<b id=\"control-level\" data-level=\"\(c.level.rawValue)\">\(w(level))</b>", "\(c.yesCount)") + "</p>"
        html += head([tr("Question", context: "report"), tr("Answer", context: "report"), "#" + tr("Days", context: "report")])
        for (id, question, answer, days) in [("day-symptoms", tr("Daytime symptoms more than twice a week", context: "report"), c.daySymptoms, c.symptomDays),
                                             ("night-waking", tr("Any night waking due to asthma", context: "report"), c.nightWaking, c.nightDays),
                                             ("reliever-needed", tr("Reliever needed more than twice a week", context: "report"), c.relieverNeeded, c.relieverDays),
                                             ("activity-limited", tr("Any activity limitation due to asthma", context: "report"), c.activityLimited, c.limitedDays)] {
            html += "<tr id=\"\(id)\"><td>\(w(question))</td><td>\(yes(answer))</td><td class=\"n\">\(days)</td></tr>"
        }
        return html + "</tbody></table></section>\n"
    }

    private static func reliever(_ report: InsightsReport) -> String {
        var html = "<section id=\"reliever\"><h2>\(w(tr("Reliever use per week", context: "report")))</h2>"
        guard !report.reliever.isEmpty else { return html + "<p>\(w(tr("No reliever use logged.", context: "report")))</p></section>\n" }
        html += head([tr("Week of (Monday)", context: "report"), "#" + tr("Puffs", context: "report"), "#" + tr("Days used", context: "report")])
        for week in report.reliever {
            html += "<tr><td>\(HistoryTime.day(week.weekStart))</td><td class=\"n\">\(week.puffs)</td><td class=\"n\">\(week.days)</td></tr>"
        }
        return html + "</tbody></table></section>\n"
    }

    private static func peakFlow(_ report: InsightsReport) -> String {
        var html = "<section id=\"peak-flow\"><h2>\(w(tr("Peak flow", context: "report")))</h2>"
        guard let best = report.personalBest else {
            return html + "<p>\(w(tr("No personal best configured (%s): no zones.", context: "report")).filled("<code>[log] personal_best</code>"))</p></section>\n"
        }
        html += "<p>" + w(tr("Personal best %s L/min. Zones: green ≥ 80 %, yellow 50–80 %, red < 50 %.", context: "report")).filled("<b id=\"personal-best\">\(best)</b>") + "</p>"
        guard !report.peakFlows.isEmpty else { return html + "<p>\(w(tr("No peak flow logged.", context: "report")))</p></section>\n" }
        var zones: [PeakFlowReading.Zone: Int] = [:]
        for reading in report.peakFlows { zones[reading.zone, default: 0] += 1 }
        html += "<p>" + w(tr("Readings: %s; %s.", context: "report")).filled("\(report.peakFlows.count)", [PeakFlowReading.Zone.green, .yellow, .red].map {
            "\(w(zone($0))) <b id=\"zone-\($0.rawValue)\">\(zones[$0] ?? 0)</b>"
        }.joined(separator: ", ")) + "</p>"
        html += head([tr("Time", context: "report"), "#L/min", "#" + tr("% of best", context: "report"), tr("Zone", context: "report")])
        for r in report.peakFlows {
            html += "<tr><td class=\"t\">\(HistoryTime.minute(r.time))</td><td class=\"n\">\(r.peakFlow)</td><td class=\"n\">\(r.percent)</td>"
                + "<td><span class=\"zone \(r.zone.rawValue)\">\(w(zone(r.zone)))</span></td></tr>"
        }
        return html + "</tbody></table></section>\n"
    }

    private static func exposures(_ report: InsightsReport) -> String {
        let t = report.triggers
        var html = "<section id=\"exposures\"><h2>\(w(tr("Exposures on good and bad days", context: "report")))</h2>"
        if let more = t.moreDaysNeeded {
            return html + "<p>\(w(tr("Compared from %s logged days on: %s more needed.", context: "report").filled("\(TriggerReport.minimumLoggedDays)", "\(more)")))</p></section>\n"
        }
        html += "<p class=\"small\">\(w(tr("Each exposure at its delay (days before the logged day); a day without enough hours of data is left out, never counted as zero. “Tolerated up to”: the highest value on a good day.", context: "report")))</p>"
        html += "<div class=\"wide\">" + head([tr("Exposure", context: "report"), tr("Delay", context: "report"), tr("Unit", context: "report")]
            + [tr("Good days", context: "report"), tr("Bad days", context: "report"), tr("Good mean", context: "report"), tr("Bad mean", context: "report"),
               tr("Tolerated up to", context: "report"), tr("Bad days above", context: "report"), tr("Suspected above", context: "report")].map { "#" + $0 })
        for c in t.comparisons {
            html += "<tr data-id=\"\(c.feature.id)\"\(c.suspectedAbove == nil ? "" : " class=\"suspect\"")><td>\(e(c.feature.metric.peoplesLabel))</td>"
                + "<td>\(e(c.feature.peoplesDelay))</td><td>\(e(ExposureMetric.peoplesUnit(c.feature.metric.unit)))</td><td class=\"n\">\(c.goodDays)</td><td class=\"n\">\(c.badDays)</td>"
                + "<td class=\"n\">\(number(c.goodMean))</td><td class=\"n\">\(number(c.badMean))</td><td class=\"n\">\(number(c.toleratedUpTo))</td>"
                + "<td class=\"n\">\(c.badDaysAbove)</td><td class=\"n\">\(c.suspectedAbove.map { "<b>\(number($0))</b>" } ?? "–")</td></tr>"
        }
        return html + "</tbody></table></div></section>\n"
    }

    private static func log(_ report: InsightsReport) -> String {
        var html = "<section id=\"log\"><h2>\(w(tr("The log", context: "report")))</h2>"
        guard !report.entries.isEmpty else { return html + "<p>\(w(tr("No entry in the period.", context: "report")))</p></section>\n" }
        html += "<div class=\"wide\">" + head([tr("Time", context: "report"), tr("Place", context: "report"), tr("Day", context: "report"),
                                               "#" + tr("Reliever", context: "report"), "#" + tr("Peak flow", context: "report"), tr("Night", context: "report"),
                                               tr("Limited", context: "report"), tr("Symptoms (0–3)", context: "report"), tr("Tags", context: "report"),
                                               tr("Note", context: "report")])
        let words = [1: tr("good", context: "score"), 2: tr("fair", context: "score"), 3: tr("poor", context: "score"), 4: tr("bad", context: "score")]
        for entry in report.entries {
            let score = entry.score.map { "\($0) \(words[$0] ?? "")" } ?? ""
            // The report is read, not typed back: its symptom names are in the language
            // (`log list` keeps them as `--symptom` takes them).
            let symptoms = Symptom.allCases.compactMap { s in entry.symptoms[s].map { "\(Self.name(of: s)) \($0)" } }
            // Date and time each unbroken; on paper the cell may put the time under the date.
            let when = HistoryTime.minute(entry.time).split(separator: " ", maxSplits: 1).map { "<span>\($0)</span>" }.joined(separator: " ")
            html += "<tr\(entry.score.map { $0 >= 3 ? " class=\"bad\"" : "" } ?? "")><td class=\"t when\">\(when)</td><td>\(e(entry.place))</td>"
                + "<td class=\"t\">\(w(score))</td><td class=\"n\">\(entry.reliever.map(String.init) ?? "")</td><td class=\"n\">\(entry.peakFlow.map(String.init) ?? "")</td>"
                + "<td>\(entry.nightWaking.map(yes) ?? "")</td><td>\(entry.activityLimited.map(yes) ?? "")</td><td>\(e(symptoms.joined(separator: ", ")))</td>"
                + "<td>\(e(entry.tags.joined(separator: ", ")))</td><td class=\"note\">\(e(entry.note))</td></tr>"
        }
        return html + "</tbody></table></div></section>\n"
    }

    /// A symptom's name as the report's reader reads it ("chest tightness", "Engegefühl").
    static func name(of symptom: Symptom) -> String {
        switch symptom {
        case .cough: tr("cough", context: "symptom")
        case .wheeze: tr("wheeze", context: "symptom")
        case .chestTightness: tr("chest tightness", context: "symptom")
        case .breathlessness: tr("breathlessness", context: "symptom")
        }
    }

    private static func methods(_ report: InsightsReport, _ context: Context) -> String {
        var html = "<section id=\"methods\"><h2>\(w(tr("Methods and sources", context: "report")))</h2><ul>"
        html += "<li>\(w(tr("Control: GINA's four yes/no questions over the last four weeks (Global Initiative for Asthma, assessment of asthma control, Box 2-2): none yes, well controlled; one or two, partly controlled; three or four, uncontrolled.", context: "report")))</li>"
        html += "<li>\(w(tr("Peak flow as a percentage of the personal best from the person's action plan: green ≥ 80 %, yellow 50–80 %, red < 50 %.", context: "report")))</li>"
        html += "<li>" + w(tr("Exposures: daily values from the hourly readings at the logged place (a day needs 18 of its 24 hours). PM2.5 24-h mean on the day and the day before; NO2 highest hour on the day (meta-analysis of 84 studies, %s 2022); ozone highest 8-h mean over days 0–2 (Houston EMS case-crossover, PMC4108967); wildfire smoke within 3 days (British Columbia, PMC7313403; Colorado, PMC8163094); pollen highest hour over days 0–3 (Erbas et al. 2018).", context: "report")).filled("<i>J Asthma</i>") + "</li>"
        html += "<li>\(w(tr("No p-values: on a few dozen days the counts are shown instead. A suspect needs %s logged days, two good days and %s bad days above every good day.", context: "report").filled("\(TriggerReport.minimumLoggedDays)", "\(TriggerReport.minimumBadDaysAbove)")))</li>"
        html += "<li>" + w(tr("Air-quality standard the person reads: %s. Data recorded from: %s.", context: "report")).filled(
            "<span id=\"standard\">\(e(context.standard.displayName))</span>",
            "<span id=\"sources\">\(e(report.dataSources.isEmpty ? tr("none", context: "report") : report.dataSources.joined(separator: ", ")))</span>") + "</li>"
        return html + "</ul><p class=\"small\">\(w(tr("Not medical advice: follow the person's own asthma action plan. Written by Breather; nothing fetched by this page.", context: "report")))</p></section>\n"
    }

    /// A table's start and head row; a name starting with "#" is a number column (right-aligned).
    private static func head(_ names: [String]) -> String {
        "<table><thead><tr>" + names.map { $0.hasPrefix("#") ? "<th class=\"n\">\(w(String($0.dropFirst())))</th>" : "<th>\(w($0))</th>" }.joined() + "</tr></thead><tbody>"
    }

    /// Text from the log, the store or a name, escaped for anywhere (quotes too).
    private static func e(_ text: String) -> String { MarkupEscaping.text(text) }
    /// The page's own words (a catalog's text, English's as written): `&`, `<` and `>` escaped for
    /// an element's content, so English's apostrophes stay as they were.
    private static func w(_ text: String) -> String {
        var escaped = ""
        for character in text {
            switch character {
            case "&": escaped += "&amp;"
            case "<": escaped += "&lt;"
            case ">": escaped += "&gt;"
            default: escaped.append(character)
            }
        }
        return escaped
    }
    /// One decimal with the language's decimal mark: `12.3`, `12,3` in de, fr and es.
    private static func number(_ value: Double?) -> String { value.map { L10n.number(InsightsFormat.one($0)) } ?? "–" }
    private static func yes(_ value: Bool) -> String { value ? tr("yes", context: "log") : tr("no", context: "log") }
    private static func zone(_ zone: PeakFlowReading.Zone) -> String {
        switch zone {
        case .green: tr("green", context: "peak flow")
        case .yellow: tr("yellow", context: "peak flow")
        case .red: tr("red", context: "peak flow")
        }
    }
}
