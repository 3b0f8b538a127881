import BreatherModel

/// The numbers and ids behind the display strings, as plain values made by the view model:
/// what the machine formats (json, Prometheus, template raw values) print. A renderer reads
/// this and the display strings of `Output`, never the model's conditions. Times are RFC 3339
/// with the local offset (`LocalTime`).
public struct OutputData: Sendable, Equatable {
    /// The place: its name (nil when unnamed) and coordinates.
    public struct Place: Sendable, Equatable {
        /// The name people know it by, control characters removed; nil shows coordinates.
        public var name: String?
        /// Degrees north.
        public var latitude: Double
        /// Degrees east.
        public var longitude: Double
    }

    /// A ppb ↔ µg/m³ conversion made at the standard's reference temperature and pressure.
    public struct Conversion: Sendable, Equatable {
        /// The value as the provider gave it.
        public var fromValue: Double
        /// Its unit id (`ppb`, `ppm`, …).
        public var fromUnit: String
        /// Reference temperature in kelvin.
        public var temperatureK: Double
        /// Reference pressure in kPa.
        public var pressureKPa: Double
        /// µg/m³ per ppb at those conditions.
        public var microgramsPerPPB: Double
    }

    /// One pollutant's part of an index.
    public struct SubIndexValue: Sendable, Equatable {
        /// Pollutant id: `pm2_5 pm10 o3 no2 so2 co`.
        public var pollutant: String
        /// Its sub-index; nil for a summed index's term (AQHI), which has none.
        public var index: Int?
        /// The concentration indexed.
        public var concentration: Double
        /// Its unit id.
        public var unit: String
        /// The averaging period id (`1h`, `8h`, `24h`, `nowcast`, …).
        public var period: String
        /// The term this pollutant adds to a summed index (AQHI); nil elsewhere.
        public var contribution: Double?
        /// The unit conversion made, if any.
        public var conversion: Conversion?
        /// The provider of this pollutant's values (a sensor's particles beside the model's
        /// gases); nil in the calculator's output.
        public var source: String?

        init(_ sub: SubIndex) {
            pollutant = sub.pollutant.rawValue
            index = sub.contribution == nil ? sub.index : nil
            concentration = sub.concentration
            unit = sub.unit.rawValue
            period = sub.period.rawValue
            contribution = sub.contribution
            conversion = sub.conversion.map {
                Conversion(fromValue: $0.value, fromUnit: $0.unit.rawValue, temperatureK: $0.conditions.kelvin,
                           pressureKPa: $0.conditions.kilopascals, microgramsPerPPB: $0.microgramsPerPPB)
            }
        }
    }

    /// An index under one standard, with what set it.
    public struct AirQuality: Sendable, Equatable {
        /// The index value.
        public var aqi: Int
        /// The category's official name.
        public var category: String
        /// The category's id.
        public var categoryID: String
        /// Pollutant ids that set the index (empty when the standard names none).
        public var mainPollutants: [String]
        /// The category's colour, `#RRGGBB`.
        public var color: String
        /// Provider id, with the field for a provider-given index (`airvisual:aqius`).
        public var source: String
        /// True when Breather computed it from concentrations.
        public var computed: Bool
        /// Every pollutant's part.
        public var subIndices: [SubIndexValue]
        /// The standard's footnote rules that shaped the index, one sentence each.
        public var notes: [String]
        /// The air sources that failed before the one shown answered (empty when the first
        /// did); nil in the calculator's output.
        public var fallbackFrom: [String]?
        /// Why the PM2.5 in the index is a sensor's value as measured (`uncorrected (…)`); nil
        /// when it is corrected or no sensor's.
        public var uncorrected: String?

        /// The values of `report` (also the calculator's json output).
        public init(_ report: AirQualityReport) {
            let index = report.index
            aqi = index.value
            category = index.category.name
            categoryID = index.category.id
            mainPollutants = index.mainPollutants.map(\.rawValue)
            color = index.category.color
            source = report.source
            computed = report.computed
            subIndices = index.subIndices.map(SubIndexValue.init)
            notes = index.notes.map { Sanitized.line($0.text) }
            uncorrected = report.uncorrected.map(Sanitized.line)
        }
    }

    /// One standard's index from the same data (Prometheus exports them all).
    public struct StandardIndex: Sendable, Equatable {
        /// The standard's id (`us`, `china`, …).
        public var standard: String
        /// The index.
        public var airQuality: AirQuality
    }

    /// The weather's numbers.
    public struct WeatherValues: Sendable, Equatable {
        /// °C; nil when the provider gave none (likewise below).
        public var temperatureC: Double?
        /// Relative humidity, %.
        public var humidity: Double?
        /// hPa.
        public var pressureHPa: Double?
        /// m/s.
        public var windSpeedMS: Double?
        /// Degrees the wind blows from.
        public var windDirectionDeg: Double?
        /// `wmo:3` or `icon:10d`; nil when unknown.
        public var condition: String?
        /// The provider id.
        public var source: String
    }

    /// The asthma risk's ids and numbers.
    public struct AsthmaValues: Sendable, Equatable {
        /// Risk id: `low medium high very_high`.
        public var risk: String
        /// 0 low … 3 very high.
        public var level: Int
        /// 0…1, when the source gives one.
        public var probability: Double?
        /// The provider id.
        public var source: String
        /// The estimate's method, nil for a provider's own risk.
        public var method: String?
        /// The worst risk of the next 24 h (an id) and when it starts (RFC 3339); nil without a forecast.
        public var outlook: (risk: String, at: String)?

        /// Equal when every value is (the outlook tuple is not `Equatable` itself).
        public static func == (lhs: AsthmaValues, rhs: AsthmaValues) -> Bool {
            lhs.risk == rhs.risk && lhs.level == rhs.level && lhs.probability == rhs.probability && lhs.source == rhs.source
                && lhs.method == rhs.method && lhs.outlook?.risk == rhs.outlook?.risk && lhs.outlook?.at == rhs.outlook?.at
        }
    }

    /// One provider failure of the latest refresh.
    public struct ErrorValue: Sendable, Equatable {
        /// The provider id.
        public var provider: String
        /// `location air weather asthma`.
        public var part: String
        /// The failure kind id.
        public var kind: String
        /// One line, no URL, no control characters.
        public var message: String
        /// The provider's Retry-After, if any.
        public var retryAfterSeconds: Int?
    }

    /// One forecast hour's index.
    public struct ForecastValue: Sendable, Equatable {
        /// The start of the hour, RFC 3339 with the local offset.
        public var time: String
        /// The index that hour.
        public var airQuality: AirQuality
    }

    /// A credit a provider's terms require.
    public struct Credit: Sendable, Equatable {
        /// Who to credit.
        public var name: String
        /// Their link, if any.
        public var url: String?
    }

    /// The place; nil before any data.
    public var place: Place?
    /// The index shown; nil when none could be had.
    public var airQuality: AirQuality?
    /// True when air data is on hand (even if no index could be made of it).
    public var hasAirData: Bool
    /// The weather; nil when missing.
    public var weather: WeatherValues?
    /// The asthma risk; nil when missing.
    public var asthma: AsthmaValues?
    /// When the latest fetch ran, RFC 3339 with the local offset; nil before any data.
    public var updatedAt: String?
    /// The same instant in Unix seconds (Prometheus), nil before any data.
    public var updatedAtSeconds: Double?
    /// When the provider measured the air, RFC 3339 with the local offset; nil if it did not say.
    public var observedAt: String?
    /// The latest refresh's failures.
    public var errors: [ErrorValue]
    /// The coming hours' index under the standard shown, soonest first.
    public var forecast: [ForecastValue]
    /// Credits the air source's terms require.
    public var attributions: [Credit]
    /// The indoor sensor's values; nil without one (`[sources] indoor`).
    public var indoor: IndoorValues?
    /// Pollen now by species, highest level first; empty without pollen data (never zeros).
    public var pollen: [PollenValue] = []
    /// UV now and today's peak; nil without UV data.
    public var uv: UVValues?
    /// The air data, kept only so `indicesByStandard` can be worked out when asked.
    let pollution: Pollution?

    /// Every standard's index from the same data; empty without air data. Worked out when
    /// asked, not on every render: seven indices each time were 4 % of a fetching run's
    /// instructions, for the one view (Prometheus) that uses them.
    public var indicesByStandard: [StandardIndex] {
        guard let pollution else { return [] }
        return AQIStandard.allCases.compactMap { standard in
            (try? pollution.report(for: standard)).map { StandardIndex(standard: standard.rawValue, airQuality: AirQuality($0)) }
        }
    }

    /// The latest hour's concentration of `pollutant` in the air reading shown (a sensor's
    /// particles, completed by the model's gases, when a sensor answered), µg/m³; nil without
    /// one. What the MQTT entities and the personal thresholds read, as the index shown does.
    public func latest(_ pollutant: Pollutant) -> Double? {
        pollution?.hourly?.latest(pollutant)
    }

    /// Equal when every value is equal.
    public static func == (lhs: OutputData, rhs: OutputData) -> Bool {
        lhs.place == rhs.place && lhs.airQuality == rhs.airQuality && lhs.hasAirData == rhs.hasAirData
            && lhs.weather == rhs.weather && lhs.asthma == rhs.asthma && lhs.updatedAt == rhs.updatedAt
            && lhs.updatedAtSeconds == rhs.updatedAtSeconds && lhs.observedAt == rhs.observedAt && lhs.errors == rhs.errors
            && lhs.forecast == rhs.forecast && lhs.attributions == rhs.attributions && lhs.pollution == rhs.pollution
            && lhs.indoor == rhs.indoor && lhs.pollen == rhs.pollen && lhs.uv == rhs.uv
    }
}

extension OutputData {
    /// The snapshot of `conditions` under the index `report`, with times in `localTime`.
    init(conditions: CityConditions?, report: AirQualityReport?, failures: [ProviderFailure],
         forecast: [ForecastHour], localTime: LocalTime, standard: AQIStandard) {
        place = conditions.map { Place(name: $0.location.name, latitude: $0.location.latitude,
                                       longitude: $0.location.longitude) }
        airQuality = report.map(AirQuality.init)
        if let pollution = conditions?.pollution, var air = airQuality {
            for i in air.subIndices.indices {
                air.subIndices[i].source = Pollutant(rawValue: air.subIndices[i].pollutant).map(pollution.source(of:)) ?? pollution.source
            }
            air.fallbackFrom = conditions?.airFallbackFrom
            airQuality = air
        }
        hasAirData = conditions?.pollution != nil
        weather = conditions?.weather.map { weather in
            let condition: String? = switch weather.condition {
            case .wmo(let code): "wmo:\(code)"
            case .icon(let icon): "icon:\(Sanitized.line(icon))"
            case nil: nil
            }
            return WeatherValues(temperatureC: weather.temperatureC, humidity: weather.humidity, pressureHPa: weather.pressureHPa,
                                 windSpeedMS: weather.windSpeedMS, windDirectionDeg: weather.windDirectionDeg,
                                 condition: condition, source: weather.source)
        }
        asthma = conditions?.asthma.map { asthma in
            AsthmaValues(risk: asthma.risk.rawValue, level: asthma.risk.rank, probability: asthma.probability,
                         source: asthma.source, method: asthma.method,
                         outlook: asthma.outlook.map { (risk: $0.risk.rawValue, at: localTime.rfc3339($0.at)) })
        }
        updatedAt = conditions.map { localTime.rfc3339($0.fetchedAt) }
        updatedAtSeconds = conditions.map { $0.fetchedAt.timeIntervalSince1970.rounded(.down) }
        observedAt = conditions?.pollution?.observedAt.map(localTime.rfc3339)
        errors = failures.map {
            ErrorValue(provider: $0.provider, part: $0.part.rawValue, kind: $0.kind.rawValue, message: Format.withoutURLs($0.message),
                       retryAfterSeconds: $0.retryAfterSeconds)
        }
        self.forecast = forecast.map {
            ForecastValue(time: localTime.rfc3339($0.time),
                          airQuality: AirQuality(AirQualityReport(index: $0.index, computed: true,
                                                                  source: conditions?.pollution?.forecastSource ?? report?.source ?? "")))
        }
        attributions = (conditions?.pollution?.attributions ?? []).map { Credit(name: Sanitized.line($0.name), url: $0.url) }
        pollution = conditions?.pollution
        indoor = Self.indoor(conditions, standard: standard, localTime: localTime)
    }
}
