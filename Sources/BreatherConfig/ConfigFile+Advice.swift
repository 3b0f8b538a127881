import BreatherLocale
import BreatherModel
import BreatherViewModel

/// `[advice]`: the thresholds of "what to do now" and its hold.
extension ConfigFile {
    /// The numeric keys of `[advice]`: where each goes and the values it accepts.
    static var adviceNumbers: [(key: String, path: WritableKeyPath<AdviceSettings, Double>, range: ClosedRange<Double>)] { [
        ("co2", \.co2PPM, 400...40_000), ("indoor_pm2_5", \.indoorPM2_5, 1...1_000), ("outdoor_pm2_5", \.outdoorPM2_5, 1...1_000),
        ("outdoor_pm10", \.outdoorPM10, 1...2_000), ("outdoor_o3", \.outdoorO3, 1...1_000), ("outdoor_no2", \.outdoorNO2, 1...2_000),
        ("ratio", \.ratio, 1...100), ("cold", \.coldC, -60...30), ("dry", \.dryHumidity, 0...100), ("humid", \.humidHumidity, 0...100),
        ("smoke_pm2_5", \.smokePM2_5, 1...1_000), ("smoke_ratio", \.smokeRatio, 0...1), ("smoke_rise", \.smokeRise, 1...1_000),
        ("outside_pm2_5", \.outsidePM2_5, 1...1_000), ("outside_o3", \.outsideO3, 1...1_000), ("outside_uv", \.outsideUV, 1...20),
    ] }
    /// The duration keys: where each goes and its shortest and longest value in seconds.
    static var adviceDurations: [(key: String, path: WritableKeyPath<AdviceSettings, Int>, range: ClosedRange<Int>)] { [
        ("hold", \.holdSeconds, 0...86_400), ("indoor_stale", \.indoorStaleSeconds, 60...86_400), ("outdoor_stale", \.outdoorStaleSeconds, 600...86_400),
    ] }

    /// Reads `[advice]` into `settings.advice`.
    func applyAdvice(to settings: inout Settings) throws(ConfigError) {
        guard let table = try table("advice", in: root) else { return }
        try checkKeys(table, section: "advice", allowed: Self.adviceNumbers.map(\.key) + Self.adviceDurations.map(\.key) + ["pollen", "waking"])
        for (key, path, range) in Self.adviceNumbers {
            guard let value = try number(key, in: table, section: "advice") else { continue }
            guard range.contains(value) else {
                throw error(key, "advice", tr("must be a number from %s to %s (got %s)").filled(Self.plain(range.lowerBound), Self.plain(range.upperBound), Self.plain(value)))
            }
            settings.advice[keyPath: path] = value
            mark(&settings, "advice.\(key)")
        }
        for (key, path, range) in Self.adviceDurations {
            guard let text = try string(key, in: table, section: "advice") else { continue }
            guard let seconds = ConfigDuration.parseSeconds(text), range.contains(seconds) else {
                throw error(key, "advice", tr("must be a duration from %s to %s, like %s (got %s)").filled("\(range.lowerBound)s", "\(range.upperBound / 3600)h", "\"20m\"", "\"\(text)\""))
            }
            settings.advice[keyPath: path] = seconds
            mark(&settings, "advice.\(key)")
        }
        if let id = try string("pollen", in: table, section: "advice") {
            guard let level = PollenLevel(id: id), level != .none else {
                throw error("pollen", "advice", tr("unknown value %s; allowed: %s").filled("\"\(id)\"", "low, moderate, high, very_high"))
            }
            settings.advice.pollen = level
            mark(&settings, "advice.pollen")
        }
        if let text = try string("waking", in: table, section: "advice") {
            let parts = text.split(separator: "-", omittingEmptySubsequences: false).map { String($0).trimmingWhitespace() }
            guard parts.count == 2, let start = Self.minuteOfDay(parts[0]), let end = Self.minuteOfDay(parts[1]), start < end else {
                throw error("waking", "advice", tr("must be two local times, the first earlier, like %s (got %s)").filled("\"07:00-22:00\"", "\"\(text)\""))
            }
            settings.advice.wakingStartMinute = start
            settings.advice.wakingEndMinute = end
            mark(&settings, "advice.waking")
        }
    }

    /// 0.8, 1000 (no ".0").
    static func plain(_ value: Double) -> String {
        value == value.rounded() && abs(value) < 1e9 ? String(Int(value)) : String(value)
    }
}

extension Settings {
    /// `[advice]` as `breather config` shows it: every key with its value, defaults included.
    public var adviceLines: [(key: String, value: String)] {
        func duration(_ seconds: Int) -> String {
            "\"" + (seconds % 3600 == 0 && seconds > 0 ? "\(seconds / 3600)h" : seconds % 60 == 0 ? "\(seconds / 60)m" : "\(seconds)s") + "\""
        }
        func clock(_ minute: Int) -> String {
            (minute / 60 < 10 ? "0" : "") + "\(minute / 60):" + (minute % 60 < 10 ? "0" : "") + "\(minute % 60)"
        }
        return ConfigFile.adviceDurations.map { (key: "advice.\($0.key)", value: duration(advice[keyPath: $0.path])) }
            + ConfigFile.adviceNumbers.map { (key: "advice.\($0.key)", value: ConfigFile.plain(advice[keyPath: $0.path])) }
            + [(key: "advice.pollen", value: "\"\(advice.pollen.id)\""),
               (key: "advice.waking", value: "\"\(clock(advice.wakingStartMinute))-\(clock(advice.wakingEndMinute))\"")]
    }
}
