import BreatherLocale
import BreatherModel

/// A display-ready snapshot: every string a view prints comes from here.
public struct Output: Sendable, Equatable {
    /// The standard the index strings below are in.
    public var standard: AQIStandard
    /// The location's name, else its coordinates ("40.68, -73.94"); "unavailable" before any data.
    public var city: String
    /// "12°C" or "54°F"; "unavailable" when the weather is missing.
    public var temperature: String
    /// Relative humidity, "65%"; "unavailable" when missing.
    public var humidity: String
    /// "1013 hPa" or "29.91 inHg"; "unavailable" when missing.
    public var pressure: String
    /// Speed and the compass point it blows from, "3.4 m/s NW" or "8 mph NW"; "unavailable" when missing.
    public var wind: String
    /// The category's official name, "Moderate"; "unavailable" without an index.
    public var airQualityCategory: String
    /// The index as the standard prints it ("57", AQHI "10+"); "unavailable" without an index.
    public var aqi: String
    /// The responsible pollutants, "PM2.5" or "PM2.5, O3"; "" when the standard names none or there is no index.
    public var mainPollutant: String
    /// "low", "medium", "high" or "very high"; "unavailable" without asthma data.
    public var asthmaRisk: String
    /// The chance of an asthma event, "63%"; "" when the source gives none.
    public var asthmaProbability: String
    /// The category's official colour, `#RRGGBB`; grey (`Format.neutralColor`) without an index.
    public var aqiColor: String
    /// `#RRGGBB` on Breather's cold-to-hot scale; grey without a temperature.
    public var temperatureColor: String
    /// `#RRGGBB` from green (low) to red (very high); grey without asthma data.
    public var asthmaColor: String
    /// True while a refresh is in flight.
    public var isLoading: Bool
    /// One line naming what failed in the latest refresh (no URL, no control characters), or nil.
    public var error: String?
    /// At most 50 characters for a bar: what failed and when it is asked again,
    /// "open-meteo: timeout · retry 2 min"; nil when nothing failed.
    public var errorShort: String?
    /// How long a provider's Retry-After hold has left, "56s", "2 min"; "" when none holds.
    public var retry: String
    /// When the longest Retry-After hold of the latest refresh ends; nil when none holds. A
    /// controller sleeps until then and sends `viewDidRefresh`, so the source is asked again
    /// when the hold ends rather than at the next poll.
    public var retryAt: Timestamp?
    /// "" when fresh; "stale, updated 12 min ago" after a failed refresh or when the data was
    /// fetched long ago, "stale, measured 4 h ago" when the air was measured too long ago (see
    /// `ageSeconds`); "never fetched" before any data.
    public var staleness: String
    /// The weather condition in words, after its icon when icons are on: "☁️ Cloudy"; "" if unknown.
    public var condition: String
    /// The condition's glyph alone ("" with `--icons none`).
    public var conditionIcon: String
    /// When the data shown was fetched (`CityConditions.dataFetchedAt`) in local time,
    /// "2026-11-18 19:06" ("2026-11-18 11:06 UTC" when the zone is UTC or unreadable); "" before
    /// any data. When the provider measured it is json's `observed_at` and the tooltip's "measured".
    public var updated: String
    /// The age in words, "15 min"; "" before any data.
    public var age: String
    /// The air-quality source as the json `source` key spells it ("open-meteo", "airvisual:aqius").
    public var source: String
    /// The standard's category id ("moderate"), "unavailable" without an index: bars use it as a CSS class.
    public var categoryID: String
    /// Tooltip lines: every sub-index, the weather, the asthma risk and method, the time, the credits.
    public var details: [String]
    /// The units the strings above are in.
    public var units: Units
    /// The index's short name for a bar, one per standard: "US AQI", "CN AQI", "CN12 AQI",
    /// "IN AQI", "EAQI", "DAQI", "AQHI" (`Format.indexName`).
    public var indexName: String
    /// The index named in full for the full text and the tooltip: the standard's table
    /// revision when Breather computed it ("US EPA (2024)"), else what is known of a
    /// provider's own number ("US AQI as reported by IQAir").
    public var indexTitle: String
    /// The category as its publisher shortens it ("USG" for Unhealthy for Sensitive Groups);
    /// "" without an index.
    public var airQualityCategoryShort: String
    /// "low", "med", "high", "v.high"; "" without asthma data.
    public var asthmaRiskShort: String
    /// The data's age for a bar, "15m"; "" before any data.
    public var ageShort: String
    /// The worst hour of the coming 24 under this standard, "US AQI 152 Unhealthy at 18:00, PM2.5"
    /// (local time); "" when the source gave no forecast.
    public var forecastSummary: String
    /// The worst asthma risk of the next 24 hours, "high from 18:00" (local time); "" without an outlook.
    public var asthmaOutlook: String
    /// The coming hours' index under this standard, soonest first (json `forecast[]`); empty
    /// when the source gave no forecast.
    public var forecast: [ForecastHour]
    /// True (the default) for the compact bar text (`barTextCompact`), false for the long one
    /// (`barTextFull`): a controller flips it (a right click) and renders again, no fetch.
    public var isCompact = true
    /// Pollen now by species, highest level first (json `pollen[]`); empty without pollen data.
    public var pollen: [PollenCount] = []
    /// `{pollen}`: "grass 61 high, birch 12 low"; "no pollen data here" without data.
    public var pollenSummary = Format.noPollen
    /// `{pollen_top}`: "grass high"; "" without data or when nothing reaches "low".
    public var pollenTop = ""
    /// The UV index now, its WHO category and today's peak (json `uv`); nil without UV data.
    public var uv: UVReading?
    /// `{uv}`: "UV 8 very high, peak 9 at 13:00"; "" without UV data.
    public var uvSummary = ""
    /// The days ahead, the forecast crossings of `[alerts]` and the briefing (json `outlook`).
    public var outlook = Outlook.empty(at: Timestamp(timeIntervalSince1970: 0))
    /// The compact bar's pollen and UV parts, each only from its configured level up; "grass high*"
    /// when they are kept from an earlier fetch (`isDayAheadStale`) in a line that is not stale.
    public var compactDayAhead: [String] = []
    /// True when the pollen and UV shown were kept from an earlier fetch (the model that
    /// completes a sensor's reading failed): marked stale, never dropped (json `stale_parts`
    /// then lists `pollen` and `uv`).
    public var isDayAheadStale = false
    /// The index of the last 24 hours, one block an hour ("▁▂▃▄▅▆▇█"), from the history store;
    /// "" without two hours of history (or with history off).
    public var sparkline = ""
    /// "rising", "falling" or "steady" over the last 3 hours; "" when not known.
    public var trend = ""
    /// The bar's evening prompt (`[log] evening_prompt`): the tooltip's line saying why the
    /// day is worth logging, nil when the bar does not ask. Only the bar formats show it (a
    /// "log?" mark, the `log-prompt` class, this line); json, Prometheus and MQTT never do.
    public var logPrompt: String?
    /// `[bar] places = "all"`: every place's index, `⌂ 42 · ▣ 88`, the compact bar text
    /// instead of the one place's (`Output.allPlaces`); nil otherwise.
    public var placesLine: String?
    /// What to do now about the windows, held (`[advice] hold`); nil before any data.
    public var advice: Advice?
    /// The best hours outside in the next 24; nil without an hourly forecast.
    public var bestHours: BestHours?

    /// The numbers and ids behind the strings, as plain values (json, Prometheus, template raw values).
    public var data: OutputData
    /// The language of the strings above: English, except in the people's copy (`forPeople`).
    public var language: Language = .english
    /// True in a people's copy whose category names are the standard's own (`[display] native_names`).
    public var nativeNames = false
    /// The copy in the interface language, when it is not English; nil otherwise (`forPeople`).
    public var people: PeopleCopy?

    // The model values behind the output, for the view model's own consumers (alerts,
    // controllers); renderers read `data` and the strings above instead.
    /// The last good conditions, nil before any fetch succeeded.
    public var conditions: CityConditions?
    /// The index shown, nil when none could be had from the conditions.
    public var airQuality: AirQualityReport?
    /// The providers that failed in the latest refresh (empty after a full success).
    public var failures: [ProviderFailure]
    /// True when the conditions shown are old: the latest refresh failed, they outlived the stale
    /// limit, or the provider measured them too long ago.
    public var isStale: Bool
    /// Seconds since the data shown was fetched (`CityConditions.dataFetchedAt`), or since it was
    /// measured (`CityConditions.dataTime`) when that made the air stale (over 3 h); nil before any data.
    public var ageSeconds: Int?
    /// The parts shown from an earlier fetch because the latest one could not bring them
    /// (or grown too old): each is marked stale on its own, the others are fresh.
    public var staleParts: [ProviderFailure.Part] = []
    /// The parts the latest fetch asked for that failed with no earlier value to show: the
    /// weather of a model hung at first start beside a sensor's index. The bar marks them
    /// ("–°C") and fades (`isPartial`), so the line never looks complete. Empty otherwise.
    public var missingParts: [ProviderFailure.Part] = []
    /// What the run earned, for the one-shot's exit code, and the failure that decided it.
    public var status: RunStatus = .ok
    /// When each part shown was fetched, and when the indoor sensor took its reading (else
    /// the fetch): the alerts count each reading once, however often it is re-rendered.
    public var readAt = (parts: PartTimes(), indoor: Timestamp?.none)

    /// True once any conditions have been shown.
    public var hasData: Bool { data.place != nil }

    /// The `display` keys, in order (the `--template` placeholders before any data exists).
    public static let displayKeys = [
        "city", "aqi", "category", "main_pollutant", "temperature", "humidity", "pressure", "wind",
        "asthma_risk", "asthma_probability", "aqi_color", "temperature_color", "asthma_color", "standard",
        "loading", "error", "staleness", "condition", "icon", "updated", "age", "source", "category_id",
        "index_name", "category_short", "asthma_risk_short", "age_short", "forecast", "asthma_outlook",
        "index_title", "error_short", "retry", "sparkline", "trend",
        "indoor_aqi", "co2",
        "pollen", "pollen_top", "uv",
        "advice", "best_hours",
    ]

    /// The `display` object of the json output and the `--template` placeholders, in a stable order.
    public var displayFields: [(key: String, value: String)] {
        let values = [city, aqi, airQualityCategory, mainPollutant, temperature, humidity, pressure, wind,
                      asthmaRisk, asthmaProbability, aqiColor, temperatureColor, asthmaColor, standard.rawValue,
                      isLoading ? "true" : "false", error ?? "", staleness, condition, conditionIcon, updated, age,
                      source, categoryID, indexName, airQualityCategoryShort, asthmaRiskShort, ageShort,
                      forecastSummary, asthmaOutlook, indexTitle, errorShort ?? "", retry, sparkline, trend,
                      indoorAQI, co2,
                      pollenSummary, pollenTop, uvSummary,
                      advice?.line ?? "", bestHours?.summary ?? ""]
        return zip(Self.displayKeys, values).map { (key: $0, value: $1) }
    }

    /// Equal when every display string and every raw value is equal (the tuple list is not `Equatable` itself).
    public static func == (lhs: Output, rhs: Output) -> Bool {
        lhs.displayFields.elementsEqual(rhs.displayFields, by: { $0 == $1 })
            && lhs.conditions == rhs.conditions && lhs.airQuality == rhs.airQuality
            && lhs.failures == rhs.failures && lhs.isStale == rhs.isStale && lhs.ageSeconds == rhs.ageSeconds
            && lhs.staleParts == rhs.staleParts && lhs.status == rhs.status
            && lhs.forecast == rhs.forecast && lhs.isCompact == rhs.isCompact
            && lhs.data == rhs.data && lhs.retryAt == rhs.retryAt
            && lhs.pollen == rhs.pollen && lhs.uv == rhs.uv && lhs.compactDayAhead == rhs.compactDayAhead
            && lhs.isDayAheadStale == rhs.isDayAheadStale && lhs.missingParts == rhs.missingParts
            // The outlook's clock moves with every render; what it says is what counts.
            && lhs.outlook.days == rhs.outlook.days && lhs.outlook.warnings == rhs.outlook.warnings
            && lhs.outlook.briefing == rhs.outlook.briefing
            && lhs.advice == rhs.advice && lhs.bestHours == rhs.bestHours && lhs.logPrompt == rhs.logPrompt
    }
}

extension State {
    /// Renders the current state; pure apart from reading the clock through `environment`
    /// (the history's past hours come in as `recentIndices`).
    func render() -> Output {
        let conditions = self.conditions
        let latestFailures = conditions?.failures ?? failuresWithoutData
        let units = environment.units
        var report: AirQualityReport?
        var airError: String?
        if let pollution = conditions?.pollution {
            do { report = try pollution.report(for: standard) } catch { airError = Format.describe(error) }
        }
        let now = environment.now()
        let staleParts = conditions.map { partsShownStale($0, now: now, staleAfterSeconds: environment.staleAfterSeconds) } ?? []
        // Ages count from the fetch; from the measurement only when that made the air stale.
        let measuredLongAgo = conditions.map { isMeasuredLongAgo($0, now: now, staleAfterSeconds: environment.staleAfterSeconds) } ?? false
        let age = conditions.map { Self.ageSeconds(since: measuredLongAgo ? $0.dataTime : $0.dataFetchedAt, now: now) }
        // The line is stale when its main part is: the air reading, else the weather.
        let mainPart: ProviderFailure.Part = conditions?.pollution != nil ? .air : .weather
        let stale = staleParts.contains(mainPart)
        let missing = Format.unavailable
        let weather = conditions?.weather
        let icon = Format.conditionIcon(weather?.condition, environment.icons)
        let errors = pendingStandardNote.map { [$0] } ?? Format.errorTexts(latestFailures, airError: airError)
        // One line for json, templates and the log: "open-meteo air: HTTP 503; propeller asthma: timed out".
        let error = errors.isEmpty ? nil : errors.joined(separator: "; ")
        let localTime = environment.localTime
        // The air forecast as far as the outlook reads it (tomorrow's end, or the pre-alert's
        // reach), of which the first 24 hours are the forecast shown.
        let reach = max(Int(localTime.startOfDay(now, adding: 2).timeIntervalSince(now)), environment.alerts?.preAlertSeconds ?? 0,
                        Format.forecastWindowSeconds)
        let airHours = Format.forecast(conditions?.pollution, standard: standard, now: now, windowSeconds: reach)
        let forecast = airHours.filter { $0.time.timeIntervalSince(now) <= Double(Format.forecastWindowSeconds) }
        let pollen = PollenCount.ranked(conditions?.pollution?.pollen ?? [:])
        let dayAheadStale = conditions?.isDayAheadCarriedOver ?? false
        let uv = Format.uvReading(conditions?.pollution?.uv, localTime: localTime, now: now)
        let outlook = conditions == nil ? Outlook.empty(at: now) : Outlook.build(
            pollution: conditions?.pollution, asthma: conditions?.asthma, standard: standard, airHours: airHours,
            reachSeconds: reach, alerts: environment.alerts, localTime: localTime, now: now)
        let forecastSummary = Format.forecastSummary(forecast, standard: standard, localTime: localTime,
                                                     model: conditions?.pollution?.filledFrom.flatMap { _ in conditions?.pollution?.forecastSource })
        let asthmaOutlook = Format.asthmaOutlook(conditions?.asthma?.outlook, now: now, localTime: localTime)
        let retryAt = holdEnd(latestFailures)
        let holdLeft = retryAt.map { Format.seconds($0.timeIntervalSince(now).rounded(.up)) } ?? 0
        // A sensor that failed is asked again at the next sensor poll, the others at the next poll.
        let sensorFailed = Format.shownFailure(latestFailures).map(SensorMerge.isRetriedBySensorPoll) ?? false
        let (interval, since) = sensorFailed && environment.sensorPollSeconds != nil
            ? (environment.sensorPollSeconds, lastAttempt) : (environment.pollSeconds, lastPollAttempt)
        let nextPoll = interval.flatMap { poll in since.map { Format.seconds(Double(poll) - now.timeIntervalSince($0)) } }
        let nextAttempt = [nextPoll, environment.earlyRetry().map { Format.seconds($0.timeIntervalSince(now)) }].compactMap { $0 }.min()
        let errorShort = Format.shortError(latestFailures, airError: airError, source: conditions?.pollution?.source,
                                           retryInSeconds: holdLeft > 0 ? holdLeft : nextAttempt)
        let indexTitle = report.map { Format.indexTitle(standard, $0) } ?? standard.displayName
        let recent = recentIndices
        var output = Output(
            standard: standard,
            city: conditions.map { Format.city($0.location) } ?? missing,
            temperature: Format.temperature(conditions?.weather?.temperatureC, units),
            humidity: Format.percent(conditions?.weather?.humidity),
            pressure: Format.pressure(conditions?.weather?.pressureHPa, units),
            wind: Format.wind(conditions?.weather?.windSpeedMS, conditions?.weather?.windDirectionDeg, units),
            airQualityCategory: report.map { Format.categoryName($0.index.category, standard) } ?? missing,
            aqi: report.map { standard.displayValue($0.index.value) } ?? missing,
            mainPollutant: report.map { $0.index.mainPollutants.map(\.displayName).joined(separator: ", ") } ?? "",
            asthmaRisk: conditions?.asthma.map { Format.riskName($0.risk) } ?? missing,
            asthmaProbability: Format.probability(conditions?.asthma?.probability),
            aqiColor: report?.index.category.color ?? Format.neutralColor,
            temperatureColor: Format.temperatureColor(conditions?.weather?.temperatureC),
            asthmaColor: Format.asthmaColor(conditions?.asthma?.risk),
            isLoading: isLoading,
            error: error,
            errorShort: errorShort,
            retry: holdLeft > 0 ? Format.retryIn(holdLeft) : "",
            retryAt: holdLeft > 0 ? retryAt : nil,
            staleness: conditions == nil ? tr("never fetched") : !stale ? ""
                : (measuredLongAgo ? tr("stale, measured %s ago") : tr("stale, updated %s ago")).filled(Format.age(age ?? 0)),
            condition: [icon, Format.conditionName(weather?.condition)].filter { !$0.isEmpty }.joined(separator: " "),
            conditionIcon: icon,
            updated: conditions.map { localTime.dateTime($0.dataFetchedAt) } ?? "",
            age: age.map(Format.age) ?? "",
            source: report?.source ?? conditions?.pollution?.source ?? "",
            categoryID: report?.index.category.id ?? missing,
            details: Format.details(conditions: conditions, report: report, standard: standard, units: units,
                                    icons: environment.icons, ageSeconds: conditions.map { Self.ageSeconds(since: $0.dataFetchedAt, now: now) },
                                    stale: stale, errors: errors,
                                    forecast: forecastSummary, asthmaOutlook: asthmaOutlook, localTime: localTime,
                                    retry: holdLeft > 0 ? Format.retryIn(holdLeft) : "",
                                    retryIndex: pendingStandardNote == nil ? Self.heldIndex(latestFailures) : nil,
                                    dayAhead: conditions == nil ? [] : Format.dayAheadLines(pollen: pollen, uv: uv, outlook: outlook,
                                                                                            stale: dayAheadStale)),
            units: units,
            indexName: Format.indexName(standard),
            indexTitle: indexTitle,
            airQualityCategoryShort: report.map { Format.shortCategory(standard, $0.index.category) } ?? "",
            asthmaRiskShort: Format.shortRisk(conditions?.asthma?.risk),
            ageShort: age.map(Format.shortAge) ?? "",
            forecastSummary: forecastSummary,
            asthmaOutlook: asthmaOutlook,
            forecast: forecast,
            isCompact: isCompact,
            pollen: pollen,
            pollenSummary: Format.pollenSummary(pollen),
            pollenTop: Format.pollenTop(pollen),
            uv: uv,
            uvSummary: Format.uv(uv),
            outlook: outlook,
            compactDayAhead: Format.compactDayAhead(pollen: pollen, uv: uv, settings: environment.dayAhead)
                .map { dayAheadStale && !stale ? $0 + "*" : $0 },
            data: OutputData(conditions: conditions, report: report, failures: latestFailures, forecast: forecast,
                             localTime: localTime, standard: standard).with(pollen: pollen, uv: uv),
            conditions: conditions,
            airQuality: report,
            failures: latestFailures,
            isStale: stale,
            ageSeconds: age,
            staleParts: staleParts,
            status: RunStatus(conditions: conditions, report: report, failures: latestFailures, airError: airError))
        output.isDayAheadStale = dayAheadStale
        output.readAt = (conditions?.partsFetchedAt ?? PartTimes(), conditions.flatMap { held in held.indoor.map { $0.observedAt ?? held.fetchedAt } })
        if let conditions, conditions.weather == nil, conditions.failures.contains(where: { $0.part == .weather }) {
            output.missingParts = [.weather]
        }
        output.sparkline = Format.sparkline(recent)
        output.trend = Format.trend(recent)?.rawValue ?? ""
        output.logPrompt = logPrompt
        if !output.sparkline.isEmpty { output.details.append(Format.historyLine(output.sparkline, trend: output.trend)) }
        return output
    }
}
