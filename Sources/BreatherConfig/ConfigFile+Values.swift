import BreatherLocale
import BreatherModel

/// Typed reads with errors that name the file, line and key.
extension ConfigFile {
    func string(_ key: String, in table: TOMLTable, section: String? = nil) throws(ConfigError) -> String? {
        guard let value = table[key] else { return nil }
        guard let string = value.string else { throw error(key, section, tr("must be a string")) }
        return string
    }

    func number(_ key: String, in table: TOMLTable, section: String?) throws(ConfigError) -> Double? {
        guard let value = table[key] else { return nil }
        if let double = value.double { return double }
        if let int = value.int { return Double(int) }
        throw error(key, section, tr("must be a number"))
    }

    func table(_ key: String, in table: TOMLTable) throws(ConfigError) -> TOMLTable? {
        guard let value = table[key] else { return nil }
        guard let result = value.table else { throw error(key, nil, tr("must be a table [%s]").filled(key)) }
        return result
    }

    /// Parses one of a `RawRepresentable` enum's spellings, listing them all on failure.
    func choice<T: RawRepresentable & CaseIterable>(_ value: String, key: String, section: String?) throws(ConfigError) -> T where T.RawValue == String {
        guard let result = T(rawValue: value) else {
            throw error(key, section, tr("unknown value %s; allowed: %s").filled("\"\(value)\"", T.allCases.map(\.rawValue).joined(separator: ", ")))
        }
        return result
    }

    func checkKeys(_ table: TOMLTable, section: String?, allowed: [String]) throws(ConfigError) {
        for key in table.keys where !allowed.contains(key) {
            throw error(key, section, (section == nil ? tr("unknown key %s; allowed: %s").filled("\"\(key)\"", allowed.joined(separator: ", "))
                : tr("unknown key %s in %s; allowed: %s").filled("\"\(key)\"", "[\(section!)]", allowed.joined(separator: ", "))))
        }
    }

    func error(_ key: String, _ section: String?, _ reason: String) -> ConfigError {
        let name = section.map { "\($0).\(key)" } ?? key
        return ConfigError(file: path, line: line(of: key, in: section), reason: "\(name): \(reason)")
    }

    /// Records where the dotted `key` ("providers.open-meteo.forecast_url") was set, for
    /// `breather config`. Dotted keys are split by their UTF-8 bytes: splitting the String
    /// walks Characters, whose grapheme breaking cost more than the rest of `mark`.
    func mark(_ settings: inout Settings, _ key: String) {
        let dot = key.utf8.lastIndex(of: UInt8(ascii: "."))
        let section = dot.map { String(key[..<$0]) }
        let leaf = dot.map { String(key[key.utf8.index(after: $0)...]) } ?? key
        settings.origins[key] = line(of: leaf, in: section).map { "\(path):\($0)" } ?? path
    }

    /// The 1-based line where `key` is assigned inside `[section]` (a dotted path such as
    /// "providers.open-meteo"; for `[[output]]`, the first block that has the key).
    func line(of key: String, in section: String?) -> Int? {
        var table: TOMLTable? = root
        let parts = section.map { $0.utf8.split(separator: UInt8(ascii: ".")).map { String(decoding: $0, as: UTF8.self) } } ?? []
        for part in parts {
            table = table?[part]?.table ?? table?[part]?.array?.lazy.compactMap(\.table).first(where: { $0[key] != nil })
        }
        return table?.line(of: key)
    }
}

/// Durations in the config: "90s", "15m", "2h", "1d", or a bare number of seconds.
public enum ConfigDuration {
    /// The longest duration accepted: a year. Longer values are surely mistakes, and bounding
    /// them keeps every later computation (timers in nanoseconds, twice the interval) in range.
    public static let maximumSeconds = 366 * 86_400

    /// Seconds in `text` (white space around it ignored); nil when it is not a duration, is
    /// negative or is longer than `maximumSeconds`.
    public static func parseSeconds(_ text: String) -> Int? {
        let trimmed = text.trimmingWhitespace()
        guard let unit = trimmed.last else { return nil }
        let multiplier: Int
        var digits = Substring(trimmed)
        switch unit {
        case "s": multiplier = 1; digits = digits.dropLast()
        case "m": multiplier = 60; digits = digits.dropLast()
        case "h": multiplier = 3600; digits = digits.dropLast()
        case "d": multiplier = 86_400; digits = digits.dropLast()
        default: multiplier = 1
        }
        guard let value = Int(digits), value >= 0, value <= maximumSeconds / multiplier else { return nil }
        return value * multiplier
    }
}

/// Expands a leading `~/` to `$HOME/`.
func expandHome(_ path: String) -> String {
    guard path.hasPrefix("~/"), let home = Environment.get("HOME") else { return path }
    return home + path.dropFirst(1)
}
