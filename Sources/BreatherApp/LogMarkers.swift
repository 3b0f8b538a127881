import BreatherHistory
import BreatherLocale
import BreatherModel
import BreatherViewModel

/// The breathing log as marks on the dashboard's 30-day chart, only when the user asks for them
/// (`[log] dashboard = true`): one mark a local day that was logged bad (score 3 or 4) or had
/// reliever puffs, at the day's start (the chart centres it on the day's bar), saying what it
/// was in words: "11-27: bad day (score 4), reliever ×3". Good days without a reliever are not
/// marked; nothing else of the log (notes, tags, symptoms, peak flow) reaches the page. The
/// words are in the language bound in `L10n.language` (the page's).
enum LogMarkers {
    static func markers(_ entries: [LogEntry]) -> [DashboardMarker] {
        var days: [Int: (score: Int?, puffs: Int)] = [:]
        for entry in entries {
            let day = HistoryTime.startOfDay(entry.time)
            var known = days[day] ?? (nil, 0)
            if let score = entry.score { known.score = max(known.score ?? score, score) }
            known.puffs += entry.reliever ?? 0
            days[day] = known
        }
        return days.keys.sorted().compactMap { day in
            let (score, puffs) = days[day]!
            let bad = (score ?? 0) >= 3
            guard bad || puffs > 0 else { return nil }
            let verdict = bad ? (score == 4 ? tr("bad day (score %s)") : tr("poor day (score %s)")).filled("\(score!)") : nil
            let words = [verdict, puffs > 0 ? tr("reliever ×%s").filled("\(puffs)") : nil].compactMap { $0 }
            return DashboardMarker(time: Timestamp(timeIntervalSince1970: Double(day)),
                                   text: "\(HistoryTime.day(day).dropFirst(5)): " + words.joined(separator: ", "))
        }
    }
}
