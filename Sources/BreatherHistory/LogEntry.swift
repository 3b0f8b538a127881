import BreatherLocale

/// A symptom the breathing log rates from 0 (none) to 3 (severe).
public enum Symptom: String, CaseIterable, Sendable, Hashable {
    case cough, wheeze
    case chestTightness = "chest_tightness"
    case breathlessness
}

/// One `breather log` entry: how a person breathed at a time and place. Every measure is
/// optional (a quick score from a bar click, or a peak flow alone); nil is "not said", never 0.
public struct LogEntry: Sendable, Equatable {
    /// The store's row id; nil before it is written.
    public var id: Int?
    /// When, seconds since 1970.
    public var time: Int
    /// The place's name ("" for the primary place).
    public var place: String
    /// The day's score: 1 good … 4 bad.
    public var score: Int?
    /// Reliever puffs taken.
    public var reliever: Int?
    /// Peak expiratory flow, L/min.
    public var peakFlow: Int?
    /// Woken at night by asthma.
    public var nightWaking: Bool?
    /// Activity limited by asthma.
    public var activityLimited: Bool?
    /// Symptoms rated 0–3; a symptom not rated is absent.
    public var symptoms: [Symptom: Int]
    /// Tags: `sick`, `exercise`, `indoors`, `smoke`, `travel` or the user's own.
    public var tags: [String]
    /// Free text.
    public var note: String
    /// The day's exposure when the entry was written (`ExposureFeature.id` → value).
    public var exposure: [String: Double]

    /// An entry at `time` with nothing said yet.
    public init(id: Int? = nil, time: Int, place: String = "", score: Int? = nil, reliever: Int? = nil, peakFlow: Int? = nil,
                nightWaking: Bool? = nil, activityLimited: Bool? = nil, symptoms: [Symptom: Int] = [:], tags: [String] = [],
                note: String = "", exposure: [String: Double] = [:]) {
        self.id = id
        self.time = time
        self.place = place
        self.score = score
        self.reliever = reliever
        self.peakFlow = peakFlow
        self.nightWaking = nightWaking
        self.activityLimited = activityLimited
        self.symptoms = symptoms
        self.tags = tags
        self.note = note
        self.exposure = exposure
    }

    /// The tags the help and completions offer; any other word of letters, digits, `-`, `_` is allowed too.
    public static let suggestedTags = ["sick", "exercise", "indoors", "smoke", "travel"]
    /// Scores: 1 good … 4 bad.
    public static let scores = 1...4
    /// Peak flows a person can blow (L/min): a number outside is a typing error.
    public static let peakFlows = 30...900
    /// Reliever puffs in one entry.
    public static let relieverPuffs = 0...60
    /// Symptom ratings.
    public static let ratings = 0...3
    /// How far ahead of the clock an entry may be (a clock a little off between machines).
    public static let futureSlackSeconds = 120

    /// True when any symptom is rated above 0.
    public var hasSymptoms: Bool { symptoms.values.contains { $0 > 0 } }

    /// Why the entry cannot be written, or nil: each check names the value and the range.
    public func problem(now: Int) -> String? {
        if let score, !Self.scores.contains(score) { return tr("score %s is not 1 (good) to 4 (bad)").filled(String(score)) }
        if let peakFlow, !Self.peakFlows.contains(peakFlow) {
            return tr("peak flow %s L/min is outside %s-%s").filled(String(peakFlow), String(Self.peakFlows.lowerBound), String(Self.peakFlows.upperBound))
        }
        if let reliever, !Self.relieverPuffs.contains(reliever) { return tr("reliever %s puffs is outside 0-%s").filled(String(reliever), String(Self.relieverPuffs.upperBound)) }
        for (symptom, rating) in symptoms where !Self.ratings.contains(rating) {
            return tr("symptom %s=%s is not 0 to 3").filled(symptom.rawValue, String(rating))
        }
        for tag in tags where !Self.isTag(tag) { return tr("tag '%s' must be 1-32 letters, digits, '-' or '_'").filled(String(tag.prefix(40))) }
        if note.unicodeScalars.count > 2000 { return tr("the note is longer than 2000 characters") }
        if time > now + Self.futureSlackSeconds { return tr("the time %s is in the future").filled(HistoryTime.minute(time)) }
        if score == nil, reliever == nil, peakFlow == nil, nightWaking == nil, activityLimited == nil, symptoms.isEmpty, tags.isEmpty, note.isEmpty {
            return tr("nothing to log: give a score (1 good … 4 bad) or a measure such as --pef, --reliever or --symptom")
        }
        return nil
    }

    /// A tag: 1–32 ASCII letters, digits, `-` or `_` (the CSV and the store keep them `;`-separated).
    public static func isTag(_ text: String) -> Bool {
        !text.isEmpty && text.utf8.count <= 32 && text.utf8.allSatisfy { byte in
            (byte >= 0x30 && byte <= 0x39) || (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x61 && byte <= 0x7A) || byte == 0x2D || byte == 0x5F
        }
    }
}

/// The exposure snapshot as the store and the CSV keep it: `key=value;key=value`, keys sorted.
enum ExposureText {
    static func encode(_ values: [String: Double]) -> String {
        values.keys.sorted().map { "\($0)=\(HistoryCSV.number(values[$0]!))" }.joined(separator: ";")
    }

    /// The pairs of `text`; nil when a pair is not `key=number`.
    static func decode(_ text: String) -> [String: Double]? {
        var values: [String: Double] = [:]
        for pair in text.split(separator: ";") {
            let parts = pair.split(separator: "=", maxSplits: 1)
            guard parts.count == 2, let value = Double(parts[1]), value.isFinite else { return nil }
            values[String(parts[0])] = value
        }
        return values
    }
}
