import BreatherLocale
import BreatherModel

/// One desktop notification to send: what `notify-send -u URGENCY SUMMARY BODY` takes.
public struct AlertNotification: Sendable, Equatable {
    /// The freedesktop urgency levels, spelt as `notify-send -u` takes them.
    public enum Urgency: String, Sendable {
        /// A recovery: good news that can wait.
        case low
        /// A crossing into a category or risk that is not among the worst.
        case normal
        /// A crossing into the standard's worst categories (or a very high asthma risk): stays on screen.
        case critical
    }

    /// How insistent the notification is.
    public var urgency: Urgency
    /// The title line, e.g. "Air quality: Unhealthy for Sensitive Groups".
    public var summary: String
    /// The detail, e.g. "Brooklyn: AQI 112 (PM2.5)".
    public var body: String

    /// A notification with its urgency, title and detail.
    public init(urgency: Urgency, summary: String, body: String) {
        self.urgency = urgency
        self.summary = summary
        self.body = body
    }
}

/// Decides, from successive `Output`s, which alerts to send: one when the index enters the
/// configured category or worse, one when it leaves it, and the same for the asthma risk,
/// the top pollen species' level and the UV category; then the pre-alerts and the daily
/// briefing from the outlook (AlertMonitor+Ahead.swift).
/// A change must hold for `hold` consecutive fresh readings, so a value wobbling on a band's
/// edge does not flap. Loading and stale outputs are not readings: they neither trigger nor
/// recover, and do not break a run. A reading is counted once, however often it is re-rendered
/// (a standard switch or a compact toggle re-renders without fetching). Pure: no I/O, no clock.
public struct AlertMonitor: Sendable {
    /// The thresholds this monitor applies.
    public let settings: AlertSettings
    private var air = Track()
    private var asthma = Track()
    var pollen = Track()
    var uv = Track()
    /// The pre-alerts sent, per kind, for episodes still ahead (AlertMonitor+Ahead.swift).
    var pending: [OutlookKind: PendingWarning] = [:]
    /// The reading the warnings ahead were last judged on: each is judged once.
    var lastAheadReading: Timestamp?
    /// The local day the briefing was last sent on.
    var lastBriefingDay: Int?
    private var co2 = Track()
    /// The advice last seen, and the last one announced (`[alerts] advice`).
    var lastAdvice: Advice.Action?
    var announcedAdvice: Advice.Action?
    /// Each personal threshold's state, by variable (PersonalThreshold.swift).
    var personalTracks: [String: Track] = [:]

    /// A monitor that has seen nothing: no alert is active.
    public init(settings: AlertSettings) {
        self.settings = settings
    }

    /// The notifications `output` calls for, in order (index first, then asthma); usually none.
    /// It reads what the views read (`Output.data`, the strings), never the model's
    /// `conditions`: what the bar marks stale raises nothing.
    public mutating func observe(_ output: Output) -> [AlertNotification] {
        guard !output.isLoading, !output.isStale, output.hasData else { return [] }
        var result: [AlertNotification] = []
        let city = output.city
        if let threshold = settings.category, let report = report(in: output), let reading = output.readAt.parts.air {
            let categories = settings.standard.categories
            if let limit = categories.firstIndex(where: { $0.id == threshold }),
               let rank = categories.firstIndex(where: { $0.id == report.index.category.id }),
               let alerting = air.observe(bad: rank >= limit, reading: reading, hold: settings.hold) {
                result.append(alerting ? airAlert(report, rank: rank, city: city) : airRecovery(report, limit: categories[limit], city: city))
            }
        }
        if let level = settings.asthma, let shown = output.data.asthma, let risk = AsthmaRisk(rawValue: shown.risk), !output.staleParts.contains(.asthma),
           let reading = output.readAt.parts.asthma, let alerting = asthma.observe(bad: risk.rank >= level.rank, reading: reading, hold: settings.hold) {
            let estimate = shown.method != nil
            result.append(alerting ? asthmaAlert(risk, estimate: estimate, city: city) : asthmaRecovery(risk, limit: level, city: city))
        }
        let co2Before = result.count
        if let limit = settings.co2PPM, let indoor = output.data.indoor, let ppm = indoor.co2PPM, !indoor.stale, let read = output.readAt.indoor,
           let alerting = co2.observe(bad: ppm >= Double(limit), reading: read, hold: settings.hold) {
            result.append(Self.co2Notification(ppm, limit: limit, source: indoor.source, alerting: alerting, advice: output.advice))
        }
        if settings.advice, let advice = output.advice, let note = observeAdvice(advice, city: city, co2Sent: result.count > co2Before) {
            result.append(note)
        }
        if let reading = output.readAt.parts.air, !output.staleParts.contains(.air) {
            result += observePersonal(output, reading: reading, city: city)
            result += observeDayAhead(output, reading: reading, city: city)
        }
        return result
    }

    /// Whether the live alert for `kind` is on (its pre-alert then has nothing left to say).
    func isAlerting(_ kind: OutlookKind) -> Bool {
        switch kind {
        case .air: air.alerting
        case .asthma: asthma.alerting
        case .pollen: pollen.alerting
        case .uv: uv.alerting
        }
    }

    /// Each configured alert kind (`air`, `asthma`, `pollen`, `uv`, `co2`, in that order) and
    /// whether its alert holds now: on from the notification of a crossing to the one of its
    /// recovery. A kind without a threshold in `[alerts]` is left out.
    public var alertStates: [(kind: String, on: Bool)] {
        let kinds: [(String, Bool, Bool)] = [("air", settings.category != nil, air.alerting), ("asthma", settings.asthma != nil, asthma.alerting),
                                             ("pollen", settings.pollen != nil, pollen.alerting), ("uv", settings.uv != nil, uv.alerting),
                                             ("co2", settings.co2PPM != nil, co2.alerting)]
        return kinds.filter(\.1).map { (kind: $0.0, on: $0.2) }
    }

    /// The index under the alert's standard: the one shown, or the same data under the alert's
    /// standard when a bar has switched to another.
    private func report(in output: Output) -> AirQualityReport? {
        if output.standard == settings.standard { return output.airQuality }
        return output.data.pollution.flatMap { try? $0.report(for: settings.standard) }
    }

    private func airAlert(_ report: AirQualityReport, rank: Int, city: String) -> AlertNotification {
        let standard = settings.standard
        let urgency: AlertNotification.Urgency = rank >= standard.firstSevereCategoryIndex ? .critical : .normal
        return AlertNotification(urgency: urgency, summary: tr("Air quality: %s").filled(Format.categoryName(report.index.category, report.index.standard)),
                                 body: tr("%s: %s").filled(city, Self.describe(report, standard)))
    }

    private func airRecovery(_ report: AirQualityReport, limit: AQICategory, city: String) -> AlertNotification {
        AlertNotification(urgency: .low, summary: tr("Air quality back to %s").filled(Format.categoryName(report.index.category, report.index.standard)),
                          body: tr("%s: %s, better than %s").filled(city, Self.describe(report, settings.standard), Format.categoryName(limit, settings.standard)))
    }

    private func asthmaAlert(_ risk: AsthmaRisk, estimate: Bool, city: String) -> AlertNotification {
        AlertNotification(urgency: risk == .veryHigh ? .critical : .normal, summary: tr("Asthma risk %s").filled(Format.riskName(risk)),
                          body: tr(estimate ? "%s: asthma risk %s (estimate)" : "%s: asthma risk %s").filled(city, Format.riskName(risk)))
    }

    private func asthmaRecovery(_ risk: AsthmaRisk, limit: AsthmaRisk, city: String) -> AlertNotification {
        AlertNotification(urgency: .low, summary: tr("Asthma risk back to %s").filled(Format.riskName(risk)),
                          body: tr("%s: asthma risk %s, below %s").filled(city, Format.riskName(risk), Format.riskName(limit)))
    }

    /// "CO2 1520 ppm: open a window (outdoor air good)" when the advice (`Output.advice`) says the
    /// outdoor air is good; "CO2 1520 ppm: outdoor air unhealthy (smoke likely); air briefly or
    /// run the purifier" when it is not; "(outdoor air unknown)" without fresh outdoor data. The
    /// all-clear once it is back below the threshold.
    static func co2Notification(_ ppm: Double, limit: Int, source: String, alerting: Bool, advice: Advice? = nil) -> AlertNotification {
        let value = Int(ppm.rounded())
        let what: String
        switch advice?.action {
        case .ventilate?: what = tr("open a window (outdoor air good)")
        case .ventilateBriefly?, .keepClosed?, .purifier?:
            let outdoor = advice.map { $0.smoke ? tr("smoke likely") : $0.outdoorReason ?? "" } ?? ""
            what = outdoor.isEmpty ? tr("outdoor air unhealthy; air briefly or run the purifier") : tr("outdoor air unhealthy (%s); air briefly or run the purifier").filled(outdoor)
        case .unknown?, nil: what = tr("open a window (outdoor air unknown)")
        }
        return alerting
            ? AlertNotification(urgency: .normal, summary: tr("CO2 %s ppm: %s").filled(String(value), what),
                                body: tr("Indoor air (%s): CO2 %s ppm, at or over %s ppm").filled(source, String(value), String(limit)))
            : AlertNotification(urgency: .low, summary: tr("CO2 back to %s ppm").filled(String(value)),
                                body: tr("Indoor air (%s): CO2 %s ppm, below %s ppm").filled(source, String(value), String(limit)))
    }

    /// "AQI 152 (PM2.5)": the index as the standard prints it and what set it.
    static func describe(_ report: AirQualityReport, _ standard: AQIStandard) -> String {
        let pollutants = report.index.mainPollutants.map(\.displayName).joined(separator: ", ")
        return "\(Format.indexName(standard)) \(standard.displayValue(report.index.value))" + (pollutants.isEmpty ? "" : " (\(pollutants))")
    }

    /// One threshold's state: announced or not, and how many readings in a row disagree with that.
    struct Track: Sendable {
        var alerting = false
        var streak = 0
        var lastReading: Timestamp?

        /// Counts a reading (once per fetch time); returns the new state when it flips, else nil.
        mutating func observe(bad: Bool, reading: Timestamp, hold: Int) -> Bool? {
            guard reading != lastReading else { return nil }
            lastReading = reading
            guard bad != alerting else { streak = 0; return nil }
            streak += 1
            guard streak >= hold else { return nil }
            alerting = bad
            streak = 0
            return bad
        }
    }
}

extension AsthmaRisk {
    /// Low 0 … very high 3: the order thresholds compare in.
    var rank: Int { Self.allCases.firstIndex(of: self) ?? 0 }
}
