import BreatherLocale
import BreatherModel

/// The strings every status bar shows, so that the renderers only escape and wrap them.
extension Output {
    /// The bar's text: `barTextCompact` unless `isCompact` was turned off, then `barTextFull`.
    public var barText: String { isCompact ? barTextCompact : barTextFull }

    /// At most `compactWidth` characters, no place name (that is in the tooltip): the
    /// essentials always — the index ("US AQI 137 USG"; with an indoor sensor "US AQI in 12 ·
    /// out 54 Moderate"), a mark for a part that failed with nothing to show ("–°C"), the advice
    /// when it matters ("keep closed", "air briefly"), then `lineEnd`'s marks (" · purpleair failed" while the model stands in for a sensor,
    /// " · stale 15m", " · retry 56s") and the evening prompt's " · log?" — then, in this order of priority, each part that still
    /// fits, shown in the usual order: the asthma risk, the top pollen species and the UV index
    /// from their configured level ("grass high", "UV 8"), the temperature ("☁️ 17°C"). What
    /// does not fit is in the full text and
    /// the tooltip (as i3status-rust and Waybar blocks keep a short text). A part kept from an
    /// earlier fetch in a fresh line carries a star ("17°C*"). When the essentials alone are
    /// too long, the fallback note shortens to "fallback" and the indoor part drops the
    /// outdoor category. "US AQI – loading…" before any data, then "US AQI – no data" or the
    /// short error ("US AQI – open-meteo: timeout · retry 2 min", at most 60 characters).
    public var barTextCompact: String {
        guard hasData else { return "\(indexName) – " + (isLoading ? tr("loading…") : errorShort ?? tr("no data")) }
        if let placesLine { return placesLine }
        let stale = isStale ? tr("stale") + " \(ageShort)" : nil
        let prompt = logPrompt == nil ? [] : [tr("log?")]
        var index = indoorBarPart ?? (data.airQuality == nil ? "\(indexName) –" : "\(indexName) \(aqi) \(airQualityCategoryShort)")
        var marks = lineEnd(stale: stale) + prompt
        // The advice is an essential when it matters (something to do: keep closed, purifier,
        // air briefly, open a window on purpose), as the stale and retry marks are.
        let missing = (missingWeatherMark.map { [$0] } ?? [])
        var advice = Array(adviceBarPart.prefix(1))
        func width(_ parts: [String]) -> Int { parts.reduce(0) { $0 + $1.count } + 3 * max(0, parts.count - 1) }
        if width([index] + missing + advice + marks) > Self.compactWidth, fallbackNote != nil {
            marks = lineEnd(stale: stale, fallback: "fallback") + prompt
        }
        if width([index] + missing + advice + marks) > Self.compactWidth, let outdoorless = indoorBarPart(withCategory: false) {
            index = outdoorless
        }
        // Still too long: the advice goes to the full text and the tooltip, as the rest does.
        if width([index] + missing + advice + marks) > Self.compactWidth { advice = [] }
        // The optional parts in display order, each with its priority (lower first): the asthma
        // risk (what Breather is for), then pollen and UV (shown only from the level the user
        // set), then the temperature (any weather block has it).
        let weather = [conditionIcon, temperature == Format.unavailable ? "" : temperature + mark(.weather, "*")].filter { !$0.isEmpty }
        var optional: [(priority: Int, text: String)] = []
        if missing.isEmpty, !weather.isEmpty { optional.append((3, weather.joined(separator: " "))) }
        if !asthmaRiskShort.isEmpty { optional.append((0, tr("asthma") + " \(asthmaRiskShort)\(mark(.asthma, "*"))")) }
        optional += compactDayAhead.prefix(2).enumerated().map { (1 + $0.offset, $0.element) }
        var kept = Set<Int>()
        for part in optional.sorted(by: { $0.priority < $1.priority })
        where width([index] + missing + optional.filter { kept.contains($0.priority) }.map(\.text) + [part.text] + advice + marks) <= Self.compactWidth {
            kept.insert(part.priority)
        }
        return ([index] + missing + optional.filter { kept.contains($0.priority) }.map(\.text) + advice + marks).joined(separator: " · ")
    }

    /// The compact text's mark for the evening prompt (`[log] evening_prompt`), one of the
    /// essentials while it shows: "US AQI 44 Good · asthma low · log?" (in English: the bar
    /// shows `tr("log?")`, "Tagebuch?" in German).
    public static let logPromptMark = "log?"

    /// The compact text's width: the essentials always show, the other parts while they fit.
    public static let compactWidth = 40

    /// "–°C" (or "–°F") where the temperature goes when the weather failed and none was ever
    /// had (a model hung at first start): the bar says it is missing; nil otherwise.
    var missingWeatherMark: String? {
        guard missingParts.contains(.weather) else { return nil }
        return units == .imperial ? "–°F" : "–°C"
    }

    /// Everything in one line, the index named in full: "Brooklyn: US EPA (2024) 57 Moderate ·
    /// indoor US AQI 12 · Cloudy 12°C · Asthma medium 63% · grass pollen high · UV 8 very high"
    /// (the tooltip's headline first; at least every part the compact text shows), with
    /// " · purpleair failed" while a fallback stands in, " · stale 15 min" after a failed
    /// refresh and " · retry 56s" under a Retry-After, then the sparkline where it fits;
    /// before any data "Breather: loading…", then "Breather: no data" or the short error (at
    /// most 60 characters).
    public var barTextFull: String {
        guard hasData else { return "Breather: " + (isLoading ? tr("loading…") : errorShort ?? tr("no data")) }
        // With an index, the tooltip's first line is its headline (`Format.headline`).
        var parts = [details.first.flatMap { data.airQuality == nil ? nil : $0 } ?? "\(city): \(indexTitle) \(Format.unavailable)"]
        if !indoorAQI.isEmpty { parts.append(tr("indoor") + " \(indexName) \(indoorAQI)\(isIndoorStale ? " (" + tr("stale") + ")" : "")") }
        let weather = [condition, temperature == Format.unavailable ? "" : temperature + mark(.weather, "*")].filter { !$0.isEmpty }
        if !weather.isEmpty {
            parts.append(weather.joined(separator: " "))
        } else if missingParts.contains(.weather) {
            parts.append(tr("weather") + " \(Format.unavailable)")
        }
        if asthmaRisk != Format.unavailable {
            parts.append([tr("Asthma"), asthmaRisk, asthmaProbability].filter { !$0.isEmpty }.joined(separator: " ") + mark(.asthma, "*"))
        }
        // The compact text's pollen and UV, named in full.
        let dayAheadMark = isDayAheadStale && !isStale ? "*" : ""
        if let top = pollen.first, compactDayAhead.contains(where: { $0.hasPrefix(Format.speciesName(top.type) + " ") }) {
            parts.append(tr("%s pollen %s").filled(Format.speciesName(top.type), Format.levelName(top.level)) + dayAheadMark)
        }
        if let uv, compactDayAhead.contains(where: { $0.hasPrefix("UV ") }) {
            parts.append("UV \(UVCategory.reported(uv.index)) \(Format.uvName(uv.category))\(dayAheadMark)")
        }
        parts += lineEnd(stale: isStale ? tr("stale") + " \(age)" : nil)
        if logPrompt != nil { parts.append(tr("log today?")) }
        let line = parts.joined(separator: " · ")
        // The sparkline where it fits: a full text stays within a wide bar block's 100 columns.
        return !sparkline.isEmpty && line.count + 3 + sparkline.count <= Self.fullTextWidth ? line + " · " + sparkline : line
    }

    /// The longest full text the sparkline is added to.
    static let fullTextWidth = 100

    /// `text` ("*" in a bar, " (stale)" in the plain line) when `part` is shown stale (kept
    /// from an earlier fetch that failed to bring it, or too old) while the line itself is
    /// not: the air fresh from a sensor beside the weather of a model that stopped answering.
    /// A stale line says "stale 15m" for all of it instead. "" otherwise.
    public func mark(_ part: ProviderFailure.Part, _ text: String) -> String {
        !isStale && staleParts.contains(part) ? text : ""
    }

    /// What every line ends with, in order: `fallbackNote`, `stale` (the caller's wording, nil
    /// when not stale), "retry 56s" while a provider's Retry-After holds.
    public func lineEnd(stale: String?) -> [String] { lineEnd(stale: stale, fallback: nil) }

    /// `lineEnd(stale:)` with `fallback` in place of the fallback note when there is one (the
    /// compact text's short form, "fallback").
    func lineEnd(stale: String?, fallback: String?) -> [String] {
        [fallbackNote.map { fallback ?? $0 }, stale, retry.isEmpty ? nil : tr("retry") + " \(retry)"].compactMap { $0 }
    }

    /// "purpleair failed" while the air shown comes from a later source because a sensor
    /// before it did not answer (the model in its place): the index is not the sensor's, and
    /// in smoke the two can differ twofold. Several: "purpleair, awair failed". Nil otherwise,
    /// and for a source that is no sensor (a WAQI that has no EU index, the model standing in:
    /// the tooltip says so), which would say "failed" at every poll.
    public var fallbackNote: String? {
        let sensors = SensorMerge.sensors(among: data.airQuality?.fallbackFrom ?? [])
        return sensors.isEmpty ? nil : tr("%s failed").filled(sensors.joined(separator: ", "))
    }

    /// The narrow form for bars short of room: "AQI 57", "AQI 57*" when stale or partial, "AQI –" without data.
    public var barShortText: String {
        guard hasData, data.airQuality != nil else { return "\(indexName) –" }
        return "\(indexName) \(aqi)\(isStale || isPartial ? "*" : "")"
    }

    /// True when the line shows data but a part the latest fetch asked for failed and none was
    /// ever had (the weather of a model hung at first start, beside a sensor's index): its
    /// colours are faded and it carries the `stale` and `partial` classes, not fresh ones.
    public var isPartial: Bool { hasData && !missingParts.isEmpty }

    /// The tooltip: `details` joined by newlines.
    public var tooltip: String { (details + (indoorDetail.map { [$0] } ?? []) + (hasData ? logPrompt.map { [$0] } ?? [] : [])).joined(separator: "\n") }

    /// The colour that stands for the state: the category's, dimmed when stale, red-grey with
    /// no data after an error, grey otherwise. Bars paint it as the block's background
    /// (`barBackground`) with `barForeground` text, which is readable on any colour.
    public var barColor: String {
        guard hasData, data.airQuality != nil else { return hasData || error == nil ? Format.neutralColor : Format.errorColor }
        return isStale || isPartial ? Format.dimmed(aqiColor) : aqiColor
    }

    /// The block's background: `barColor`. The category colours are too dark or too light to
    /// be text on a bar's own background (US Hazardous on black is 1.9:1; Good on tmux's
    /// green is invisible), so bars show them as a coloured block instead.
    public var barBackground: String { barColor }

    /// Black or white, whichever contrasts more with `barBackground`: at least 4.6:1 (WCAG AA).
    public var barForeground: String { Format.readableText(on: barBackground) }

    /// CSS-style classes: the category id and the standard (ids repeat across standards with
    /// other colours: US "good" is green, China's "good" yellow), then `stale` for old data,
    /// `fallback` while a later air source stands in for the first, `error` only when there is
    /// no data to show and a refresh failed, `partial` (with `stale`, so bars fade it) when a
    /// part failed with nothing to show (`missingParts`), `loading`, `log-prompt` while the
    /// evening prompt asks for today's log.
    public var stateClasses: [String] {
        var classes = [hasData ? categoryID : "never_fetched", standard.rawValue]
        if isStale || isPartial { classes.append("stale") }
        if isPartial { classes.append("partial") }
        if fallbackNote != nil { classes.append("fallback") }
        if error != nil && !hasData { classes.append("error") }
        if isLoading { classes.append("loading") }
        if hasData, logPrompt != nil { classes.append("log-prompt") }
        return classes
    }

    /// 0…100: how far along the standard's scale the index is (waybar's `percentage`, for icon ramps).
    public var scalePercentage: Int {
        guard let value = data.airQuality?.aqi else { return 0 }
        let top = switch standard {
        case .us, .china, .china2012, .india: 500
        case .eu: 6
        case .uk: 10
        case .canada: 11
        }
        return min(100, max(0, value * 100 / top))
    }
}

extension Format {
    /// Shown when nothing could be fetched and a refresh failed.
    public static let errorColor = "#CC6666"

    /// A `#rrggbb` colour mixed half-way to mid grey: stale data stays recognisable but visibly faded.
    public static func dimmed(_ color: String) -> String {
        let hex = color.hasPrefix("#") ? color.dropFirst() : color[...]
        guard hex.count == 6, let value = Int(hex, radix: 16) else { return neutralColor }
        let channels = [value >> 16 & 0xFF, value >> 8 & 0xFF, value & 0xFF].map { ($0 + 0x80) / 2 }
        return "#" + channels.map { channel in
            let digits = String(channel, radix: 16, uppercase: true)
            return digits.count == 1 ? "0" + digits : digits
        }.joined()
    }
}
