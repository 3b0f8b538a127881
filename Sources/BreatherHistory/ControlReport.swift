/// Asthma control from the log, by GINA's four yes/no questions over the last four weeks
/// (GINA 2024, Box 2-2, free to use): daytime symptoms more than twice a week, any night
/// waking, reliever needed more than twice a week, any activity limited by asthma. None:
/// well controlled; one or two: partly controlled; three or four: uncontrolled.
public struct ControlReport: Sendable, Equatable {
    /// GINA's levels.
    public enum Level: String, Sendable { case controlled, partly, uncontrolled }

    /// The weeks the answers cover (at most four: from the first entry, if later).
    public var weeks: Double
    /// Days with any symptom rated above 0; days with reliever puffs.
    public var symptomDays: Int, relieverDays: Int
    /// Days with night waking; days with activity limited.
    public var nightDays: Int, limitedDays: Int
    /// The four answers.
    public var daySymptoms: Bool, nightWaking: Bool, relieverNeeded: Bool, activityLimited: Bool

    /// The number of "yes" answers.
    public var yesCount: Int { [daySymptoms, nightWaking, relieverNeeded, activityLimited].filter { $0 }.count }

    /// The level the answers give.
    public var level: Level { yesCount == 0 ? .controlled : yesCount <= 2 ? .partly : .uncontrolled }

    /// The report over `entries` for the four weeks ending on the local day starting at
    /// `today`; nil without any entry in them.
    public init?(entries: [LogEntry], today: Int) {
        let start = ExposureCalendar.day(today, minus: 27)
        let recent = entries.filter { entry in
            let day = HistoryTime.startOfDay(entry.time)
            return day >= start && day <= today
        }
        guard let first = recent.map(\.time).min() else { return nil }
        let firstDay = HistoryTime.startOfDay(first)
        let covered = Double((today - firstDay + 43_200) / 86_400 + 1)
        weeks = min(4, max(1, covered / 7))
        func countDays(_ test: (LogEntry) -> Bool) -> Int { Set(recent.filter(test).map { HistoryTime.startOfDay($0.time) }).count }
        symptomDays = countDays { $0.hasSymptoms }
        relieverDays = countDays { ($0.reliever ?? 0) > 0 }
        nightDays = countDays { $0.nightWaking == true }
        limitedDays = countDays { $0.activityLimited == true }
        daySymptoms = Double(symptomDays) > 2 * weeks
        relieverNeeded = Double(relieverDays) > 2 * weeks
        nightWaking = nightDays > 0
        activityLimited = limitedDays > 0
    }
}

/// Reliever use in one week (Monday to Sunday, local).
public struct RelieverWeek: Sendable, Equatable {
    /// The Monday's start.
    public var weekStart: Int
    /// Puffs in the week and the days they were taken on.
    public var puffs: Int, days: Int

    /// The weeks of `entries` with any reliever recorded, oldest first.
    public static func weeks(_ entries: [LogEntry]) -> [RelieverWeek] {
        var puffs: [Int: Int] = [:]
        var days: [Int: Set<Int>] = [:]
        for entry in entries {
            guard let count = entry.reliever else { continue }
            let day = HistoryTime.startOfDay(entry.time)
            let week = ExposureCalendar.day(day, minus: HistoryTime.weekdayFromMonday(day))
            puffs[week, default: 0] += count
            if count > 0 { days[week, default: []].insert(day) }
        }
        return puffs.keys.sorted().map { RelieverWeek(weekStart: $0, puffs: puffs[$0]!, days: days[$0]?.count ?? 0) }
    }
}

/// A peak flow against the personal best, in the usual zones: green ≥ 80 %, yellow 50–80 %, red < 50 %.
public struct PeakFlowReading: Sendable, Equatable {
    /// The zones of an asthma action plan.
    public enum Zone: String, Sendable { case green, yellow, red }

    /// When.
    public var time: Int
    /// L/min.
    public var peakFlow: Int
    /// Percent of the personal best, rounded to a whole number.
    public var percent: Int
    /// The zone.
    public var zone: Zone

    /// The zone of `percent` (exact, before rounding for display).
    public static func zone(percent: Double) -> Zone { percent >= 80 ? .green : percent >= 50 ? .yellow : .red }

    /// Every entry's peak flow against `personalBest`, oldest first.
    public static func readings(_ entries: [LogEntry], personalBest: Int) -> [PeakFlowReading] {
        entries.compactMap { entry in
            guard let flow = entry.peakFlow, personalBest > 0 else { return nil }
            let percent = Double(flow) * 100 / Double(personalBest)
            return PeakFlowReading(time: entry.time, peakFlow: flow, percent: Int(percent.rounded()), zone: zone(percent: percent))
        }
    }
}
