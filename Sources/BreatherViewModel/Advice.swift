import BreatherLocale
import BreatherModel

/// What to do now about the windows: the advice and its reasons in words.
public struct Advice: Sendable, Equatable {
    /// The five answers. Raw values are the ids in json, templates, Prometheus and MQTT.
    public enum Action: String, Sendable, CaseIterable {
        /// Outdoor air is better than indoor on what matters now: open a window.
        case ventilate
        /// Outdoor air is worse (smoke, pollution, a pollen peak, very cold or dry air): keep closed.
        case keepClosed = "keep_closed"
        /// Indoor particles are high and opening would not help: run the purifier.
        case purifier
        /// Indoor CO2 is high and outdoor air is poor: a few minutes, then close.
        case ventilateBriefly = "ventilate_briefly"
        /// What the advice needs is missing or stale: never a guess from stale data.
        case unknown

        /// Words for people: "open a window", "keep windows closed", ….
        public var words: String { tr(englishWords, context: "advice") }

        /// `words` in English (json's `words`, whatever the language).
        public var englishWords: String {
            switch self {
            case .ventilate: "open a window"
            case .keepClosed: "keep windows closed"
            case .purifier: "run the purifier"
            case .ventilateBriefly: "air briefly, then close"
            case .unknown: "no advice"
            }
        }

        /// The bar's short word: "open window", "keep closed", "purifier", "air briefly", "?".
        public var short: String { tr(englishShort, context: "advice short") }

        /// `short` in English.
        public var englishShort: String {
            switch self {
            case .ventilate: "open window"
            case .keepClosed: "keep closed"
            case .purifier: "purifier"
            case .ventilateBriefly: "air briefly"
            case .unknown: "?"
            }
        }
    }

    /// The answer.
    public var action: Action
    /// Why, most important first, in English (json, MQTT and the history read these): "smoke
    /// likely (PM2.5 82 µg/m³, 93 % of PM10)", "CO2 1650 ppm".
    public var reasons: [String]
    /// `reasons` in `localLanguage`, the interface language the advice was decided in.
    public var localReasons: [String]
    /// The language of `localReasons`.
    public var localLanguage: Language = .english
    /// True when outdoor smoke is likely (`Advice.smoke`).
    public var smoke: Bool
    /// True when a person should act: anything but "open a window because all is well" and `unknown`.
    /// The bar shows the advice only then.
    public var matters: Bool

    /// Advice with its reasons.
    public init(action: Action, reasons: [String], smoke: Bool = false, matters: Bool) {
        self.action = action
        self.reasons = reasons
        self.localReasons = reasons
        self.smoke = smoke
        self.matters = matters
    }

    /// The reasons in the language being rendered (`L10n.language`): `localReasons` when the
    /// advice was decided in it, else the English ones.
    public var shownReasons: [String] { L10n.language == localLanguage ? localReasons : reasons }

    /// "keep windows closed: grass pollen very high until 18:00", in the language being rendered.
    public var line: String {
        shownReasons.isEmpty ? action.words : "\(action.words): \(shownReasons.joined(separator: ", "))"
    }
}

/// What the advice is worked out from: values a refresh already holds, with their ages.
public struct AdviceInput: Sendable {
    /// The indoor sensor's reading (`[sources] indoor`); nil without one.
    public struct Indoor: Sendable {
        /// µg/m³, ppm, %, °C; nil when the sensor has no such value.
        public var pm2_5: Double?, co2PPM: Double?, humidity: Double?, temperatureC: Double?
        /// Seconds since the reading; nil when unknown (the sensor failed and its time is not known).
        public var ageSeconds: Int?

        /// A reading `ageSeconds` old.
        public init(pm2_5: Double? = nil, co2PPM: Double? = nil, humidity: Double? = nil, temperatureC: Double? = nil, ageSeconds: Int?) {
            self.pm2_5 = pm2_5
            self.co2PPM = co2PPM
            self.humidity = humidity
            self.temperatureC = temperatureC
            self.ageSeconds = ageSeconds
        }
    }

    /// The outdoor air and weather now.
    public struct Outdoor: Sendable {
        /// µg/m³ now; nil when the source gives none.
        public var pm2_5: Double?, pm10: Double?, o3: Double?, no2: Double?
        /// PM2.5 three hours ago (the smoke rule's rise); nil when not known.
        public var pm2_5ThreeHoursAgo: Double?
        /// Pollen now, grains/m³ per species.
        public var pollen: [PollenType: Double]
        /// °C now and the dew point (°C, from temperature and humidity); nil without weather.
        public var temperatureC: Double?, dewPointC: Double?
        /// Seconds since the air reading (and since the weather, which may be nil).
        public var ageSeconds: Int
        /// Seconds since the weather; nil without weather.
        public var weatherAgeSeconds: Int?
        /// When each pollutant over its threshold and each pollen species over its level falls
        /// back below it in the forecast (the "until 18:00" of a reason); absent when not known.
        public var pollutantUntil: [Pollutant: Timestamp] = [:]
        /// As `pollutantUntil`, per pollen species.
        public var pollenUntil: [PollenType: Timestamp] = [:]

        /// Air `ageSeconds` old; the rest as known.
        public init(pm2_5: Double? = nil, pm10: Double? = nil, o3: Double? = nil, no2: Double? = nil, pm2_5ThreeHoursAgo: Double? = nil,
                    pollen: [PollenType: Double] = [:], temperatureC: Double? = nil, dewPointC: Double? = nil,
                    ageSeconds: Int, weatherAgeSeconds: Int? = nil) {
            self.pm2_5 = pm2_5
            self.pm10 = pm10
            self.o3 = o3
            self.no2 = no2
            self.pm2_5ThreeHoursAgo = pm2_5ThreeHoursAgo
            self.pollen = pollen
            self.temperatureC = temperatureC
            self.dewPointC = dewPointC
            self.ageSeconds = ageSeconds
            self.weatherAgeSeconds = weatherAgeSeconds
        }
    }

    /// nil without an indoor sensor: outdoor-only advice.
    public var indoor: Indoor?
    /// nil without outdoor air: `unknown`.
    public var outdoor: Outdoor?

    /// The inputs of one refresh.
    public init(indoor: Indoor?, outdoor: Outdoor?) {
        self.indoor = indoor
        self.outdoor = outdoor
    }
}

extension Advice {
    /// The advice for `input` under `settings`, reasons' times in `localTime`. Pure.
    ///
    /// Rules, in order: stale or missing data gives `unknown`. Outdoor air is poor when smoke is
    /// likely, a pollutant or a pollen species reaches its threshold, outdoor PM2.5 is `ratio`
    /// times the indoor (and at least `indoorPM2_5`), it is `coldC` or colder, or the room is
    /// already dry (`dryHumidity`) and the outdoor dew point is lower. With poor outdoor air:
    /// high CO2 → `ventilate_briefly`; else high indoor PM2.5 → `purifier`; else `keep_closed`.
    /// With good outdoor air: high indoor PM2.5 → `ventilate` when outdoor PM2.5 is lower, else
    /// `purifier`; high CO2 or a humid room with drier air outside → `ventilate`; else
    /// `ventilate` ("outdoor air good"), which does not matter enough for the bar.
    /// The reasons are worked out in English and, when `L10n.language` is another, in it too
    /// (`localReasons`), so the hold keeps both and every output reads the ones it needs.
    public static func decide(_ input: AdviceInput, settings: AdviceSettings, localTime: LocalTime) -> Advice {
        let language = L10n.language
        var advice = L10n.$language.withValue(.english) { decideOnce(input, settings: settings, localTime: localTime) }
        guard language != .english else { return advice }
        advice.localReasons = decideOnce(input, settings: settings, localTime: localTime).reasons
        advice.localLanguage = language
        return advice
    }

    /// `decide` with the reasons in `L10n.language` only.
    static func decideOnce(_ input: AdviceInput, settings: AdviceSettings, localTime: LocalTime) -> Advice {
        if let indoor = input.indoor {
            guard let age = indoor.ageSeconds else { return Advice(action: .unknown, reasons: [tr("indoor sensor silent")], matters: false) }
            guard age <= settings.indoorStaleSeconds else {
                return Advice(action: .unknown, reasons: [tr("indoor sensor silent for %s").filled(Format.age(age))], matters: false)
            }
        }
        guard let outdoor = input.outdoor, outdoor.pm2_5 != nil || outdoor.o3 != nil else {
            return Advice(action: .unknown, reasons: [tr("no outdoor air reading")], matters: false)
        }
        guard outdoor.ageSeconds <= settings.outdoorStaleSeconds else {
            return Advice(action: .unknown, reasons: [tr("outdoor reading %s old").filled(Format.age(outdoor.ageSeconds))], matters: false)
        }
        let smoke = Smoke.assess(pm2_5: outdoor.pm2_5, pm10: outdoor.pm10, threeHoursAgo: outdoor.pm2_5ThreeHoursAgo, settings: settings)
        let against = (smoke.map { [$0] } ?? []) + outdoorReasons(outdoor, indoor: input.indoor, settings: settings, localTime: localTime)
        let outdoorPoor = !against.isEmpty
        guard let indoor = input.indoor else {
            return outdoorPoor
                ? Advice(action: .keepClosed, reasons: against, smoke: smoke != nil, matters: true)
                : Advice(action: .ventilate, reasons: [tr("outdoor air good")], matters: false)
        }
        let co2High = indoor.co2PPM.map { $0 >= settings.co2PPM } ?? false
        let co2Reason = indoor.co2PPM.map { tr("CO2 %s ppm").filled(String(Int($0.rounded()))) } ?? tr("CO2 high")
        let indoorPM = indoor.pm2_5.flatMap { $0 >= settings.indoorPM2_5 ? $0 : nil }
        if outdoorPoor {
            if co2High { return Advice(action: .ventilateBriefly, reasons: [co2Reason] + against, smoke: smoke != nil, matters: true) }
            if let pm = indoorPM {
                return Advice(action: .purifier, reasons: [tr("indoor PM2.5 %s µg/m³").filled(L10n.number(Output.oneDecimal(pm)))] + against, smoke: smoke != nil, matters: true)
            }
            return Advice(action: .keepClosed, reasons: against, smoke: smoke != nil, matters: true)
        }
        if let pm = indoorPM {
            let outside = outdoor.pm2_5 ?? .infinity
            if outside < pm {
                let times = outside > 0 ? tr("indoor PM2.5 %s outdoor").filled(Self.times(pm / outside)) : tr("outdoor PM2.5 %s µg/m³").filled("0")
                return Advice(action: .ventilate, reasons: [tr("indoor PM2.5 %s µg/m³").filled(L10n.number(Output.oneDecimal(pm))), times], matters: true)
            }
            let other = outdoor.pm2_5.map { tr("outdoor PM2.5 %s µg/m³").filled(L10n.number(Output.oneDecimal($0))) } ?? tr("no outdoor PM2.5")
            return Advice(action: .purifier, reasons: [tr("indoor PM2.5 %s µg/m³").filled(L10n.number(Output.oneDecimal(pm))), other], matters: true)
        }
        if co2High { return Advice(action: .ventilate, reasons: [co2Reason, tr("outdoor air good")], matters: true) }
        if let humid = humidReason(indoor, outdoor: outdoor, settings: settings) {
            return Advice(action: .ventilate, reasons: [humid], matters: true)
        }
        return Advice(action: .ventilate, reasons: [tr("outdoor air good")], matters: false)
    }

    /// The reasons the outdoor air is poor now, smoke apart; empty when it is not.
    static func outdoorReasons(_ outdoor: AdviceInput.Outdoor, indoor: AdviceInput.Indoor?, settings: AdviceSettings,
                               localTime: LocalTime) -> [String] {
        var reasons: [String] = []
        func until(_ time: Timestamp?) -> String { time.map { " " + tr("until %s").filled(localTime.bareClock($0)) } ?? "" }
        let limits: [(Pollutant, Double?, Double, String)] = [
            (.pm2_5, outdoor.pm2_5, settings.outdoorPM2_5, tr("outdoor PM2.5")), (.pm10, outdoor.pm10, settings.outdoorPM10, tr("outdoor PM10")),
            (.o3, outdoor.o3, settings.outdoorO3, tr("ozone")), (.no2, outdoor.no2, settings.outdoorNO2, "NO2"),
        ]
        for (pollutant, value, limit, name) in limits {
            if let value, value >= limit { reasons.append(tr("%s %s µg/m³").filled(name, String(Int(value.rounded()))) + until(outdoor.pollutantUntil[pollutant])) }
        }
        if reasons.isEmpty, let out = outdoor.pm2_5, let inside = indoor?.pm2_5, out >= settings.indoorPM2_5, out >= settings.ratio * inside {
            reasons.append(inside > 0 ? tr("outdoor PM2.5 %s indoor").filled(times(out / inside)) : tr("outdoor PM2.5 %s µg/m³, indoor 0").filled(L10n.number(Output.oneDecimal(out))))
        }
        for count in PollenCount.ranked(outdoor.pollen) where count.level >= settings.pollen {
            reasons.append(tr("%s pollen %s").filled(Format.speciesName(count.type), Format.levelName(count.level)) + until(outdoor.pollenUntil[count.type]))
        }
        let weatherFresh = (outdoor.weatherAgeSeconds ?? .max) <= settings.outdoorStaleSeconds
        if weatherFresh, let temperature = outdoor.temperatureC, temperature <= settings.coldC {
            reasons.append(tr("outdoor air %s°C").filled(String(Int(temperature.rounded()))))
        }
        if weatherFresh, let indoor, let humidity = indoor.humidity, humidity <= settings.dryHumidity,
           let outsideDew = outdoor.dewPointC, let inside = indoor.temperatureC, outsideDew < dewPoint(inside, humidity: humidity) {
            reasons.append(tr("indoor humidity %s% and outdoor air drier").filled(String(Int(humidity.rounded()))))
        }
        return reasons
    }

    /// "indoor humidity 72%, outdoor air drier" when the room is humid and the outdoor dew point
    /// at least 2 °C below the indoor one; nil otherwise.
    static func humidReason(_ indoor: AdviceInput.Indoor, outdoor: AdviceInput.Outdoor, settings: AdviceSettings) -> String? {
        guard let humidity = indoor.humidity, humidity >= settings.humidHumidity, let inside = indoor.temperatureC,
              let outsideDew = outdoor.dewPointC, (outdoor.weatherAgeSeconds ?? .max) <= settings.outdoorStaleSeconds,
              outsideDew <= dewPoint(inside, humidity: humidity) - 2 else { return nil }
        return tr("indoor humidity %s%, outdoor air drier").filled(String(Int(humidity.rounded())))
    }

    /// "3×", "1.5×": a ratio for a reason.
    static func times(_ ratio: Double) -> String {
        ratio >= 10 ? "\(Int(ratio.rounded()))×" : "\(L10n.number(Output.oneDecimal(ratio)))×"
    }
}
