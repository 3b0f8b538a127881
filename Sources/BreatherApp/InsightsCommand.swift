#if canImport(Glibc)
import Glibc
#endif
import BreatherConfig
import BreatherHistory
import BreatherModel
import BreatherStore
import Logging

/// `breather insights`: what, with which delay, goes with the user's bad days; reliever use per
/// week, GINA control and peak flow against the personal best. Read only from the local store.
struct InsightsCommand {
    static let help = CommandHelp(
        abstract: "What goes with your bad days: the breathing log against the air you breathed, with delays.",
        discussion: """
            Each exposure at each delay (PM2.5 on the day and the day before, ozone's 8-h maximum over days 0-2, \
            NO2's highest hour, pollen by species over days 0-3, temperature, dew point, indoor PM2.5 and CO2) \
            is compared between bad days (score 3-4) and good days (1-2), with the counts: 'tolerated up to' is the highest \
            seen on a good day, 'suspected above' is named only when two or more bad days (and no good day) were above it. \
            Until %s days are logged it says how many more it needs. \
            Also reliever use per week, GINA's four control questions over the last four weeks, \
            and peak flow as a percentage of [log] personal_best (green >= 80 %, yellow 50-80 %, red < 50 %).
            --format html writes all of it, with every log entry of the period and the sources, as one page to print \
            (A4 or Letter) for your clinician: breather insights --since 90d --format html > report.html
            Not medical advice: follow your own asthma action plan. Details: docs/LOG.md.
            """,
        usage: "[--since <when>] [--format table|json|csv|html]",
        options: InsightsOptions.specs,
        values: [String(TriggerReport.minimumLoggedDays)])

    var options: InsightsOptions

    func run() -> ExitStatus {
        guard let setup = StoreCommandSetup.load(configPath: options.configPath, logLevel: options.logLevel, language: options.language) else { return .configuration }
        let (settings, logger, path) = (setup.settings, setup.logger, setup.path)
        let now = Int(Timestamp.now().timeIntervalSince1970)
        do {
            let report: InsightsReport
            if access(path, F_OK) == 0 {
                report = try HistoryStore(path: path).insights(since: options.since, now: now, personalBest: settings.log.personalBest)
            } else {
                report = InsightsReport(entries: [], since: options.since, now: now, personalBest: settings.log.personalBest) { _, _ in [:] }
            }
            let context = InsightsHTML.Context(now: now, standard: settings.standard)
            // The table and the clinician's page are for people: in their language. json and CSV stay English.
            let forPeople = options.format == .table || options.format == .html
            let text = forPeople ? setup.inPeoplesLanguage(options.language) { Self.render(report, options.format, context: context) }
                : Self.render(report, options.format, context: context)
            Console.out(text, newline: false)
            return .ok
        } catch {
            logger.log(.error, "insights: " + setup.storeFailure(options.language, writing: false, error))
            return error.isCorruption ? .dataError : error.isBusy ? .temporary : .unavailable
        }
    }

    /// The report in `format`; `context` names the time and standard the html page states.
    static func render(_ report: InsightsReport, _ format: InsightsOptions.Format, context: InsightsHTML.Context) -> String {
        switch format {
        case .table: InsightsFormat.table(report)
        case .json: InsightsFormat.json(report)
        case .csv: InsightsFormat.csv(report)
        case .html: InsightsHTML.page(report, context)
        }
    }
}
